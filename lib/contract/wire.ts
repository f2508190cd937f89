/**
 * The store API's wire types (store-api.md, with contract.md fixing what it leaves open).
 * One schema for both sides: the store service builds these shapes, the extension parses them.
 */
import { z } from 'zod';
import { audioFormatPattern } from './audio-formats.ts';

/**
 * A format id. Open-ended (issue #49): the store's own list decides which are sold, and each side
 * checks an id against that list where it enters, not against one compiled in here.
 */
export const AudioFormat = z
  .string()
  .regex(audioFormatPattern, 'must be a format id: 1 to 16 lower-case letters and digits');
export type AudioFormat = z.infer<typeof AudioFormat>;

export const ItemType = z.enum(['track', 'release']);
export type ItemType = z.infer<typeof ItemType>;

export const Price = z.object({ value: z.number(), currency: z.string() });
export type Price = z.infer<typeof Price>;

export const Ref = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
export type Ref = z.infer<typeof Ref>;

export const ArtistRef = Ref.extend({ role: z.enum(['artist', 'remixer']) });
export type ArtistRef = z.infer<typeof ArtistRef>;

export const AudioFormatFee = z.object({ wav: Price, aiff: Price });
export type AudioFormatFee = z.infer<typeof AudioFormatFee>;

/**
 * One format an item is sold in and its whole price in it (fee included). The store's own list
 * (its audio_formats table) decides which ids occur; the id is open-ended, so a client shows an
 * id it has never heard of rather than refusing the record.
 */
export const SoldFormat = z.object({
  format: AudioFormat.describe('Format id, e.g. "mp3"; the list is open-ended.'),
  price: Price,
});
export type SoldFormat = z.infer<typeof SoldFormat>;
// Optional so that records cached before the store declared its formats still parse.
const soldFormats = z
  .array(SoldFormat)
  .optional()
  .describe('The formats this item is sold in, in the order people see them, each with its whole price.');

/** What an item's format fees are read from: its fee record and, where the store declares them, its formats' whole prices. */
export interface FormatPrices {
  fee: AudioFormatFee;
  formats?: readonly SoldFormat[] | undefined;
}

/**
 * A format's extra cost on an item over its MP3 price: none for MP3; the format's whole price less
 * the MP3's when the item's `formats` lists both (so FLAC's, and any format a store added, are
 * known); else the fee record's, which names WAV and AIFF only; undefined when neither says.
 */
export function feeIn({ fee, formats }: FormatPrices, format: AudioFormat): Price | undefined {
  if (format === 'mp3') return { value: 0, currency: fee.wav.currency };
  const whole = (id: AudioFormat) => formats?.find((sold) => sold.format === id)?.price;
  const sold = whole(format);
  const mp3 = whole('mp3');
  if (sold && mp3 && sold.currency === mp3.currency)
    return { value: Math.round((sold.value - mp3.value) * 100) / 100, currency: sold.currency };
  return (fee as Partial<Record<string, Price>>)[format];
}

/** Cover art (contract.md section 5): a JPEG of at least 500x500 on the store's origin. */
export const Image = z.object({ uri: z.string(), width: z.number().int(), height: z.number().int() });
export type Image = z.infer<typeof Image>;
// The store always sends `image`; optional so that records cached before it, and stores without art, still parse.
const optionalImage = Image.optional().describe("The release's cover art (a track carries its release's).");

export const Track = z.object({
  id: z.number().int(),
  type: z.literal('track'),
  name: z.string(),
  mixName: z.string(),
  slug: z.string(),
  artists: z.array(ArtistRef),
  remixers: z.array(ArtistRef),
  genre: Ref,
  label: Ref,
  release: Ref,
  bpm: z.number().int(),
  key: z.string(),
  lengthMs: z.number().int(),
  isrc: z.string(),
  publishDate: z.string(),
  saleType: z.enum(['purchase', 'promotion']),
  price: Price,
  audioFormatFee: AudioFormatFee,
  formats: soldFormats,
  sampleUrl: z.string(),
  image: optionalImage,
});
export type Track = z.infer<typeof Track>;

export const Release = z.object({
  id: z.number().int(),
  type: z.literal('release'),
  name: z.string(),
  slug: z.string(),
  artists: z.array(ArtistRef),
  remixers: z.array(ArtistRef),
  genre: Ref,
  label: Ref,
  catalogNumber: z.string(),
  publishDate: z.string(),
  trackIds: z.array(z.number().int()),
  price: Price,
  audioFormatFee: AudioFormatFee,
  formats: soldFormats,
  image: optionalImage,
});
export type Release = z.infer<typeof Release>;

const Genre = Ref;
const Label = Ref;
export const Chart = Ref.extend({
  genre: Ref.nullable(),
  curator: Ref.nullable(),
  publishDate: z.string(),
  trackCount: z.number().int(),
});
export type Chart = z.infer<typeof Chart>;

/** Artist record of the artist catalog (contract.md section 6). */
export const Artist = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  lastPublishDate: z.string().nullable(),
  genres: z.array(z.object({ id: z.number().int(), name: z.string() })),
  trackCount: z.number().int(),
});
export type Artist = z.infer<typeof Artist>;

