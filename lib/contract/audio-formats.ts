/**
 * Format ids (contract.md). The store decides which formats it sells (its audio_formats table,
 * declared on every catalog item and cart answer: issue #49); this list is only the formats the
 * demo store has always sold, in the order people see them, for data stored before the store
 * declared its list. Its own file, free of zod, so the content script and the popup's first
 * paint can import it; lib/contract/wire.ts builds its schema from the pattern.
 */
export const audioFormats = ['mp3', 'wav', 'aiff'] as const;
/** A format id; open-ended, checked against the store's list where it enters. */
export type AudioFormat = string;

/** What a format id looks like: 1 to 16 lower-case letters and digits ("mp3", "flac", "ogg"). */
export const audioFormatPattern = /^[a-z0-9]{1,16}$/;

/** A store's own list of the formats it sells, or ours when it gave none. */
export const soldOrKnown = (listed: readonly AudioFormat[]): readonly AudioFormat[] =>
  listed.length > 0 ? listed : audioFormats;

const formatRank = (format: AudioFormat) => {
  const known = (audioFormats as readonly string[]).indexOf(format);
  return known === -1 ? audioFormats.length : known;
};

/** Formats in the order people see them: MP3, WAV, AIFF, then any a store added, by name. */
export const inFormatOrder = (formats: Iterable<AudioFormat>): AudioFormat[] =>
  [...new Set(formats)].sort((a, b) => formatRank(a) - formatRank(b) || a.localeCompare(b));

export const isAudioFormat = (value: unknown): value is AudioFormat =>
  typeof value === 'string' && audioFormatPattern.test(value);

/** Labels that are not just the id upper-cased; any other format reads as its id upper-cased. */
const formatLabels: Readonly<Record<string, string>> = { mp3: 'MP3', wav: 'WAV', aiff: 'AIFF', flac: 'FLAC' };

/** A format as people read it: "MP3", "AIFF", and "OGG" for one Crate has never heard of. */
export const formatLabel = (format: AudioFormat) => formatLabels[format] ?? format.toUpperCase();

/**
 * Store pages mark each price element (`.price`, showing the MP3 price in the store's own words)
 * with the item's price in every format as a plain amount, and its currency:
 * `data-price-mp3="1.49" data-price-wav="2.49" data-price-aiff="2.49" data-currency="USD"`. The
 * content script shows them on its format buttons, written in the DJ's language ("1,49 $"),
 * without asking anyone (contract.md section 8, page markup).
 */
export const formatPriceAttribute = (format: AudioFormat) => `data-price-${format}`;

/** The format a price attribute names (`data-price-ogg`: "ogg"), or null for any other attribute. */
export function formatOfPriceAttribute(name: string): AudioFormat | null {
  const format = name.startsWith('data-price-') ? name.slice('data-price-'.length) : '';
  return audioFormatPattern.test(format) ? format : null;
}
export const priceCurrencyAttribute = 'data-currency';
