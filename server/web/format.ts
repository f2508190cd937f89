import { formatLabel } from '../../lib/contract/audio-formats.ts';
import type { Price, SoldFormat } from '../../lib/contract/wire.ts';

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

/** "A, B or C" in the site's English. */
const orList = (words: readonly string[]) =>
  words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;

/**
 * What each format the store sells costs beside the item's price, from its list (docs/api.md):
 * "MP3; WAV, AIFF or FLAC +$1.00; OGG +$0.50".
 */
export function formatsHint(formats: readonly SoldFormat[], price: Price): string {
  const byExtra = new Map<number, string[]>();
  for (const sold of formats) {
    const extraCents = Math.round((sold.price.value - price.value) * 100);
    byExtra.set(extraCents, [...(byExtra.get(extraCents) ?? []), formatLabel(sold.format)]);
  }
  return [...byExtra]
    .map(([extraCents, labels]) =>
      extraCents === 0
        ? orList(labels)
        : `${orList(labels)} +${formatPrice({ value: extraCents / 100, currency: price.currency })}`,
    )
    .join('; ');
}
