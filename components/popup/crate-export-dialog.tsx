/**
 * Exports a crate (everything downloaded, or the library entries the filter shows) as an M3U8
 * playlist or a rekordbox XML file, saved with the browser's downloads. Entries whose file is not
 * on disk are listed as missing, never silently left out. Loaded only when asked for
 * (crate-export-button.tsx).
 */
import { useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { safeFilename } from '../../lib/contract/safe-filename.ts';
import type { LibraryEntry } from '../../lib/contract/wire.ts';
import { m3u8, rekordboxXml, type SavedEntry } from '../../lib/popup/crate-export.ts';
import { errorMessage } from '../../lib/protocol/error-message.ts';
import { send } from '../../lib/protocol/send.ts';

export interface CrateExportDialogProps {
  /** The entries the library's filter shows, or null when it shows everything. */
  selection: readonly LibraryEntry[] | null;
  onClose(): void;
}

type Format = 'm3u8' | 'rekordbox';
type Outcome = { saved: number; filename: string; missing: LibraryEntry[] };

/** The messages' limit of entries per question. */
const batch = 1000;

async function everythingDownloaded(): Promise<LibraryEntry[]> {
  const entries: LibraryEntry[] = [];
  for (let page = 1; ; page++) {
    const { results, paging } = await send('library', { page, perPage: 100, status: 'downloaded' });
    entries.push(...results);
    if (page >= paging.totalPages) return entries;
  }
}

async function locate(
  entries: readonly LibraryEntry[],
): Promise<{ saved: SavedEntry[]; missing: LibraryEntry[] }> {
  const saved: SavedEntry[] = [];
  const missing: LibraryEntry[] = [];
  for (let start = 0; start < entries.length; start += batch) {
    const part = entries.slice(start, start + batch);
    const files = await send('savedFiles', {
      entries: part.map(({ id, audioFormat, track }) => ({ id, audioFormat, track })),
    });
    const byId = new Map(files.map((file) => [file.downloadId, file]));
    for (const entry of part) {
      const file = byId.get(entry.id);
      if (file?.location) saved.push({ entry, path: file.path, location: file.location });
      else missing.push(entry);
    }
  }
  return { saved, missing };
}

export function CrateExportDialog({ selection, onClose }: CrateExportDialogProps) {
  const [name, setName] = useState('My crate');
  const [format, setFormat] = useState<Format>('rekordbox');
  const [scope, setScope] = useState<'downloaded' | 'selection'>(selection ? 'selection' : 'downloaded');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function exportCrate() {
    setBusy(true);
    setProblem(null);
    setOutcome(null);
    try {
      const entries = scope === 'selection' && selection ? [...selection] : await everythingDownloaded();
      const { saved, missing } = await locate(entries);
      if (saved.length === 0) {
        setOutcome({ saved: 0, filename: '', missing });
        return;
      }
      const crate = name.trim() || 'My crate';
      const text =
        format === 'm3u8' ? m3u8(saved) : rekordboxXml(crate, saved, browser.runtime.getManifest().version);
      const filename = `${safeFilename(crate) || 'crate'}.${format === 'm3u8' ? 'm3u8' : 'xml'}`;
      const type = format === 'm3u8' ? 'audio/x-mpegurl' : 'application/xml';
      await browser.downloads.download({
        url: `data:${type};charset=utf-8,${encodeURIComponent(text)}`,
        filename,
        // Exporting the same crate again brings its file up to date.
        conflictAction: 'overwrite',
      });
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
        <select
          value={scope}
          onChange={(event) => setScope(event.currentTarget.value as 'downloaded' | 'selection')}
        >
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
              <p>{outcome.missing.length} not downloaded yet, so not in the file:</p>
              <ul aria-label="Missing from the export">
                {outcome.missing.map((entry) => (
                  <li key={entry.id}>
                    {entry.track.artists.map((artist) => artist.name).join(', ')} - {entry.track.name} (
                    {entry.track.mixName})
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
