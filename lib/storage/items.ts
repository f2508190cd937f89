/**
 * The inventory of what the extension stores. Every WXT storage item is defined in this file,
 * each with its owner (who writes it), its readers, its version and why it lives where it does;
 * a new version adds `migrations` to its item here. test/unit/lib/storage/items.test.ts keeps
 * storage out of every other folder and this list complete.
 *
 * Where things go, and why:
 * - storage.local: settings and caches that are not secret. Content scripts can read it, which is
 *   why the pages' cart state and the settings the store pages need are here, and no token ever is.
 * - storage.session: the access token and the discovery document. Memory only, gone with the
 *   browser, readable by the worker and extension pages but not by content scripts, and still
 *   there after the MV3 worker is stopped.
 * - IndexedDB, in the extension's origin (content scripts run in the page's and cannot open it):
 *   - `crate-vault` v1 (refresh-token-vault.ts; owner: background auth): the refresh token,
 *     AES-GCM sealed with a non-extractable key kept beside it.
 *   - `crate-popup` v1 (popup-cache.ts; owner: popup): the popup's last answers per store and
 *     user, for stale-while-revalidate; cleared on sign-out.
 *   - `crate-downloads` v1 (job-store.ts; owner: background downloads): the bulk download
 *     queue's jobs and run, so a stopped worker carries on where it left off.
 *   - `crate-stick` v1 (stick-folder.ts; owner: USB stick page): the drive or folder picked
 *     last for a USB stick export, a FileSystemDirectoryHandle (only IndexedDB can keep one).
 *   - `crate-collection` v1 (collection-store.ts; owner: options page, written by its import
 *     worker): the DJ's imported collection in full, each source and its tracks; the pages read
 *     collectionIndex instead.
 * - localStorage of the extension's pages, `crate:last-view:<tab>` (last-view-store.ts; owner:
 *   popup): each popup tab's last settled view as HTML, read synchronously for the first paint.
 *
 * | item | area | owner | readers | version |
 * | --- | --- | --- | --- | --- |
 * | storeUrl | local | options page (and settings sync) | every context | 1 |
 * | sourceType | local | options page | background | 1 |
 * | defaultAudioFormat | local | options page (and settings sync) | background, content script | 1 |
 * | keyNotation | local | options page (and settings sync) | popup | 1 |
 * | currentCart | local | background (setCurrentCart) | popup, content script | 1 |
 * | cartNames | local | background | popup | 1 |
 * | filenameTemplate | local | options page (and settings sync) | background | 1 |
 * | folderPerRelease | local | options page (and settings sync) | background | 1 |
 * | crateExportFormat | local | popup (crate export dialog) | popup | 1 |
 * | cartState | local | background (cart-state-writer.ts) | content script, popup (owned marks) | 1 |
 * | soldFormats | local | background (cart-state-writer.ts) | popup, options page, tracklist page | 1 |
 * | cartSetOrders | local | popup (cart tab) | popup | 1 |
 * | stickExportRequest | local | popup (crate export dialog) | USB stick page | 1 |
 * | cartCount | local | background (cart-badge.ts) | background | 1 |
 * | releaseTracks | local | background (catalog/known-release-tracks.ts) | background | 1 |
 * | collectionIndex | local | options page (collection import) | content script, popup | 1 |
 * | hideWhatYouHave | local | content script (page filter) | content script | 1 |
 * | moneyPatterns | local | content script (page-prices.ts) | content script | 1 |
 * | pageWords | local | content script (page-i18n.ts); background removes it on install and update | content script | 1 |
 * | accessToken | session | background (token-store.ts) | background | 1 |
 * | signInNotice | session | background (auth) | background | 1 |
 * | discovery | session | background (auth-service.ts) | background | 1 |
 * | browserSession | session | background (downloads/download-service.ts) | background | 1 |
 * | startedDownloads | local | background (download-file.ts), popup (save-text-file.ts) | background (downloads/started-filename.ts) | 1 |
 * | feedRefreshHours | local | options page | background (following) | 1 |
 * | feedNotifications | local | options page | background (following) | 1 |
 * | newPurchasesArrive | local | options page, popup (asked once) | background (new-purchases) | 1 |
 * | newPurchasesAsked | local | popup | popup | 1 |
 * | newPurchases | local | background (new-purchases) | background (new-purchases) | 1 |
 * | follows | local | background (following) | content script (Follow buttons), popup | 1 |
 * | followsBackup | sync | background (following) | background (following, after a reinstall) | 1 |
 * | newForYou | local | background (following) | background, popup | 1 |
 * | syncedSettings | sync | background (settings-sync) | background (settings-sync), options page | 1 |
 * | settingsSyncPending | local | background (settings-sync) | background (settings-sync) | 1 |
 *
 * - storage.sync: `followsBackup`, who is followed (ids and names), so a reinstall or another
 *   computer signed in to the same browser account finds them again; `syncedSettings`, the
 *   settings that follow the DJ (store address, default format, key notation, file names:
 *   synced-settings.ts), each still read from storage.local, where the worker copies them. Where
 *   the browser has no sync (or it is off, or over its quota), writing it fails quietly and
 *   storage.local is all there is.
 */
