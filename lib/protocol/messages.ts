/**
 * The one messaging protocol between the extension's pages (popup, options), content scripts and
 * the background worker: each kind names who may send it, the payload's shape and the reply's
 * shape. The background parses both sides with these schemas and refuses anything else.
 */
import { z } from 'zod';
import { isCartName } from '../contract/cart-name.ts';
import { maxPerPage } from '../contract/paging.ts';
import { TrackAnalysis, WaveformDetail } from '../contract/track-analysis.ts';
import { TracklistLineMatch } from '../contract/tracklist-match.ts';
import {
  Artist,
  AudioFormat,
  AudioFormatFee,
  Cart,
  CartAddResult,
  CartChangeResult,
  CartItem,
  CartItemInput,
  CartItemRef,
  DownloadLink,
  FacetValue,
  Image,
  ItemType,
  LibraryEntry,
  PagingMetadata,
  Price,
  PurchasedCrate,
  Release,
  SoldFormat,
  warningCodes,
} from '../contract/wire.ts';
import { CrateFile } from './crate-file.ts';
import { channel } from './envelope.ts';

/**
 * Who sent a message, as the browser reports it (never as the message claims):
 * - extensionPage: the popup or options page, from the extension's own origin;
 * - storeContentScript: our content script, in the top frame of a tab on the configured store.
 */
export type SenderRole = 'extensionPage' | 'storeContentScript';

const pagesOnly: readonly SenderRole[] = ['extensionPage'];
const pagesAndStore: readonly SenderRole[] = ['extensionPage', 'storeContentScript'];

/** lib/contract/cart-name.ts, the store's own rule. */
const CartName = z.string().refine(isCartName, 'Not a cart name the store accepts.');
const CartTarget = { name: CartName.optional() };
const NoPayload = z.strictObject({});

export const AuthState = z.object({
  signedIn: z.boolean(),
  username: z.string().nullable(),
  storeUrl: z.string(),
  /** Null when the store answered; otherwise why it could not be reached. */
  storeProblem: z.string().nullable(),
  /** Why the person was signed out, when it was not their choice. */
  notice: z.string().nullable(),
});
export type AuthState = z.infer<typeof AuthState>;

export const CartView = z.object({ cart: Cart, audioFormats: z.array(z.string()) });

export const CartChoice = z.object({ current: z.string(), names: z.array(z.string()) });
export type CartChoice = z.infer<typeof CartChoice>;

const PageQuery = { page: z.number().int().min(1), perPage: z.number().int().min(1).max(maxPerPage) };

export const LibraryPage = z.object({ results: z.array(LibraryEntry), paging: PagingMetadata });
export type LibraryPage = z.infer<typeof LibraryPage>;

/** A download the browser was asked to save: `browserDownloadId` is downloads.download's id. */
export const SavedDownload = z.object({
  downloadId: z.number().int(),
  filename: z.string(),
  browserDownloadId: z.number().int(),
});
export type SavedDownload = z.infer<typeof SavedDownload>;

export const ArtistSearch = z.strictObject({
  ...PageQuery,
  /** Part of the artist's name (the store's `search` parameter). */
  search: z.string().max(200).optional(),
  genreName: z.string().min(1).max(200).optional(),
  sort: z.enum(['latestRelease', 'name']),
});
export type ArtistSearch = z.infer<typeof ArtistSearch>;

export const ArtistResults = z.object({
  results: z.array(Artist),
  paging: PagingMetadata,
  /** Genre facet over the filtered set, highest count first. */
  genres: z.array(FacetValue),
});
export type ArtistResults = z.infer<typeof ArtistResults>;

/**
 * Why an import added nothing, as facts the popup words in the DJ's language: an empty crate, ids
 * the store does not know (the first five named), a cart it would take past the store's limit, or
 * the store's refusal of the first add (its sentence, already in the DJ's language).
 */
export const CrateImportProblem = z.discriminatedUnion('code', [
  z.object({ code: z.literal('empty') }),
  z.object({
    code: z.literal('unknownItems'),
    count: z.number().int(),
    named: z.array(z.object({ id: z.number().int(), type: ItemType })),
  }),
  z.object({
    code: z.literal('cartFull'),
    cartName: z.string(),
    holds: z.number().int(),
    wouldHold: z.number().int(),
    limit: z.number().int(),
  }),
  z.object({ code: z.literal('refused'), reason: z.string() }),
]);
export type CrateImportProblem = z.infer<typeof CrateImportProblem>;

