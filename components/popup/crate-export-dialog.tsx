/**
 * Exports a crate (a cart, everything downloaded, or the library entries the filter shows) as an
 * M3U8 playlist or a rekordbox XML file, saved with the browser's downloads. Tracks whose file is
 * not on disk, and a cart's items not bought yet, are listed as missing, never silently left out.
 * Loaded only when asked for (crate-export-button.tsx).
 */
import { useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { defaultCartName } from '../../lib/contract/cart-name.ts';
import { maxPerPage } from '../../lib/contract/paging.ts';
import { safeFilename } from '../../lib/contract/safe-filename.ts';
import type { CartItem, LibraryEntry } from '../../lib/contract/wire.ts';
import {
  cartTracks,
  chooseFiles,
  type MissingTrack,
  m3u8,
  type OwnedTrack,
  rekordboxXml,
  type SavedEntry,
} from '../../lib/popup/crate-export.ts';
import { saveTextFile } from '../../lib/popup/save-text-file.ts';
import { errorMessage } from '../../lib/protocol/error-message.ts';
import type { SavedFile } from '../../lib/protocol/messages.ts';
import { send } from '../../lib/protocol/send.ts';

export interface CrateExportDialogProps {
  /** The entries the library's filter shows, or null when it shows everything. */
  selection?: readonly LibraryEntry[] | null;
  /** A cart to export: its name names the crate. */
  cart?: { name: string; items: readonly CartItem[] };
  onClose(): void;
}

type Format = 'm3u8' | 'rekordbox';
type Scope = 'cart' | 'downloaded' | 'selection';
type Outcome = { saved: number; filename: string; missing: MissingTrack[] };

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

async function releaseTracks(items: readonly CartItem[]): Promise<Map<number, number[]>> {
  const ids = [...new Set(items.filter((item) => item.type === 'release').map((item) => item.id))];
  const tracks = new Map<number, number[]>();
  for (let start = 0; start < ids.length; start += releaseBatch) {
    for (const release of await send('releaseTracks', { ids: ids.slice(start, start + releaseBatch) }))
      tracks.set(release.id, release.trackIds);
  }
  return tracks;
}

/** The crate's tracks with their files, and what cannot be in the file. */
async function locate(
  scope: Scope,
  selection: readonly LibraryEntry[] | null,
  cartItems: readonly CartItem[],
): Promise<{ saved: SavedEntry[]; missing: MissingTrack[] }> {
  let owned: OwnedTrack[];
  let notBought: MissingTrack[] = [];
  if (scope === 'cart') {
    const [library, releases] = await Promise.all([libraryPages(), releaseTracks(cartItems)]);
    ({ owned, notBought } = cartTracks(cartItems, library, releases));
  } else {
    const entries = scope === 'selection' && selection ? [...selection] : await libraryPages('downloaded');
    owned = entries.map((entry) => ({ trackId: entry.track.id, entries: [entry] }));
  }
  const files = await filesOf(owned.flatMap((track) => track.entries));
  const { saved, notDownloaded } = chooseFiles(owned, files);
  return { saved, missing: [...notBought, ...notDownloaded] };
}

export function CrateExportDialog({ selection = null, cart, onClose }: CrateExportDialogProps) {
  const [name, setName] = useState(cart && cart.name !== defaultCartName ? cart.name : 'My crate');
  const [format, setFormat] = useState<Format>('rekordbox');
  const [scope, setScope] = useState<Scope>(cart ? 'cart' : selection ? 'selection' : 'downloaded');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function exportCrate() {
    setBusy(true);
    setProblem(null);
    setOutcome(null);
    try {
      const { saved, missing } = await locate(scope, selection, cart?.items ?? []);
      if (saved.length === 0) {
        setOutcome({ saved: 0, filename: '', missing });
        return;
      }
      const crate = name.trim() || 'My crate';
      const filename = `${safeFilename(crate) || 'crate'}.${format === 'm3u8' ? 'm3u8' : 'xml'}`;
      await saveTextFile(
        format === 'm3u8'
          ? { text: m3u8(saved), type: 'audio/x-mpegurl', filename }
          : {
              text: rekordboxXml(crate, saved, browser.runtime.getManifest().version),
              type: 'application/xml',
              filename,
            },
      );
      setOutcome({ saved: saved.length, filename, missing });
    } catch (caught) {
      setProblem(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section class="crate-export" aria-label="Export crate">
      <label class="inline">
        Crate name
        <input value={name} maxLength={100} onInput={(event) => setName(event.currentTarget.value)} />
      </label>
      <label class="inline">
        Tracks
        <select value={scope} onChange={(event) => setScope(event.currentTarget.value as Scope)}>
          {cart && (
            <option value="cart">
              {cart.name === defaultCartName ? 'Your cart' : `Cart "${cart.name}"`} ({cart.items.length}{' '}
              {cart.items.length === 1 ? 'item' : 'items'})
            </option>
          )}
          <option value="downloaded">Everything downloaded</option>
          {selection && <option value="selection">The {selection.length} shown by the filter</option>}
        </select>
      </label>
      <label class="inline">
        Format
        <select value={format} onChange={(event) => setFormat(event.currentTarget.value as Format)}>
          <option value="rekordbox">rekordbox XML</option>
          <option value="m3u8">M3U8 playlist</option>
        </select>
      </label>
      <button type="button" disabled={busy} onClick={() => void exportCrate()}>
        Export
      </button>
      <button type="button" onClick={onClose}>
        Close
      </button>
      {problem && (
        <p role="alert" class="problem">
          {problem}
        </p>
      )}
      {outcome && (
        <div role="status">
          <p>
            {outcome.saved > 0
              ? `${outcome.saved} ${outcome.saved === 1 ? 'track' : 'tracks'} exported to "${outcome.filename}" in your downloads.`
              : 'Nothing exported: none of these tracks is on disk.'}
          </p>
          {outcome.missing.length > 0 && (
            <>
              <p>{outcome.missing.length} not in the file:</p>
              <ul aria-label="Missing from the export">
                {outcome.missing.map((missing) => (
                  <li key={missing.key}>
                    {missing.title}: {missing.reason}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  );
}