import type { AuthorizationServer } from 'oauth4webapi';
import { storage } from 'wxt/utils/storage';
import { defaultCartName } from '../contract/cart-name.ts';
import type { KeyNotation } from '../contract/musical-key.ts';
import type { AudioFormat, LibraryEntry } from '../contract/wire.ts';
import { defaultFilenameTemplate } from '../file-names/filename-template.ts';
import type { AccessToken } from './access-token.ts';
import { type CartStateByStore, cartStateKey } from './cart-state.ts';
import type { CollectionIndex } from './collection-index.ts';
import { defaultStoreUrl } from './default-store-url.ts';
import { type FeedState, type FollowsBackup, type FollowsByStore, followsKey } from './following.ts';
import { type MoneyPatterns, moneyPatternsKey } from './money-patterns.ts';
import { type PageWords, pageWordsKey } from './page-words.ts';

// The person's settings (options page and popup).

/**
 * Origin of the store the extension talks to, e.g. `http://127.0.0.1:8787`: no path, no trailing
 * slash. The options page only saves an origin whose OAuth discovery document answered.
 */
export const storeUrlSetting = storage.defineItem<string>('local:storeUrl', {
  fallback: defaultStoreUrl,
  version: 1,
});

/** The `sourceType` parameter every cart call sends: it names the calling application. */
export const sourceTypeSetting = storage.defineItem<string>('local:sourceType', {
  fallback: 'crate-extension',
  version: 1,
});

/** Audio format of items added to a cart when the person does not pick one. */
export const defaultAudioFormatSetting = storage.defineItem<AudioFormat>('local:defaultAudioFormat', {
  fallback: 'mp3',
  version: 1,
});

/** How keys are written in the popup: musical ("F# min"), Camelot ("11A") or Open Key ("4m"). */
export const keyNotationSetting = storage.defineItem<KeyNotation>('local:keyNotation', {
  fallback: 'musical',
  version: 1,
});

/**
 * The cart that page buttons and the popup act on: `default` or a named cart ("crate") chosen in
 * the popup. Every cart message from a page or the content script addresses this one.
 */
export const currentCartSetting = storage.defineItem<string>('local:currentCart', {
  fallback: defaultCartName,
  version: 1,
});

/**
 * Names of the carts this person has used, most recent first. The store has no call that lists
 * carts, so the extension remembers the names it created or used.
 */
export const cartNamesSetting = storage.defineItem<string[]>('local:cartNames', {
  fallback: [defaultCartName],
  version: 1,
});

/**
 * How saved files are named (lib/file-names/filename-template.ts lists the fields); `/` in a
 * template makes folders inside the browser's download folder.
 */
export const filenameTemplateSetting = storage.defineItem<string>('local:filenameTemplate', {
  fallback: defaultFilenameTemplate,
  version: 1,
});

/** Saves each file in a folder named after its release (`{release}/` before the template). */
export const folderPerReleaseSetting = storage.defineItem<boolean>('local:folderPerRelease', {
  fallback: false,
  version: 1,
});

/** How often "New for you" asks the store, in hours (alarm period; also the popup's "stale after"). */
export const feedRefreshHoursSetting = storage.defineItem<number>('local:feedRefreshHours', {
  fallback: 3,
  version: 1,
});

/** Whether a refresh that finds new releases says so in a browser notification. */
export const feedNotificationsSetting = storage.defineItem<boolean>('local:feedNotifications', {
  fallback: false,
  version: 1,
});

/**
 * The crate format last exported ("rekordbox", "serato", "traktor", "m3u8"): the export dialog
 * offers it first next time. Written only by the dialog, which checks what it reads.
 */
