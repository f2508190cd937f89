/** Prices as people read them, and sums in whole cents so that 0.1 + 0.2 stays 0.30. */
import type { Price } from '../contract/wire.ts';

const formatters = new Map<string, Intl.NumberFormat>();

export function formatMoney(price: Price): string {
  let formatter = formatters.get(price.currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: price.currency });
    formatters.set(price.currency, formatter);
  }
  return formatter.format(price.value);
}

export const toCents = (value: number) => Math.round(value * 100);
export const fromCents = (cents: number) => cents / 100;
