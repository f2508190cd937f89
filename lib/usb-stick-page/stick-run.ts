/**
 * One export from the USB stick page: the store's analyses of the crate's tracks first (a track
 * without one cannot have a grid on a CDJ: it is listed, not written), then the stick writer into
 * the folder picked or the downloads tree. The store is reached through the given sources.
 */
import { i18n } from '#i18n';
import { formatLabel } from '../contract/audio-formats.ts';
import type { TrackAnalysis } from '../contract/track-analysis.ts';
import { exportToBooths } from '../dj-formats/booth-libraries.ts';
import type { BoothLibrary } from '../dj-formats/booth-library.ts';
import type { StickDirectoryHandle } from '../dj-formats/rekordbox-device/stick-directory.ts';
import type { StickExportResult } from '../dj-formats/rekordbox-device/stick-export.ts';
import { isStickFileType } from '../dj-formats/rekordbox-device/stick-library.ts';
import { entryArtistsAndTitle } from '../dj-formats/saved-file.ts';
import type { StickPageRequest } from '../storage/items.ts';
import { type StickSources, stickTrackOf } from './stick-tracks.ts';

export interface StickRunSources extends StickSources {
  /** The store's analyses of these tracks, by track id; a track it has none of is absent. */
  analyses(trackIds: number[]): Promise<Map<number, TrackAnalysis>>;
}

export interface StickRunOutcome {
  /** Null when no track could be written (nothing changed on the stick). */
  result: StickExportResult | null;
  missing: StickPageRequest['missing'];
}

/** The messages' limit of tracks per analysis question. */
const analysisBatch = 100;

export async function runStickExport(
  target: StickDirectoryHandle,
  request: StickPageRequest,
  sources: StickRunSources,
  {
    date,
    noAnalysis,
    onProgress,
    booths = [],
  }: {
    date: string;
    noAnalysis: string;
    onProgress?: (done: number, total: number) => void;
    /** The booth libraries to write besides the legacy one (booth-libraries.ts). */
    booths?: readonly BoothLibrary[];
  },
): Promise<StickRunOutcome> {
  const trackIds = [...new Set(request.entries.map((entry) => entry.track.id))];
  const analyses = new Map<number, TrackAnalysis>();
  for (let start = 0; start < trackIds.length; start += analysisBatch)
    for (const [id, analysis] of await sources.analyses(trackIds.slice(start, start + analysisBatch)))
      analyses.set(id, analysis);
  const missing = [...request.missing];
  const tracks = request.entries.flatMap((entry) => {
    // A format the store added that Pioneer players do not play (issue #49): listed as left out.
    if (!isStickFileType(entry.audioFormat)) {
      const reason = i18n.t('stick.notPlayable', [formatLabel(entry.audioFormat)]);
      missing.push({ key: `entry:${entry.id}`, title: entryArtistsAndTitle(entry), reason });
      return [];
    }
    const analysis = analyses.get(entry.track.id);
    if (analysis) return [stickTrackOf(entry, analysis, sources)];
    missing.push({ key: `entry:${entry.id}`, title: entryArtistsAndTitle(entry), reason: noAnalysis });
    return [];
  });
  if (tracks.length === 0) return { result: null, missing };
  const result = await exportToBooths(
    target,
    { playlistName: request.playlistName, tracks, date, onProgress },
    booths,
    // SQLite's wasm, fetched only for the Engine DJ and OneLibrary libraries.
    async () => {
      const [{ browserSqlite }, wasm] = await Promise.all([
        import('./browser-sqlite.ts'),
        import('@sqlite.org/sqlite-wasm/sqlite3.wasm?url'),
      ]);
      return browserSqlite(wasm.default);
    },
  );
  return { result, missing };
}