export const crateExportFormatSetting = storage.defineItem<string>('local:crateExportFormat', {
  fallback: 'rekordbox',
  version: 1,
});

/**
 * New purchases are saved by themselves (lib/background/new-purchases/): off until the DJ says
 * yes, asked once in the popup after a first bulk download, and on the options page.
 */
export const newPurchasesArriveSetting = storage.defineItem<boolean>('local:newPurchasesArrive', {
  fallback: false,
  version: 1,
});

/** The popup asked once whether new purchases should arrive by themselves (whatever the answer). */
export const newPurchasesAskedItem = storage.defineItem<boolean>('local:newPurchasesAsked', {
  fallback: false,
  version: 1,
});

// What the extension keeps for itself.

/**
 * The library entries this computer already knows of, for one store and user: an entry not among
 * them is a new purchase and is queued once (lib/background/new-purchases/). storage.local, per
 * computer: another computer keeps its own. About 8 bytes an entry.
 */
export const newPurchasesItem = storage.defineItem<KnownPurchases | null>('local:newPurchases', {
  fallback: null,
  version: 1,
});

/** What newPurchasesItem holds. */
export interface KnownPurchases {
  storeUrl: string;
  username: string;
  /** Entry (download) ids seen in the library, any order. */
  known: number[];
  /** When the library was last read (epoch ms): the schedule and worker starts wait 15 minutes from it. */
  checkedAt: number;
}

/** Followed artists and labels per store (lib/storage/following.ts); the content script reads it. */
/**
 * The crate the export dialog handed to the USB stick page (its own tab: a popup cannot keep the
 * folder picker open): the playlist's name, the library entries to write and what the dialog
 * already left out. Replaced by the next export; the page reads it, the worker never does.
 */
export interface StickPageRequest {
  playlistName: string;
  entries: LibraryEntry[];
  missing: { key: string; title: string; reason: string }[];
}

export const stickExportRequestItem = storage.defineItem<StickPageRequest | null>(
  'local:stickExportRequest',
  { fallback: null, version: 1 },
);

export const followsItem = storage.defineItem<FollowsByStore>(`local:${followsKey}`, {
  fallback: {},
  version: 1,
});

/** storage.sync's copy of who is followed: a reinstall restores `follows` from it. */
export const followsBackupItem = storage.defineItem<FollowsBackup>('sync:followsBackup', {
  fallback: {},
  version: 1,
});

/** The settings that follow the DJ to their other computers (synced-settings.ts), each optional. */
export interface SyncedSettings {
  storeUrl?: string;
  defaultAudioFormat?: AudioFormat;
  keyNotation?: KeyNotation;
  filenameTemplate?: string;
  folderPerRelease?: boolean;
}

/**
 * storage.sync's copy of the settings that follow the DJ to their other computers (one item, so a
 * save is one write of storage.sync's quota); every value is checked when read (synced-settings.ts).
 */
export const syncedSettingsItem = storage.defineItem<SyncedSettings>('sync:syncedSettings', {
  fallback: {},
  version: 1,
});

/** The settings changed here that storage.sync refused (unavailable, over its quota): sent again first. */
export const settingsSyncPendingItem = storage.defineItem<string[]>('local:settingsSyncPending', {
  fallback: [],
  version: 1,
});

/** The "New for you" feed of the last refresh and what has been seen (lib/background/following/). */
export const feedItem = storage.defineItem<FeedState | null>('local:newForYou', {
  fallback: null,
  version: 1,
});

/**
 * The pages' cart state: per store origin, who is signed in, the current cart's items and
 * what is owned (lib/storage/cart-state.ts has its shape and guard). Not secret: storage.local, so
 * store pages read it without waking the worker.
 */
export const cartStateItem = storage.defineItem<CartStateByStore>(`local:${cartStateKey}`, {
  fallback: {},
  version: 1,
});

/**
 * The formats each store sells, by store origin, as its last cart answer listed them
 * (metadata.audioFormats): the popup's, the options' and the tracklist's format choices draw from
 * it, so a format the store adds needs no new extension. Catalog data, not secret.
 */
export const soldFormatsItem = storage.defineItem<Partial<Record<string, AudioFormat[]>>>(
  'local:soldFormats',
  {
    fallback: {},
    version: 1,
  },
);

/**
 * The carts the DJ ordered "As a set", with the energy shape chosen and the pinned first and last
 * tracks (item keys), keyed `<store origin>\n<cart
 * name>`: the cart opens in that order again after the popup closed, and is exported in it.
 */
