import type { Price } from '../../lib/contract/wire.ts';

/** Display formats shared by the server-rendered pages and the client script's rows. */

const currencyFormats = new Map<string, Intl.NumberFormat>();

export function formatPrice({ value, currency }: Price): string {
  let format = currencyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    currencyFormats.set(currency, format);
  }
  return format.format(value);
}

/** 372000 -> "6:12", as DJ stores show track lengths. */
export function formatLength(lengthMs: number): string {
  const seconds = Math.round(lengthMs / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2024-03-01" -> "1 Mar 2024"; the catalog's dates are calendar days, so they are read as UTC. */
export function formatDate(isoDate: string): string {
  const date = new Date(isoDate.length === 10 ? `${isoDate}T00:00:00Z` : isoDate);
  return Number.isNaN(date.getTime()) ? isoDate : dateFormat.format(date);
}

export const formatCount = (count: number) => count.toLocaleString('en-US');
