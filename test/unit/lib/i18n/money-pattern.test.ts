/**
 * A price written from a pattern reads exactly as `Intl.NumberFormat` writes it, for every amount a
 * store asks, in the languages Crate speaks and others; a locale the pattern cannot say has none.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMoneyPattern, moneyPatternOf, writeWithPattern } from '../../../../lib/i18n/money-pattern.ts';

const currencyFormat = (locale: string, currency: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency });

describe('a price written from its pattern', () => {
  it.each([
    ['en', 'USD', 1.49, '$1.49'],
    ['de', 'USD', 1.49, '1,49 $'],
    ['es', 'USD', 1.49, '1,49 US$'],
    ['de', 'EUR', 1234.5, '1.234,50 €'],
    ['es', 'EUR', 1234.5, '1234,50 €'],
    ['es', 'EUR', 12345.5, '12.345,50 €'],
    ['ja', 'JPY', 1500, '￥1,500'],
  ])('%s %s %d reads %s', (locale, currency, value, text) => {
    const format = currencyFormat(locale, currency);
    const pattern = moneyPatternOf(format);
    expect(pattern && isMoneyPattern(pattern)).toBe(true);
    expect(writeWithPattern(pattern as NonNullable<typeof pattern>, value)).toBe(format.format(value));
    expect(format.format(value).replace(/\s/g, ' ')).toBe(text.replace(/\s/g, ' '));
  });

  it('reads as Intl writes it, for any amount in cents, in many locales and currencies', () => {
    const locales = ['en', 'de', 'es', 'en-GB', 'fr', 'nl', 'pt-BR', 'ja', 'de-CH', 'sv'];
    const currencies = ['USD', 'EUR', 'GBP', 'JPY', 'CHF', 'SEK'];
    fc.assert(
      fc.property(
        fc.constantFrom(...locales),
        fc.constantFrom(...currencies),
        fc.integer({ min: 0, max: 10_000_000 }),
        (locale, currency, cents) => {
          const format = currencyFormat(locale, currency);
          const pattern = moneyPatternOf(format);
          if (pattern === null) return;
          expect(writeWithPattern(pattern, cents / 100)).toBe(format.format(cents / 100));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('has no pattern where the grouping is not in threes', () => {
    expect(moneyPatternOf(currencyFormat('en-IN', 'INR'))).toBeNull();
  });

  it('refuses a stored value that is not a pattern', () => {
    expect(
      isMoneyPattern({ before: '$', after: '', decimal: '.', group: ',', groupFrom: 3, fractionDigits: 2 }),
    ).toBe(false);
    expect(isMoneyPattern('$')).toBe(false);
  });
});
