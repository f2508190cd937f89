/**
 * Exports a crate (a cart, everything downloaded, or the library entries the filter shows) for a
 * DJ application: rekordbox XML, a Serato crate, Traktor NML or an M3U8 playlist (Engine DJ,
 * VirtualDJ, Mixxx), saved with the browser's downloads; the last format chosen is offered first. Tracks whose file is
 * not on disk, and a cart's items not bought yet, are listed as missing, never silently left out.
 * Loaded only when asked for (crate-export-button.tsx).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import { defaultCartName } from '../../../lib/contract/cart-name.ts';
import { maxPerPage } from '../../../lib/contract/paging.ts';
import { safeFilename } from '../../../lib/contract/safe-filename.ts';
import type { TrackAnalysis } from '../../../lib/contract/track-analysis.ts';
import type { CartItem, LibraryEntry } from '../../../lib/contract/wire.ts';
import {
  entryArtistsAndTitle,
  type ReleaseFacts,
  type SavedEntry,
} from '../../../lib/dj-formats/saved-file.ts';
import type { DesktopOs } from '../../../lib/dj-formats/volume-path.ts';
import { errorMessage } from '../../../lib/i18n/error-message.ts';
import { formatCount } from '../../../lib/i18n/intl.ts';
import { plural } from '../../../lib/i18n/plural.ts';
import {
  cartTracks,
  chooseFiles,
  type MissingTrack,
  type OwnedTrack,
} from '../../../lib/popup/crate-export.ts';
import {
  type CrateFormat,
  crateFormatInfo,
  crateFormats,
  exportedCrate,
  isCrateFormat,
  onOneDrive,
} from '../../../lib/popup/crate-formats.ts';
import type { ReleaseTracks, SavedFile } from '../../../lib/protocol/messages.ts';
import { send } from '../../../lib/protocol/send.ts';
import {
  crateExportFormatSetting,
  stickExportRequestItem,
  storeUrlSetting,
} from '../../../lib/storage/items.ts';
import { saveTextFile } from '../../../lib/text-files/save-text-file.ts';

export interface CrateExportDialogProps {
  /** The entries the library's filter shows, or null when it shows everything. */
  selection?: readonly LibraryEntry[] | null;
  /** A cart to export: its name names the crate. */
  cart?: { name: string; items: readonly CartItem[] };
  onClose(): void;
}

type Scope = 'cart' | 'downloaded' | 'selection';
/** A crate format, or the USB stick (its own page: docs/usb-stick.md). */
type ExportChoice = CrateFormat | 'usbStick';
const isExportChoice = (value: unknown): value is ExportChoice =>
  value === 'usbStick' || isCrateFormat(value);
