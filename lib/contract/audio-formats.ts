/**
 * The formats the store sells (contract.md), in the order people see them. Its own file, free of
 * zod, so the content script and the popup's first paint can import it; lib/contract/wire.ts
 * builds its schema from it and the store service checks requests against it.
 */
export const audioFormats = ['mp3', 'wav', 'aiff'] as const;
export type AudioFormat = (typeof audioFormats)[number];

export const isAudioFormat = (value: unknown): value is AudioFormat =>
  audioFormats.includes(value as AudioFormat);

/** A format as people read it: "MP3", "WAV", "AIFF". */
export const formatLabel = (format: AudioFormat) => format.toUpperCase();

/**
 * Store pages mark each price element (`.price`, showing the MP3 price in the store's own words)
 * with the item's price in every format as a plain amount, and its currency:
 * `data-price-mp3="1.49" data-price-wav="2.49" data-price-aiff="2.49" data-currency="USD"`. The
 * content script shows them on its format buttons, written in the DJ's language ("1,49 $"),
 * without asking anyone (contract.md section 8, page markup).
 */
export const formatPriceAttribute = (format: AudioFormat) => `data-price-${format}`;
export const priceCurrencyAttribute = 'data-currency';
