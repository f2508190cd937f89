/** Prices as people read them (in the browser's language: "1,49 $" in German), and sums in whole cents so that 0.1 + 0.2 stays 0.30. */
import type { Price } from '../contract/wire.ts';
import { uiLocale } from '../i18n/intl.ts';

const formatters = new Map<string, Intl.NumberFormat>();

export function formatMoney(price: Price): string {
  const locale = uiLocale();
  let formatter = formatters.get(`${locale} ${price.currency}`);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency: price.currency });
    formatters.set(`${locale} ${price.currency}`, formatter);
  }
  return formatter.format(price.value);
}

export const toCents = (value: number) => Math.round(value * 100);
export const fromCents = (cents: number) => cents / 100;