/** What an import did: the items added, and those skipped with the store's warning code; or why nothing was. */
export const CrateImportResult = z.union([
  z.object({
    imported: z.literal(true),
    added: z.array(CartItem),
    skipped: z.array(z.object({ id: z.number().int(), type: ItemType, code: z.enum(warningCodes) })),
  }),
  z.object({ imported: z.literal(false), problem: CrateImportProblem }),
]);
export type CrateImportResult = z.infer<typeof CrateImportResult>;

/** Where a library entry's file was saved: `path` as the template named it, `location` absolute, or null when not on disk. */
/**
 * The newest library entry and its release's catalogue facts: the options page previews the file
 * name a real download would get. Null when nobody is signed in or the library is empty.
 */
export const FilenameSample = z
  .object({
    entry: LibraryEntry,
    release: Release.pick({ catalogNumber: true, trackIds: true }).nullable(),
  })
  .nullable();

export const SavedFile = z.object({
  downloadId: z.number().int(),
  path: z.string(),
  location: z.string().nullable(),
  /** The file's size in bytes, as the browser's downloads record says (a crate export's Size). */
  bytes: z.number().int().nonnegative().nullable().optional(),
});
export type SavedFile = z.infer<typeof SavedFile>;

/** The library entries whose file this browser saved and still finds on disk (on-this-computer.ts). */
export const OnThisComputer = z.object({ downloadIds: z.array(z.number().int()) });

/** A release's tracks, in its order, and its catalog number (a crate export's track numbers and comments). */
export const ReleaseTracks = z.object({
  id: z.number().int(),
  trackIds: z.array(z.number().int()),
  catalogNumber: z.string().optional(),
});
export type ReleaseTracks = z.infer<typeof ReleaseTracks>;

/** A track's analysis by the store (grid, cues, waveform overview), for a crate export. */
export const AnalysedTrack = z.object({ id: z.number().int(), analysis: TrackAnalysis });
export type AnalysedTrack = z.infer<typeof AnalysedTrack>;

/** The bulk download queue as the popup shows it: files done of total, failures, bytes of those under way. */
export const BulkProgress = z.object({
  status: z.enum(['idle', 'running', 'paused', 'cancelled', 'finished']),
  total: z.number().int(),
  done: z.number().int(),
  /** Entries asked for in this run but not saved again: their file is still on disk. */
  alreadySaved: z.number().int().optional(),
  failed: z.array(z.object({ downloadId: z.number().int(), title: z.string(), reason: z.string() })),
  active: z.array(
    z.object({
      downloadId: z.number().int(),
      title: z.string(),
      bytesReceived: z.number(),
      totalBytes: z.number(),
    }),
  ),
  /** Bytes of this run on disk so far: saved files and the parts of those under way. */
  bytesReceived: z.number().optional(),
  /** What the whole run comes to, reckoned from the sizes known so far; null before any is. */
  bytesExpected: z.number().nullable().optional(),
  /** Seconds until the run is done at the pace so far; null while that cannot be told. */
  secondsLeft: z.number().nullable().optional(),
  /** Files of this run resumed where a cut connection (or a closed browser) left them. */
  resumed: z.number().int().optional(),
  /** Files of this run that stopped receiving bytes and were started again from their first byte. */
  restarted: z.number().int().optional(),
  /** Files under way that have received nothing for a while, and since when (the earliest). */
  stalled: z.object({ files: z.number().int(), since: z.number() }).nullable().optional(),
  /** The store (or the network) is not answering: the run waits and tries again by itself. */
  waiting: z
    .object({ reason: z.string(), since: z.number(), retryAt: z.number(), files: z.number().int() })
    .nullable()
    .optional(),
});
export type BulkProgress = z.infer<typeof BulkProgress>;

/**
 * What the catalog says of a cart item that the cart does not (lib/contract/wire.ts CartItem):
 * its artwork, a track's BPM, key, sample and release, a release's tracks with their prices, and
 * the format fees. The popup's cart tab shows them and finds what would be paid twice.
 */
