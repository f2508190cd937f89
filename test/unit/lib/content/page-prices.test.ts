/**
 * The page's prices: the first of a language and currency written by Intl and its pattern kept in
 * storage.local; the next page writes the same text from the pattern, without Intl.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { knowMoneyPatterns, pagePrice } from '../../../../lib/content/page-prices.ts';
import { moneyPatternOf } from '../../../../lib/i18n/money-pattern.ts';
import { moneyPatternsItem } from '../../../../lib/storage/items.ts';

beforeEach(() => {
  fakeBrowser.reset();
  knowMoneyPatterns(undefined);
});
afterEach(() => vi.restoreAllMocks());

describe("a page's prices", () => {
  it('writes the first with Intl and keeps how; a later page writes the same without Intl', async () => {
    const first = pagePrice({ value: 1234.5, currency: 'EUR' });
    expect(first).toBe(new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(1234.5));
    await vi.waitFor(async () => expect(await moneyPatternsItem.getValue()).toHaveProperty(['en EUR']));

    // The next page: a new content script reads the stored patterns at start, here one for a
    // currency this module has never made an Intl format for.
    const pound = moneyPatternOf(new Intl.NumberFormat('en', { style: 'currency', currency: 'GBP' }));
    await moneyPatternsItem.setValue({
      ...(await moneyPatternsItem.getValue()),
      'en GBP': pound ?? undefined,
    });
    knowMoneyPatterns(await moneyPatternsItem.getValue());
    const made = vi.spyOn(Intl, 'NumberFormat');
    const written = [
      pagePrice({ value: 1234.5, currency: 'GBP' }),
      pagePrice({ value: 0.99, currency: 'GBP' }),
    ];
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
    expect(written).toEqual(['£1,234.50', '£0.99']);
  });

  it('leaves out a stored pattern that is not one, and writes with Intl', () => {
    knowMoneyPatterns({ 'en USD': { before: 'US', after: '', decimal: '.', group: ',', groupFrom: 9 } });
    expect(pagePrice({ value: 1.49, currency: 'USD' })).toBe('$1.49');
  });
});