export const cartSetOrdersItem = storage.defineItem<
  // lib/set-order's energy shapes, spelled here: storage imports no context's folder.
  Record<string, { shape: 'build' | 'waves' | 'keep'; first?: string; last?: string }>
>('local:cartSetOrders', {
  fallback: {},
  version: 1,
});

/** Items in the current cart as of the last cart call, for the toolbar badge after a restart. */
export const cartCountItem = storage.defineItem<{ storeUrl: string; items: number } | null>(
  'local:cartCount',
  {
    fallback: null,
    version: 1,
  },
);

/**
 * Releases' track ids as the catalog lists them, keyed `<store origin> <release id>`: a release's
 * tracks do not change, so the worker asks for them once (owned releases, the overlap check of a
 * click). The newest 5,000; catalog data, not secret.
 */
export const releaseTracksItem = storage.defineItem<Record<string, number[]>>('local:releaseTracks', {
  fallback: {},
  version: 1,
});

/**
 * What a new version must not take over, removed on install and update: the store pages' words
 * (read afresh in the new version's wording: lib/content/page-i18n.ts) and the items a newer one
 * replaced (releaseTrackCounts, counts only, now releaseTracks).
 */
export const dropOnUpdate = () => storage.removeItems([`local:${pageWordsKey}`, 'local:releaseTrackCounts']);

/**
 * The DJ's collection as the store pages read it: each source's match keys, hashed and sorted
 * (collection-index.ts). storage.local, because content scripts cannot open the extension's
 * IndexedDB; about 1 MB for 100,000 tracks, within storage.local's 10 MB.
 */
export const collectionIndexItem = storage.defineItem<CollectionIndex>('local:collectionIndex', {
  fallback: { sources: [] },
  version: 1,
});

/** The store pages' filter: hide the tracks and releases the DJ has (lib/content/page-filter.ts). */
export const hideWhatYouHaveSetting = storage.defineItem<boolean>('local:hideWhatYouHave', {
  fallback: false,
  version: 1,
});

/**
 * How prices are written per language and currency (`"de EUR"`), read off Intl by the first store
 * page that wrote one (lib/content/page-prices.ts): later pages write theirs without making an
 * Intl.NumberFormat, the first of which costs a renderer 25 ms and more.
 */
export const moneyPatternsItem = storage.defineItem<MoneyPatterns>(`local:${moneyPatternsKey}`, {
  fallback: {},
  version: 1,
});

/**
 * The store pages' message templates in the browser's language (page-words.ts): a store tab's
 * first `i18n.getMessage` fetches the extension's whole message bundle, 8 to 16 ms of its
 * decorating (docs/benchmarks.md); read from here with the page's other keys, it is not called.
 */
export const pageWordsItem = storage.defineItem<PageWords | null>(`local:${pageWordsKey}`, {
  fallback: null,
  version: 1,
});

/** The access token (storage.session: never where content scripts can read it). */
export const accessTokenItem = storage.defineItem<AccessToken | null>('session:accessToken', {
  fallback: null,
  version: 1,
});

/**
 * When this browser session's first worker started (storage.session is emptied when the browser
 * closes): a download the queue started before it and the browser reports cancelled was cancelled
 * by the browser closing, not by the person, and is resumed.
 */
export const browserSessionItem = storage.defineItem<number | null>('session:browserSession', {
  fallback: null,
  version: 1,
});

/** What the extension asked of one download it started (started-downloads.ts). */
export interface StartedDownload {
  filename: string;
  conflictAction: 'overwrite' | 'uniquify';
  startedAt: number;
}

/**
 * Each download the extension started, by URL, with the path and conflictAction it asked for, so
 * that Chromium's naming of it (again on its own resume) is answered with them. storage.local:
 * a download cut when the browser closed is resumed in the next session.
 */
export const startedDownloadsItem = storage.defineItem<Record<string, StartedDownload>>(
  'local:startedDownloads',
  {
    fallback: {},
    version: 1,
  },
);

/** Why the person was signed out without asking for it, shown by the popup until the next sign-in. */
export const signInNoticeItem = storage.defineItem<string | null>('session:signInNotice', {
  fallback: null,
  version: 1,
});

/** The store's discovery document, kept for the browser session so a refresh costs one request. */
export const discoveryItem = storage.defineItem<{ storeUrl: string; metadata: AuthorizationServer } | null>(
  'session:discovery',
  { fallback: null, version: 1 },
);
