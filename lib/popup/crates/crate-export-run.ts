/**
 * What the export dialog does, apart from drawing it: finds the crate's tracks (a cart, everything
 * downloaded, or what the library's filter shows) with their files, release facts and analyses,
 * makes and saves the file in the format chosen, or hands the crate to the USB stick page.
 */
import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import { itemKey } from '../../contract/item-key.ts';
import { maxPerPage } from '../../contract/paging.ts';
import { safeFilename } from '../../contract/safe-filename.ts';
import type { TrackAnalysis } from '../../contract/track-analysis.ts';
import type { CartItem, LibraryEntry } from '../../contract/wire.ts';
import { entryArtistsAndTitle, type ReleaseFacts, type SavedEntry } from '../../dj-formats/saved-file.ts';
import type { DesktopOs } from '../../dj-formats/volume-path.ts';
import type { ReleaseTracks, SavedFile } from '../../protocol/messages.ts';
import { send } from '../../protocol/send.ts';
import { asSet, type TrackFacts } from '../../set-order/as-set.ts';
import { stickExportRequestItem, storeUrlSetting } from '../../storage/items.ts';
import { saveTextFile } from '../../text-files/save-text-file.ts';
import type { SetChoice } from '../cart/kept-set-order.ts';
import {
  type CrateFormat,
  crateFormatInfo,
  exportedCrate,
  isCrateFormat,
  onOneDrive,
} from './crate-formats.ts';
import { cartTracks, chooseFiles, type MissingTrack, type OwnedTrack } from './crate-tracks.ts';

export type Scope = 'cart' | 'downloaded' | 'selection';
/** A crate format, or the USB stick (its own page: docs/usb-stick.md). */
export type ExportChoice = CrateFormat | 'usbStick';
export const isExportChoice = (value: unknown): value is ExportChoice =>
  value === 'usbStick' || isCrateFormat(value);
export type Outcome = {
  saved: number;
  /** Nothing to export because the tracks chosen are none at all (the filter shows none, nothing downloaded). */
  noneChosen?: 'selection' | 'downloaded';
  filename: string;
  missing: MissingTrack[];
  format: ExportChoice;
  /** Serato: the drive the crate belongs on, null for the system drive. */
  drive?: string | null;
};

/** The messages' limits of entries and releases per question. */
const entryBatch = 1000;
const releaseBatch = 100;

async function libraryPages(status?: 'downloaded'): Promise<LibraryEntry[]> {
  const entries: LibraryEntry[] = [];
  for (let page = 1; ; page++) {
    const { results, paging } = await send('library', { page, perPage: maxPerPage, status });
    entries.push(...results);
    if (page >= paging.totalPages) return entries;
  }
}

/** Where each entry's file is on disk (null: not on disk), by library entry id. */
async function filesOf(entries: readonly LibraryEntry[]): Promise<Map<number, SavedFile>> {
  const files = new Map<number, SavedFile>();
  for (let start = 0; start < entries.length; start += entryBatch) {
    const part = entries.slice(start, start + entryBatch);
    const found = await send('savedFiles', {
      entries: part.map(({ id, audioFormat, track }) => ({ id, audioFormat, track })),
    });
    for (const file of found) files.set(file.downloadId, file);
  }
  return files;
}

/** The catalog's records of these releases: their tracks in order, and catalog numbers. */
async function releasesOf(ids: Iterable<number>): Promise<Map<number, ReleaseTracks>> {
  const unique = [...new Set(ids)];
  const releases = new Map<number, ReleaseTracks>();
  for (let start = 0; start < unique.length; start += releaseBatch) {
    for (const release of await send('releaseTracks', { ids: unique.slice(start, start + releaseBatch) }))
      releases.set(release.id, release);
  }
  return releases;
}

/** The store's analyses of these tracks (grid and cues), by track id; a track without one is left out. */
async function analysesOf(ids: Iterable<number>): Promise<Map<number, TrackAnalysis>> {
  const unique = [...new Set(ids)];
  const analyses = new Map<number, TrackAnalysis>();
  for (let start = 0; start < unique.length; start += releaseBatch) {
    for (const { id, analysis } of await send('trackAnalyses', {
      ids: unique.slice(start, start + releaseBatch),
    }))
      analyses.set(id, analysis);
  }
  return analyses;
}