export const CatalogFacts = z.object({
  id: z.number().int(),
  type: ItemType,
  fee: AudioFormatFee,
  /** The formats the item is sold in with their whole prices (FLAC's fee among them); older stores name none. */
  formats: z.array(SoldFormat).optional(),
  image: Image.optional(),
  bpm: z.number().int().optional(),
  key: z.string().optional(),
  sampleUrl: z.string().optional(),
  releaseId: z.number().int().optional(),
  tracks: z
    .array(
      z.object({
        id: z.number().int(),
        price: Price,
        fee: AudioFormatFee,
        formats: z.array(SoldFormat).optional(),
      }),
    )
    .optional(),
  /** A track's recording, for "in your collection" (lib/contract/recording-match.ts). */
  recording: z
    .object({
      artists: z.array(z.string()),
      title: z.string(),
      mix: z.string(),
      isrc: z.string().nullable(),
    })
    .optional(),
});
export type CatalogFacts = z.infer<typeof CatalogFacts>;

/** What an item about to be added shares with the cart and the library (lib/background/cart/overlap.ts). */
export const Overlap = z.object({
  /** Its tracks the person owns. */
  owned: z.array(z.number().int()),
  /** Its tracks already in the cart as tracks. */
  inCart: z.array(z.number().int()),
  /** A track's release, in the cart. */
  releaseInCart: z.number().int().nullable(),
  /** Its tracks neither owned nor in the cart. */
  missing: z.array(z.number().int()),
});
export type Overlap = z.infer<typeof Overlap>;
export const OverlapChoice = z.enum(['missingOnly', 'replace', 'addAnyway', 'cancel']);
export type OverlapChoice = z.infer<typeof OverlapChoice>;

/** An add checked for overlap first: added, or the overlap said and the choices it allows. */
export const CheckedAdd = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('added'), result: CartAddResult }),
  z.object({
    outcome: z.literal('overlap'),
    message: z.string(),
    choices: z.array(OverlapChoice),
    /** The choice that pays for nothing twice: the one a quick Enter takes. */
    safeChoice: OverlapChoice,
  }),
]);
export type CheckedAdd = z.infer<typeof CheckedAdd>;

export const FollowKind = z.enum(['artist', 'label']);
const FollowRef = { kind: FollowKind, id: z.number().int().positive() };

/** Who is followed at the configured store, by name (lib/background/following/). */
export const FollowList = z.object({
  artists: z.array(z.object({ id: z.number().int(), name: z.string() })),
  labels: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type FollowList = z.infer<typeof FollowList>;

export const FeedRelease = Release.pick({
  id: true,
  name: true,
  slug: true,
  label: true,
  publishDate: true,
  trackIds: true,
  price: true,
  image: true,
}).extend({
  artists: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string() })),
  via: z.array(z.object({ kind: FollowKind, id: z.number().int(), name: z.string() })),
});

/** "New for you": the unseen releases of followed artists and labels, newest first. */
export const NewForYou = z.object({
  releases: z.array(FeedRelease),
  /** When the store was last asked (ms since epoch); null: never. */
  refreshedAt: z.number().nullable(),
  following: z.object({ artists: z.number().int(), labels: z.number().int() }),
  /** Why the last refresh failed; the list is then the one before. */
  problem: z.string().nullable(),
});
export type NewForYou = z.infer<typeof NewForYou>;

/** Lines the tracklist page matches at once: a long radio show, not a whole collection. */
export const maxTracklistPageLines = 5000;

/** What the DJ has of a matched track: owned here (in which formats), in the collection, in carts. */
export const TracklistMarks = z.object({
  ownedFormats: z.array(AudioFormat),
  /** Owned here, in formats the pages do not know yet (a purchase just made). */
  owned: z.boolean(),
  /** The collection source holding it ("rekordbox"), or null. */
  collection: z.string().nullable(),
  /** The remembered carts it is in. */
  carts: z.array(z.string()),
});
export type TracklistMarks = z.infer<typeof TracklistMarks>;

export const MarkedTracklistLine = TracklistLineMatch.extend({ marks: TracklistMarks.nullable() });
export type MarkedTracklistLine = z.infer<typeof MarkedTracklistLine>;

const define = <P extends z.ZodType, R extends z.ZodType>(
  from: readonly SenderRole[],
  payload: P,
  reply: R,
) => ({
  from,
  payload,
  reply,
});

