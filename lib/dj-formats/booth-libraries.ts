/**
 * One stick for any booth: the Pioneer legacy library is written first (stick-export.ts: it places
 * each track's audio under Contents/ and its analysis files), then each other booth library the DJ
 * chose lists those same files. A booth library that fails stops the export with its sentence;
 * the ones written before it, the legacy library among them, are complete and stay.
 */
import {
  type BoothLibrary,
  type BoothLibraryWriter,
  type BoothTrack,
  boothLibraries,
} from './booth-library.ts';
import type { OpenEngineDatabase } from './engine-dj/engine-sql.ts';
import { checkEngineLibrary, engineDjWriter } from './engine-dj/writer.ts';
import { checkOneLibrary, oneLibraryWriter, type SqlEngine } from './onelibrary/stick-library.ts';
import type { StickDirectoryHandle } from './rekordbox-device/stick-directory.ts';
import {
  exportToStick,
  type StickExportRequest,
  type StickExportResult,
} from './rekordbox-device/stick-export.ts';
import { checkVirtualDjLibrary, writeVirtualDjLibrary } from './virtualdj/writer.ts';

/**
 * The SQLite the Engine DJ and OneLibrary writers work in: this folder imports no engine, so the
 * caller hands one over (the stick page: lib/usb-stick-page/browser-sqlite.ts; tests: Node's),
 * asked for only when one of those libraries is chosen.
 */
export interface BoothSqlite {
  openEngineDatabase: OpenEngineDatabase;
  oneLibraryEngine: SqlEngine;
}

const sqlBooths: readonly BoothLibrary[] = ['onelibrary', 'engine-dj'];

/** Every booth library a stick can get, the legacy one first; each can be left out but it. */
export const writableBooths: readonly BoothLibrary[] = boothLibraries;

function writerOf(booth: BoothLibrary, sqlite: BoothSqlite | undefined): BoothLibraryWriter | undefined {
  if (booth === 'virtualdj') return writeVirtualDjLibrary;
  if (!sqlite) return undefined;
  if (booth === 'engine-dj') return engineDjWriter(sqlite.openEngineDatabase);
  if (booth === 'onelibrary') return oneLibraryWriter(sqlite.oneLibraryEngine);
  return undefined;
}

/** Writes the crate to the stick for the legacy library and each of `booths`. */
export async function exportToBooths(
  root: StickDirectoryHandle,
  request: StickExportRequest,
  booths: readonly BoothLibrary[],
  loadSqlite?: () => Promise<BoothSqlite>,
): Promise<StickExportResult> {
  const wantsSqlite = booths.some((booth) => sqlBooths.includes(booth));
  if (wantsSqlite && !loadSqlite) throw new Error('The Engine DJ and OneLibrary writers need a SQLite.');
  // Loaded before the legacy library is written: a SQLite that fails to load stops the export
  // before anything on the stick changed.
  const sqlite = wantsSqlite ? await loadSqlite?.() : undefined;
  // Every chosen library the DJ already has must be one Crate can add to, before anything is written.
  if (sqlite && booths.includes('engine-dj')) await checkEngineLibrary(sqlite.openEngineDatabase, root);
  if (sqlite && booths.includes('onelibrary')) await checkOneLibrary(sqlite.oneLibraryEngine, root);
  if (booths.includes('virtualdj')) await checkVirtualDjLibrary(root);
  const result = await exportToStick(root, request);
  const tracks: BoothTrack[] = result.crate.map(({ track, row }) => {
    const { audio: _audio, ...facts } = track;
    return {
      ...facts,
      filePath: row.filePath,
      fileSize: row.fileSize,
      legacyId: row.id,
      analyzePath: row.analyzePath,
    };
  });
  for (const booth of booths) {
    const write = writerOf(booth, sqlite);
    if (write) await write(root, { playlistName: request.playlistName, tracks, date: request.date });
  }
  return result;
}
