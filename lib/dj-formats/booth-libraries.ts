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
import type { StickDirectoryHandle } from './rekordbox-device/stick-directory.ts';
import {
  exportToStick,
  type StickExportRequest,
  type StickExportResult,
} from './rekordbox-device/stick-export.ts';
import { writeVirtualDjLibrary } from './virtualdj/writer.ts';

/** The writer of each booth library Crate can write besides the legacy one. */
const writers: Partial<Record<BoothLibrary, BoothLibraryWriter>> = { virtualdj: writeVirtualDjLibrary };

/** The booth libraries a stick can get today, the legacy one first; each can be left out but it. */
export const writableBooths: readonly BoothLibrary[] = boothLibraries.filter(
  (booth) => booth === 'rekordbox-legacy' || writers[booth] !== undefined,
);

/** Writes the crate to the stick for the legacy library and each of `booths`. */
export async function exportToBooths(
  root: StickDirectoryHandle,
  request: StickExportRequest,
  booths: readonly BoothLibrary[],
): Promise<StickExportResult> {
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
    const write = writers[booth];
    if (write) await write(root, { playlistName: request.playlistName, tracks, date: request.date });
  }
  return result;
}