type Outcome = {
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
): Promise<Outcome> {
  const { entries, missing } = await ownedEntries(scope, selection, cartItems);
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

/** Where a Serato crate goes, said after the export. */
const seratoSubcrates = '_Serato_/Subcrates';
const seratoFolder = (drive: string | null | undefined) =>
  drive ? `${drive}/${seratoSubcrates}` : i18n.t('popup.export.seratoHome');

/** How each application takes the file in, in one line. */
const howTo = (format: ExportChoice): string =>
  ({
    usbStick: i18n.t('popup.export.howToUsbStick'),
    rekordbox: i18n.t('popup.export.howTo.rekordbox'),
    serato: i18n.t('popup.export.howTo.serato'),
    traktor: i18n.t('popup.export.howTo.traktor'),
    m3u8: i18n.t('popup.export.howTo.m3u8'),
  })[format];

function outcomeLine(outcome: Outcome): string {
  const stick = outcome.format === 'usbStick';
  if (outcome.saved > 0)
    return stick
      ? i18n.t('popup.export.stickOpened')
      : plural('popup.export.exported', outcome.saved, outcome.filename);
  if (outcome.noneChosen === 'selection')
    return stick ? i18n.t('popup.export.stickFilterShowsNone') : i18n.t('popup.export.filterShowsNone');
  if (outcome.noneChosen === 'downloaded')
    return stick ? i18n.t('popup.export.stickNoneDownloaded') : i18n.t('popup.export.noneDownloaded');
  return stick ? i18n.t('popup.export.stickNothing') : i18n.t('popup.export.nothing');
}

/** What the export did: the file, where a Serato crate goes, and what is not in it and why. */
function ExportOutcome({ outcome }: { outcome: Outcome }) {
  return (
    <div role="status">
      <p>{outcomeLine(outcome)}</p>
      {outcome.saved > 0 && outcome.format === 'serato' && (
        <p>{i18n.t('popup.export.moveSerato', [seratoFolder(outcome.drive)])}</p>
      )}
      {outcome.missing.length > 0 && (
        <>
          <p>{i18n.t('popup.export.notInFile', [formatCount(outcome.missing.length)])}</p>
          <ul aria-label={i18n.t('popup.export.missingLabel')}>
            {outcome.missing.map((missing) => (
              <li key={missing.key}>
                {missing.title}: {missing.reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/**
 * The tracks chosen to begin with: the cart, else what the filter shows, never an empty choice: a
 * filter that shows nothing (after "Download all", "Not on this computer" shows none) falls back to
 * everything downloaded.
 */
const firstScope = (cart: unknown, selection: readonly LibraryEntry[] | null): Scope =>
  cart ? 'cart' : selection && selection.length > 0 ? 'selection' : 'downloaded';

export function CrateExportDialog({ selection = null, cart, onClose }: CrateExportDialogProps) {
  const [name, setName] = useState(
    cart && cart.name !== defaultCartName ? cart.name : i18n.t('popup.export.defaultName'),
  );
  const [format, setFormat] = useState<ExportChoice>('rekordbox');
  const [scope, setScope] = useState<Scope>(firstScope(cart, selection));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  // Opened from a button: the keyboard lands in the dialog, at its first field, and the list
  // under the sheet does not scroll to it (Firefox would).
  const sheet = useRef<HTMLDivElement>(null);
  useEffect(() => sheet.current?.querySelector('input')?.focus({ preventScroll: true }), []);

  // The last format, unless the person picked one before storage answered.
  const picked = useRef(false);
  useEffect(() => {
    void crateExportFormatSetting.getValue().then((last) => {
      if (!picked.current && isExportChoice(last)) setFormat(last);
    });
  }, []);

  function choose(next: ExportChoice) {
    picked.current = true;
    setFormat(next);
    void crateExportFormatSetting.setValue(next);
  }

  async function exportCrate() {
    setBusy(true);
    setProblem(null);
    setOutcome(null);
    try {
      const crate = name.trim() || i18n.t('popup.export.defaultName');
      if (format === 'usbStick') {
        setOutcome(await handToStickPage(crate, scope, selection, cart?.items ?? []));
        return;
      }
      const found = await locate(scope, selection, cart?.items ?? []);
      if (found.saved.length === 0) {
        const chosen = [...found.saved, ...found.missing];
        setOutcome({ saved: 0, filename: '', missing: found.missing, format, ...noneChosen(scope, chosen) });
        return;
      }
      setOutcome(await saveCrate(format, crate, found));
    } catch (caught) {
      setProblem(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div
      class="crate-export"
      role="dialog"
      aria-label={i18n.t('popup.export.label')}
      ref={sheet}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <label class="inline">
        {i18n.t('popup.export.name')}
        <input value={name} maxLength={100} onInput={(event) => setName(event.currentTarget.value)} />
      </label>
      <label class="inline">
        {i18n.t('popup.export.tracks')}
        <select value={scope} onChange={(event) => setScope(event.currentTarget.value as Scope)}>
          {cart && (
            <option value="cart">
              {cart.name === defaultCartName
                ? plural('popup.export.yourCart', cart.items.length)
                : plural('popup.export.namedCart', cart.items.length, cart.name)}
            </option>
          )}
          <option value="downloaded">{i18n.t('popup.export.everything')}</option>
          {selection && (
            <option value="selection">
              {i18n.t('popup.export.selection', [formatCount(selection.length)])}
            </option>
          )}
        </select>
      </label>
      <label class="inline">
        {i18n.t('popup.export.format')}
        <select value={format} onChange={(event) => choose(event.currentTarget.value as ExportChoice)}>
          {crateFormats.map((value) => (
            <option key={value} value={value}>
              {crateFormatInfo[value].label}
            </option>
          ))}
          <option value="usbStick">{i18n.t('popup.export.usbStick')}</option>
        </select>
      </label>
      <p class="hint">{howTo(format)}</p>
      <button type="button" disabled={busy} onClick={() => void exportCrate()}>
        {i18n.t('popup.export.export')}
      </button>
      <button type="button" onClick={onClose}>
        {i18n.t('popup.export.close')}
      </button>
      {problem && (
        <p role="alert" class="problem">
          {problem}
        </p>
      )}
      {outcome && <ExportOutcome outcome={outcome} />}
    </div>
  );
}
