/**
 * The page's prices in the DJ's language. The first price of a language and currency is written by
 * Intl, and how Intl wrote it is kept in storage.local (moneyPatterns): every later page writes
 * its prices from that pattern, without the first `Intl.NumberFormat` of its renderer process
 * (25 to 126 ms of ICU loading, measured in docs/benchmarks.md). Where a locale has no pattern
 * (lib/i18n/money-pattern.ts), Intl writes every price.
 */
import { browser } from 'wxt/browser';
import type { Price } from '../contract/wire.ts';
import { moneyFormat, uiLocale } from '../i18n/intl.ts';
import { isMoneyPattern, moneyPatternOf, writeWithPattern } from '../i18n/money-pattern.ts';
import { type MoneyPatterns, moneyPatternsKey } from '../storage/money-patterns.ts';

let known: MoneyPatterns = {};
const noPattern = new Set<string>();

/** The patterns storage.local holds, read with the page's other keys (page-storage.ts). */
export function knowMoneyPatterns(stored: unknown): void {
  known = {};
  if (typeof stored !== 'object' || stored === null) return;
  for (const [key, pattern] of Object.entries(stored)) if (isMoneyPattern(pattern)) known[key] = pattern;
}

/** A price as the DJ's language writes it; throws for a currency Intl does not know. */
export function pagePrice(price: Price): string {
  const key = `${uiLocale()} ${price.currency}`;
  const pattern = known[key];
  if (pattern) return writeWithPattern(pattern, price.value);
  const format = moneyFormat(uiLocale(), price.currency);
  if (!noPattern.has(key)) {
    const found = moneyPatternOf(format);
    if (found) {
      known = { ...known, [key]: found };
      // Once per language and currency, for the pages after this one.
      void browser.storage.local.set({ [moneyPatternsKey]: known }).catch(() => {});
    } else noPattern.add(key);
  }
  return format.format(price.value);
}
