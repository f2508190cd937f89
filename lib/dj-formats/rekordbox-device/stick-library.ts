/**
 * What a stick's export.pdb holds, in the terms Crate deals in: tracks with their names, and
 * playlists of track ids. The writer derives the artist, album, label, genre, key and artwork rows
 * (one row per distinct name) and the reader folds them back into this shape, so an incremental
 * export reads the stick's library, adds to it, and writes it whole again.
 */

export const stickFileTypes = ['mp3', 'm4a', 'flac', 'wav', 'aiff'] as const;
export type StickFileType = (typeof stickFileTypes)[number];

/** Whether a Pioneer player's library can name a file of this format. */
export const isStickFileType = (format: string): format is StickFileType =>
  (stickFileTypes as readonly string[]).includes(format);

export interface StickTrack {
  /** The row id, 1 up; players report it, playlists name it. */
  id: number;
  title: string;
  artist: string;
  album: string;
  label: string;
  genre: string;
  /** Musical key as rekordbox names it ("Am", "F#"), empty when unknown. */
  key: string;
  comment: string;
  year: number;
  trackNumber: number;
  /** Centi-BPM, as the tracks table and the beat grid store tempo. */
  tempoCentiBpm: number;
  durationSeconds: number;
  bitrateKbps: number;
  sampleRate: number;
  sampleDepth: number;
  fileSize: number;
  fileType: StickFileType;
  /** "/Contents/Artist/Album/file.mp3", from the stick's root. */
  filePath: string;
  /** "/PIONEER/USBANLZ/P0xx/xxxxxxxx/ANLZ0000.DAT". */
  analyzePath: string;
  /** "/PIONEER/Artwork/00001/a1.jpg", empty without artwork. */
  artworkPath: string;
  /** YYYY-MM-DD. */
  dateAdded: string;
  /** rekordbox's colour label, 0 for none, 1 (pink) to 8 (purple). */
  colorId: number;
  /** Hot cues loaded with the track on the deck, as rekordbox's "autoload" flag. */
  autoloadHotCues: boolean;
}

export interface StickPlaylist {
  id: number;
  name: string;
  /** Folder holding it, 0 at the root. */
  parentId: number;
  isFolder: boolean;
  sortOrder: number;
  /** In playing order. */
  trackIds: number[];
}

export interface StickLibrary {
  tracks: StickTrack[];
  playlists: StickPlaylist[];
}

/** The file type as the tracks table numbers it (rekordcrate's `FileType`). */
export const fileTypeCodes: Record<StickFileType, number> = { mp3: 1, m4a: 4, flac: 5, wav: 11, aiff: 12 };