/** Each saved file with its size, its release's facts (track number, catalog number) and its analysis. */
async function withReleaseFacts(
  saved: readonly SavedEntry[],
  files: ReadonlyMap<number, SavedFile>,
  known: ReadonlyMap<number, ReleaseTracks>,
): Promise<SavedEntry[]> {
  const missing = saved.map(({ entry }) => entry.track.release.id).filter((id) => !known.has(id));
  const [fetched, analyses] = await Promise.all([
    missing.length > 0 ? releasesOf(missing) : new Map<number, ReleaseTracks>(),
    saved.length > 0
      ? analysesOf(saved.map(({ entry }) => entry.track.id))
      : new Map<number, TrackAnalysis>(),
  ]);
  const releases = new Map([...known, ...fetched]);
  return saved.map((file) => {
    const analysis = analyses.get(file.entry.track.id);
    const release = releases.get(file.entry.track.release.id);
    const trackNumber = (release?.trackIds.indexOf(file.entry.track.id) ?? -1) + 1;
    const facts: ReleaseFacts | undefined =
      release && trackNumber > 0 ? { catalogNumber: release.catalogNumber ?? '', trackNumber } : undefined;
    return {
      ...file,
      bytes: files.get(file.entry.id)?.bytes ?? null,
      ...(facts ? { release: facts } : {}),
      ...(analysis ? { analysis } : {}),
    };
  });
}

/** The crate's tracks with their files, and what cannot be in the file. */
async function locate(
  scope: Scope,
  selection: readonly LibraryEntry[] | null,
  cartItems: readonly CartItem[],
): Promise<{ saved: SavedEntry[]; missing: MissingTrack[] }> {
  let owned: OwnedTrack[];
  let notBought: MissingTrack[] = [];
  let releases = new Map<number, ReleaseTracks>();
  if (scope === 'cart') {
    const releaseIds = cartItems.filter((item) => item.type === 'release').map((item) => item.id);
    let library: LibraryEntry[];
    [library, releases] = await Promise.all([libraryPages(), releasesOf(releaseIds)]);
    const trackIds = new Map([...releases].map(([id, release]) => [id, release.trackIds]));
    ({ owned, notBought } = cartTracks(cartItems, library, trackIds));
  } else {
    const entries = scope === 'selection' && selection ? [...selection] : await libraryPages('downloaded');
    owned = entries.map((entry) => ({ trackId: entry.track.id, entries: [entry] }));
  }
  const files = await filesOf(owned.flatMap((track) => track.entries));
  const { saved, notDownloaded } = chooseFiles(owned, files);
  return { saved: await withReleaseFacts(saved, files, releases), missing: [...notBought, ...notDownloaded] };
}

/**
 * The crate's owned entries for the stick, downloaded or not (the stick page fetches the audio from
 * the store), and a cart's items not bought yet.
 */
async function ownedEntries(
  scope: Scope,
  selection: readonly LibraryEntry[] | null,
  cartItems: readonly CartItem[],
): Promise<{ entries: LibraryEntry[]; missing: MissingTrack[] }> {
  if (scope !== 'cart')
    return {
      entries: scope === 'selection' && selection ? [...selection] : await libraryPages('downloaded'),
      missing: [],
    };
  const releaseIds = cartItems.filter((item) => item.type === 'release').map((item) => item.id);
  const [library, releases] = await Promise.all([libraryPages(), releasesOf(releaseIds)]);
  const trackIds = new Map([...releases].map(([id, release]) => [id, release.trackIds]));
  const { owned, notBought } = cartTracks(cartItems, library, trackIds);
  return { entries: owned.flatMap((track) => track.entries.slice(0, 1)), missing: notBought };
}

/** Hands the crate to the USB stick page, opened in a tab (a popup cannot keep a folder picker open). */
async function handToStickPage(
  crate: string,
  scope: Scope,
  selection: readonly LibraryEntry[] | null,
  cartItems: readonly CartItem[],
  set: SetChoice | null,
): Promise<Outcome> {
  const owned = await ownedEntries(scope, selection, cartItems);
  const { missing } = owned;
  // The stick page fetches the analyses; the set is ordered by the catalog's key and tempo.
  const entries = set
    ? playedAsSet(
        owned.entries,
        ({ track }) => ({ bpm: track.bpm, key: track.key }),
        ({ track }) => track.id,
        set,
      )
    : owned.entries;
  if (entries.length > 0) {
    await stickExportRequestItem.setValue({ playlistName: crate, entries, missing });
    await browser.tabs.create({ url: browser.runtime.getURL('/usb-stick.html') });
  }
  return { saved: entries.length, filename: '', missing, format: 'usbStick', ...noneChosen(scope, entries) };
}