export const protocol = {
  /** The popup's first question: who is signed in, and does the store answer? */
  getAuthState: define(pagesOnly, NoPayload, AuthState),
  /**
   * Opens the store's sign-in window (identity.launchWebAuthFlow). The store's pages ask for it
   * too: a signed-out person's click on an add button starts sign-in.
   */
  signIn: define(
    pagesAndStore,
    // anotherAccount: ask for the password even when the browser is signed in on the store's website.
    z.strictObject({ anotherAccount: z.boolean().optional() }),
    AuthState,
  ),
  /**
   * Whether a store URL the options page is about to save answers like a store (its OAuth
   * discovery document); fails with a sentence for the page.
   */
  checkStore: define(pagesOnly, z.strictObject({ storeUrl: z.url().max(2048) }), z.strictObject({})),
  /** Revokes the refresh token at the store and forgets both tokens. */
  signOut: define(pagesOnly, NoPayload, AuthState),
  viewCart: define(pagesOnly, z.strictObject(CartTarget), CartView),
  addToCart: define(
    pagesAndStore,
    z.strictObject({
      ...CartTarget,
      items: z.array(CartItemInput).min(1).max(100),
      alreadyPurchasedOverride: z.boolean().optional(),
    }),
    CartAddResult,
  ),
  /**
   * An add from a page button: checked for overlap with the cart and the library first (a
   * release holding owned or carted tracks, a track whose release is in the cart). Without a
   * choice, an overlap comes back to be asked; with one, the background carries it out.
   */
  addChecked: define(
    pagesAndStore,
    z.strictObject({ ...CartTarget, item: CartItemInput, choice: OverlapChoice.optional() }),
    CheckedAdd,
  ),
  setItemFormats: define(
    pagesAndStore,
    z.strictObject({ ...CartTarget, items: z.array(CartItemInput).min(1).max(100) }),
    CartChangeResult,
  ),
  setCartFormat: define(
    pagesOnly,
    z.strictObject({ ...CartTarget, audioFormat: AudioFormat }),
    CartChangeResult,
  ),
  removeFromCart: define(
    pagesAndStore,
    z.strictObject({ ...CartTarget, items: z.array(CartItemRef).min(1).max(100) }),
    CartChangeResult,
  ),
  emptyCart: define(pagesOnly, z.strictObject(CartTarget), CartChangeResult),
  /**
   * A store tab was opened or came back into view: the worker asks the store whether the current
   * cart changed elsewhere (a conditional read, a 304 when not) and the pages follow what it says.
   */
  cartShown: define(pagesAndStore, NoPayload, NoPayload),
  /** Makes a cart the one page buttons and the popup act on, and remembers its name. */
  setCurrentCart: define(pagesOnly, z.strictObject({ name: CartName }), CartChoice),
  /** The catalog facts of cart items (artwork, BPM, key, sample, a release's tracks, the format fees), 100 at most. */
  catalogFacts: define(
    pagesOnly,
    z.strictObject({ items: z.array(CartItemRef).min(1).max(100) }),
    z.array(CatalogFacts),
  ),
  library: define(
    pagesOnly,
    z.strictObject({ ...PageQuery, status: z.enum(['available', 'downloaded']).optional() }),
    LibraryPage,
  ),
  /**
   * Starts downloads at the store and saves each file with the browser's downloads, named by the
   * person's file name template from the entry's track.
   */
  initiateDownloads: define(
    pagesOnly,
    z.strictObject({
      entries: z
        .array(LibraryEntry.pick({ id: true, audioFormat: true, track: true }))
        .min(1)
        .max(maxPerPage),
    }),
    z.array(SavedDownload),
  ),
  /** The named carts bought, as crates in their carts' order (GET /order/1/crates, docs/api.md). */
  purchasedCrates: define(pagesOnly, NoPayload, z.array(PurchasedCrate)),
  artists: define(pagesOnly, ArtistSearch, ArtistResults),
  filenameSample: define(pagesOnly, NoPayload, FilenameSample),
  /** A promotional track into the library (POST /order/1/promo-downloads), with its download link. */
  promoDownload: define(
    pagesAndStore,
    z.strictObject({ trackId: z.number().int().positive() }),
    DownloadLink,
  ),
  /**
   * The store's order confirmation page says a checkout just finished: the worker reads the cart
   * and the library again, so pages and popup mark the new purchases as owned at once.
   */
  purchasesChanged: define(
    pagesAndStore,
    z.strictObject({ orderId: z.number().int().positive() }),
    NoPayload,
  ),
  /**
   * Queues every library entry not on this computer (lib/background/downloads/on-this-computer.ts),
   * whatever the store's account-wide status says (download-queue.ts).
   */
  downloadAllAvailable: define(pagesOnly, NoPayload, BulkProgress),
  /**
   * The popup opened: with new purchases arriving by themselves, the worker looks for them now
   * (lib/background/new-purchases/); replies how many were queued.
   */
  lookForNewPurchases: define(pagesOnly, NoPayload, z.object({ queued: z.number().int() })),
  /** Which library entries are on this computer: the library's default filter. */
  onThisComputer: define(pagesOnly, NoPayload, OnThisComputer),
  bulkDownloadProgress: define(pagesOnly, NoPayload, BulkProgress),
  /**
   * Adds a shared crate's items to a named cart, all or nothing: unknown ids or a cart past the
   * store's limits refuse the whole crate (lib/background/cart/crate-import.ts).
   */
  importCrate: define(pagesOnly, z.strictObject({ cartName: CartName, crate: CrateFile }), CrateImportResult),
  /** Where these entries' files are on disk, for a crate export (lib/background/downloads/saved-files.ts). */
  savedFiles: define(
    pagesOnly,
    z.strictObject({
      entries: z
        .array(LibraryEntry.pick({ id: true, audioFormat: true, track: true }))
        .min(1)
        .max(1000),
    }),
    z.array(SavedFile),
  ),
  /**
   * The tracks of releases, from their catalog records (a cart's releases, for a crate export);
   * a release the catalog does not know is left out of the reply.
   */
  releaseTracks: define(
    pagesOnly,
    z.strictObject({ ids: z.array(z.number().int().positive()).min(1).max(100) }),
    z.array(ReleaseTracks),
  ),
  /**
   * The store's analyses of tracks (a crate export's grids and cues); a track the store has none
   * of is left out of the reply.
   */
  trackAnalyses: define(
    pagesOnly,
    z.strictObject({ ids: z.array(z.number().int().positive()).min(1).max(100) }),
    z.array(AnalysedTrack),
  ),
  /** A track's detail waveform (a USB stick's ANLZ files: lib/background/usb-stick/stick-handlers.ts). */
  trackWaveform: define(pagesOnly, z.strictObject({ id: z.number().int().positive() }), WaveformDetail),
  /**
   * A fresh signed link to a library entry's file (POST /order/1/downloads), for the USB stick
   * page to stream the audio onto the stick: the link needs no token, so tokens stay here.
   */
  stickAudioLink: define(
    pagesOnly,
    z.strictObject({ entryId: z.number().int().positive() }),
    z.strictObject({ url: z.string() }),
  ),
  /**
   * Follows an artist or a label (a store page's Follow button, the popup's artist finder):
   * what it already published is not "new".
   */
  follow: define(
    pagesAndStore,
    z.strictObject({ ...FollowRef, name: z.string().trim().min(1).max(200) }),
    FollowList,
  ),
  unfollow: define(pagesAndStore, z.strictObject(FollowRef), FollowList),
  /** The feed; `ifDue` asks the store first when the last refresh is older than the period. */
  newForYou: define(pagesOnly, z.strictObject({ refresh: z.enum(['ifDue', 'never']) }), NewForYou),
  /** Everything listed now is seen: the list empties and the badge goes. */
  markAllSeen: define(pagesOnly, NoPayload, NewForYou),
  /**
   * A tracklist matched by the store, line by line (lib/background/tracklist/), each matched
   * track marked with what the DJ has of it; the lines go to the store in parts it takes.
   */
  matchTracklist: define(
    pagesOnly,
    z.strictObject({ lines: z.array(z.string().max(10_000)).min(1).max(maxTracklistPageLines) }),
    z.array(MarkedTracklistLine),
  ),
  bulkDownloadControl: define(
    pagesOnly,
    z.strictObject({ action: z.enum(['pause', 'resume', 'cancel', 'retryFailed']) }),
    BulkProgress,
  ),
} as const;

export type MessageKind = keyof typeof protocol;
export const messageKinds = Object.keys(protocol) as MessageKind[];
export type Payload<K extends MessageKind> = z.infer<(typeof protocol)[K]['payload']>;
export type Reply<K extends MessageKind> = z.infer<(typeof protocol)[K]['reply']>;

export const Envelope = z.strictObject({
  channel: z.literal(channel),
  kind: z.enum(messageKinds as [MessageKind, ...MessageKind[]]),
  payload: z.unknown(),
});