// ---- Cart (contract.md section 4) ----

export const CartItemRef = z.strictObject({ id: z.number().int().positive(), type: ItemType });
export const CartItemInput = CartItemRef.extend({ audioFormat: AudioFormat });
export type CartItemInput = z.infer<typeof CartItemInput>;

export const CartItem = z.object({
  id: z.number().int(),
  type: ItemType,
  audioFormat: AudioFormat,
  name: z.string(),
  artists: z.array(ArtistRef),
  price: Price,
});

/**
 * A named cart once paid: its name, when it was last bought from and its items in the cart's
 * order (GET /order/1/crates, docs/api.md), so it stays a crate on every computer.
 */
export const PurchasedCrate = z.object({
  name: z.string(),
  purchasedAt: z.string(),
  items: z.array(CartItem),
});
export type PurchasedCrate = z.infer<typeof PurchasedCrate>;
export type CartItem = z.infer<typeof CartItem>;

export const CartCounts = z.object({
  items: z.number().int(),
  tracks: z.number().int(),
  releases: z.number().int(),
});

export const CartSummary = z.object({ name: z.string(), counts: CartCounts, total: Price });
export type CartSummary = z.infer<typeof CartSummary>;

export const Cart = CartSummary.extend({ items: z.array(CartItem) });
export type Cart = z.infer<typeof Cart>;

export const warningCodes = [
  'alreadyPurchased',
  'notFound',
  'notPurchasable',
  'alreadyInCart',
  'notInCart',
] as const;
export const CartWarning = z.object({
  id: z.number().int(),
  type: ItemType,
  code: z.enum(warningCodes),
  message: z.string(),
});
export type CartWarning = z.infer<typeof CartWarning>;

export const CartAddResult = z.object({
  added: z.array(CartItem),
  warnings: z.array(CartWarning),
  cart: CartSummary,
});
export type CartAddResult = z.infer<typeof CartAddResult>;

export const CartChangeResult = z.object({ warnings: z.array(CartWarning), cart: CartSummary });
export type CartChangeResult = z.infer<typeof CartChangeResult>;

// ---- Downloads (contract.md section 7) ----

export const LibraryEntry = z.object({
  id: z.number().int(),
  type: z.literal('track'),
  track: Track,
  audioFormat: AudioFormat,
  // "re-download": downloaded before, its last link has expired (contract.md section 7).
  status: z.enum(['available', 'downloaded', 're-download']),
  purchasedAt: z.string(),
  lastInitiatedAt: z.string().nullable(),
});
export type LibraryEntry = z.infer<typeof LibraryEntry>;

export const DownloadLink = z.object({
  downloadId: z.number().int(),
  url: z.string(),
  filename: z.string(),
  expiresAt: z.string(),
});
export type DownloadLink = z.infer<typeof DownloadLink>;

// ---- Envelope ----

export const PagingMetadata = z.object({
  page: z.number().int(),
  perPage: z.number().int(),
  count: z.number().int(),
  totalPages: z.number().int(),
});
export type PagingMetadata = z.infer<typeof PagingMetadata>;

export const ErrorMetadata = z.object({
  error: z.string(),
  message: z.string(),
  parameter: z.string().optional(),
});
export type ErrorMetadata = z.infer<typeof ErrorMetadata>;

export const envelopeOf = <R extends z.ZodType, M extends z.ZodType = z.ZodRecord<z.ZodString, z.ZodUnknown>>(
  results: R,
  metadata?: M,
) => z.object({ metadata: (metadata ?? z.record(z.string(), z.unknown())) as M, results });

export const ErrorEnvelope = envelopeOf(z.null(), ErrorMetadata);

export const FacetValue = z.object({ name: z.string(), count: z.number().int() });
export const ArtistCatalogMetadata = PagingMetadata.extend({
  facets: z.object({ fields: z.record(z.string(), z.array(FacetValue)) }).optional(),
});

// ---- Catalog detail pages (contract.md section 5) ----

export const catalogPages = {
  home: z.object({
    featuredReleases: z.array(Release),
    newReleases: z.array(Release),
    topTracks: z.array(Track),
    genres: z.array(Genre),
  }),
  genre: z.object({
    genre: Genre,
    topTracks: z.array(Track),
    newReleases: z.array(Release),
    charts: z.array(Chart),
  }),
  label: z.object({ label: Label, releases: z.array(Release), topTracks: z.array(Track) }),
  artist: z.object({ artist: Artist, releases: z.array(Release), topTracks: z.array(Track) }),
  chart: z.object({ chart: Chart, tracks: z.array(Track) }),
  'chart-overview': z.object({ charts: z.array(Chart) }),
  release: z.object({ release: Release, tracks: z.array(Track) }),
  track: z.object({ track: Track, release: Release }),
} as const;
export type CatalogPage = keyof typeof catalogPages;
export type CatalogPageResults<P extends CatalogPage> = z.infer<(typeof catalogPages)[P]>;