/** Why a scope other than a cart gives nothing: it holds no tracks at all (not: none of them is on disk). */
const noneChosen = (scope: Scope, chosen: readonly unknown[]): Pick<Outcome, 'noneChosen'> =>
  scope !== 'cart' && chosen.length === 0 ? { noneChosen: scope } : {};

/** The store's host, named in each track's comment. */
async function storeHost(): Promise<string> {
  try {
    return new URL(await storeUrlSetting.getValue()).host;
  } catch {
    return 'Crate';
  }
}

/** Makes the crate's file in the format and saves it; what is left out (Serato: other drives) is missing. */
async function saveCrate(
  format: CrateFormat,
  crate: string,
  found: { saved: SavedEntry[]; missing: MissingTrack[] },
): Promise<Outcome> {
  const os = (await browser.runtime.getPlatformInfo()).os;
  const desktop: DesktopOs = os === 'win' || os === 'mac' ? os : 'linux';
  let { saved, missing } = found;
  if (format === 'serato') {
    const { kept, elsewhere } = onOneDrive(saved, desktop);
    saved = kept;
    missing = [
      ...missing,
      ...elsewhere.map(({ saved: file, drive }) => ({
        key: `entry:${file.entry.id}`,
        title: entryArtistsAndTitle(file.entry),
        reason: i18n.t('popup.export.otherDrive', [drive]),
      })),
    ];
  }
  const { extension, type } = crateFormatInfo[format];
  // Serato reads "%%" in a crate's file name as a subcrate's parent: one crate stays one.
  const base = format === 'serato' ? crate.replaceAll('%%', '%') : crate;
  const filename = `${safeFilename(base) || 'crate'}.${extension}`;
  const { content, drive } = exportedCrate(format, saved, {
    crateName: crate,
    os: desktop,
    version: browser.runtime.getManifest().version,
    store: await storeHost(),
    now: new Date(),
    uuid: crypto.randomUUID().replaceAll('-', ''),
  });
  await saveTextFile({ text: content, type, filename });
  return { saved: saved.length, filename, missing, format, drive };
}

/**
 * The crate's tracks in the order that plays as a set (lib/set-order): by key and tempo, then the
 * energy of the store's analysis where it is known, in the shape chosen, from and to the tracks
 * pinned. A pinned release (a cart item) pins none of its tracks: which one opens is the order's.
 */
function playedAsSet<T>(
  items: readonly T[],
  factsOf: (item: T) => TrackFacts,
  trackIdOf: (item: T) => number,
  { shape, first, last }: SetChoice,
): T[] {
  const pinned = (key: string | undefined) =>
    key === undefined
      ? undefined
      : items.find((item) => itemKey({ type: 'track', id: trackIdOf(item) }) === key);
  const pins = { first: pinned(first), last: pinned(last) };
  return asSet(items, factsOf, shape, {
    ...(pins.first ? { first: pins.first } : {}),
    ...(pins.last ? { last: pins.last } : {}),
  }).items;
}

/**
 * Exports the crate in the format chosen, or hands it to the USB stick page; says what it did.
 * `set`: in the order that plays as a set (shape and pins) rather than the crate's own.
 */
export async function exportCrateAs(
  format: ExportChoice,
  crate: string,
  scope: Scope,
  selection: readonly LibraryEntry[] | null,
  cartItems: readonly CartItem[],
  set: SetChoice | null = null,
): Promise<Outcome> {
  if (format === 'usbStick') return handToStickPage(crate, scope, selection, cartItems, set);
  const found = await locate(scope, selection, cartItems);
  if (found.saved.length === 0) {
    const chosen = [...found.saved, ...found.missing];
    return { saved: 0, filename: '', missing: found.missing, format, ...noneChosen(scope, chosen) };
  }
  const saved = set
    ? playedAsSet(
        found.saved,
        ({ entry, analysis }) => ({
          bpm: analysis?.bpm ?? entry.track.bpm,
          key: entry.track.key,
          energy: analysis?.energy?.level ?? null,
        }),
        ({ entry }) => entry.track.id,
        set,
      )
    : found.saved;
  return saveCrate(format, crate, { ...found, saved });
}
