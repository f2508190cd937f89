/**
 * One stick for any booth: after the Pioneer legacy library has copied each track's audio under
 * Contents/ (stick-export.ts), every other booth library on the stick (OneLibrary, Engine DJ,
 * VirtualDJ) lists those same files; no audio is copied twice. Each library's writer takes this
 * request, keeps whatever the DJ's own library on the stick already holds, and adds the crate.
 */

import type { StickDirectoryHandle } from './rekordbox-device/stick-directory.ts';
import type { StickExportTrack } from './rekordbox-device/stick-export.ts';

/** The booth libraries a stick can carry, in the order they are written. */
export const boothLibraries = ['rekordbox-legacy', 'onelibrary', 'engine-dj', 'virtualdj'] as const;
export type BoothLibrary = (typeof boothLibraries)[number];

/** A track already on the stick, with the store's facts about it. */
export interface BoothTrack extends Omit<StickExportTrack, 'audio'> {
  /** "/Contents/Artist/Album/file.mp3", from the stick's root, as the legacy library placed it. */
  filePath: string;
  fileSize: number;
  /** The legacy library's row id of the track (OneLibrary shares ANLZ paths with it). */
  legacyId: number;
  /** "/PIONEER/USBANLZ/P0xx/xxxxxxxx/ANLZ0000.DAT", the analysis files the legacy library wrote. */
  analyzePath: string;
}

export interface BoothLibraryRequest {
  playlistName: string;
  /** In the crate's order; each once. */
  tracks: readonly BoothTrack[];
  /** Today, YYYY-MM-DD. */
  date: string;
}

/** Adds the crate to one booth library on the stick; throws StickExportError, that library as it was. */
export type BoothLibraryWriter = (root: StickDirectoryHandle, request: BoothLibraryRequest) => Promise<void>;
