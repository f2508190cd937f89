/**
 * Reads an export.pdb into a StickLibrary, the terms Crate deals in: which tracks and playlists the
 * stick holds, so an export adds only what is missing. Reads any rekordbox-shaped file (pdb-database.ts
 * follows each table's page chain and honours the rows' presence flags), not only ours; a file that
 * is not one throws, and the export stops before writing anything. Adding to the stick never
 * rewrites this view: pdb-writer.ts's `addToExportPdb` appends rows to the file itself.
 */
import { DeviceDatabase, type StoredRow } from './pdb-database.ts';
import { PageType } from './pdb-rows.ts';
import type { StickFileType, StickLibrary, StickPlaylist, StickTrack } from './stick-library.ts';
import { fileTypeCodes } from './stick-library.ts';

type Lookup = Map<number, string>;

const num = (row: StoredRow, field: string) => row.fields[field] as number;

/** Id to name of a table whose rows are an id and a name (or path). */
export function namesById(db: DeviceDatabase, type: number, string = 'name'): Lookup {
  return new Map(db.rows(type).map((row) => [num(row, 'id'), row.strings[string] ?? '']));
}

const fileTypes = new Map(Object.entries(fileTypeCodes).map(([type, code]) => [code, type as StickFileType]));

function readTrack(row: StoredRow, lookups: Record<string, Lookup>): StickTrack {
  const name = (lookup: string, field: string) => lookups[lookup]?.get(num(row, field)) ?? '';
  const text = (string: string) => row.strings[string] ?? '';
  return {
    id: num(row, 'id'),
    title: text('title'),
    artist: name('artist', 'artistId'),
    album: name('album', 'albumId'),
    label: name('label', 'labelId'),
    genre: name('genre', 'genreId'),
    key: name('key', 'keyId'),
    comment: text('comment'),
    year: num(row, 'year'),
    trackNumber: num(row, 'trackNumber'),
    tempoCentiBpm: num(row, 'tempo'),
    durationSeconds: num(row, 'duration'),
    bitrateKbps: num(row, 'bitrate'),
    sampleRate: num(row, 'sampleRate'),
    sampleDepth: num(row, 'sampleDepth'),
    fileSize: num(row, 'fileSize'),
    fileType: fileTypes.get(num(row, 'fileType')) ?? 'mp3',
    filePath: text('filePath'),
    analyzePath: text('analyzePath'),
    artworkPath: name('artwork', 'artworkId'),
    dateAdded: text('dateAdded'),
    colorId: num(row, 'colorId'),
    autoloadHotCues: text('autoloadHotcues') === 'ON',
  };
}

function readPlaylists(db: DeviceDatabase): StickPlaylist[] {
  const playlists = new Map<number, StickPlaylist>();
  for (const row of db.rows(PageType.playlistTree)) {
    playlists.set(num(row, 'id'), {
      id: num(row, 'id'),
      name: row.strings.name ?? '',
      parentId: num(row, 'parentId'),
      sortOrder: num(row, 'sortOrder'),
      isFolder: num(row, 'rawIsFolder') !== 0,
      trackIds: [],
    });
  }
  const entries = db.rows(PageType.playlistEntries).map((row) => row.fields as Record<string, number>);
  entries.sort((a, b) => (a.entryIndex ?? 0) - (b.entryIndex ?? 0));
  for (const entry of entries) playlists.get(entry.playlistId ?? 0)?.trackIds.push(entry.trackId ?? 0);
  return [...playlists.values()];
}

/** The library the database holds. */
export function libraryOf(db: DeviceDatabase): StickLibrary {
  const lookups = {
    artist: namesById(db, PageType.artists),
    album: namesById(db, PageType.albums),
    label: namesById(db, PageType.labels),
    genre: namesById(db, PageType.genres),
    key: namesById(db, PageType.keys),
    artwork: namesById(db, PageType.artwork, 'path'),
  };
  const tracks = db.rows(PageType.tracks).map((row) => readTrack(row, lookups));
  return { tracks, playlists: readPlaylists(db) };
}

/** The library `file` holds. Throws on a file that is not a DeviceSQL database. */
export function readExportPdb(file: Uint8Array): StickLibrary {
  if (file.length < 4096) throw new Error('Not a rekordbox export.pdb');
  return libraryOf(DeviceDatabase.parse(file));
}
