/**
 * The formats the store sells (contract.md), in the order people see them. Its own file, free of
 * zod, so the content script and the popup's first paint can import it; lib/contract/wire.ts
 * builds its schema from it and the store service checks requests against it.
 */
export const audioFormats = ['mp3', 'wav', 'aiff'] as const;
export type AudioFormat = (typeof audioFormats)[number];

export const isAudioFormat = (value: unknown): value is AudioFormat =>
  audioFormats.includes(value as AudioFormat);

/**
 * Store pages mark each price element (`.price`, the MP3 price) with the item's price in each
 * other format, as the store writes prices: `data-price-wav="$2.49"`. The content script shows
 * them on its format buttons without asking anyone (contract.md section 8, page markup).
 */
export const formatPriceAttribute = (format: Exclude<AudioFormat, 'mp3'>) => `data-price-${format}`;
