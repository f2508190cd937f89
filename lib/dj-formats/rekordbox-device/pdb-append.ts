/**
 * Adds a crate to an export.pdb already on the stick (issue #46) without rewriting a byte of what
 * is there: the new tracks' rows, the artist, album, genre, label, key and artwork rows no existing
 * row names yet (existing ones are reused by name, with their ids), the playlist (or the entries
 * added to the playlist of that name at the root) go into new pages appended to each table
 * (pdb-database.ts). New ids start above the highest of each table. Every row rekordbox wrote,
 * every field of it, the history, colours and menus stay as they were.
 */
import { DeviceDatabase } from './pdb-database.ts';
import {
  albumRow,
  artistRow,
  artworkRow,
  defaultTrackConstants,
  keyRow,
  namedRow,
  PageType,
  playlistEntryRow,
  playlistTreeRow,
  type TrackConstants,
  trackRow,
} from './pdb-rows.ts';
import { withIndexShift } from './pdb-writer.ts';
import type { StickTrack } from './stick-library.ts';

export interface StickAddition {
  /** The tracks new to the stick, their ids above every id there. */
  tracks: readonly StickTrack[];
  playlistName: string;
  /** The crate in playing order: new tracks and those already on the stick. */
  trackIds: readonly number[];
}

/** A name table's rows: existing names keep their ids, new ones get ids above the highest. */
class NameTable {
  private readonly ids = new Map<string, number>();
  private last = 0;
  readonly added: Uint8Array[] = [];

  private readonly encode: (id: number, name: string) => Uint8Array;

  constructor(rows: { id: number; name: string }[], encode: (id: number, name: string) => Uint8Array) {
    this.encode = encode;
    for (const { id, name } of rows) {
      if (!this.ids.has(name)) this.ids.set(name, id);
      this.last = Math.max(this.last, id);
    }
  }

  id(name: string): number {
    if (name === '') return 0;
    let id = this.ids.get(name);
    if (id === undefined) {
      id = ++this.last;
      this.ids.set(name, id);
      this.added.push(this.encode(id, name));
    }
    return id;
  }
}

function nameTable(db: DeviceDatabase, type: number, encode: (id: number, name: string) => Uint8Array) {
  const string = type === PageType.artwork ? 'path' : 'name';
  const rows = db.rows(type).map((row) => ({ id: row.fields.id as number, name: row.strings[string] ?? '' }));
  return new NameTable(rows, encode);
}

/** Albums are told apart by name and artist, as the writer groups them. */
function albumTable(db: DeviceDatabase) {
  const rows = db.rows(PageType.albums).map((row) => ({
    id: row.fields.id as number,
    name: `${row.fields.artistId}\u0000${row.strings.name ?? ''}`,
  }));
  return new NameTable(rows, (id, key) => {
    const split = key.indexOf('\u0000');
    return albumRow(id, key.slice(split + 1), Number(key.slice(0, split)));
  });
}

/** The constants rekordbox set alike in the stick's track rows, for the added rows to match. */
function trackConstants(db: DeviceDatabase): TrackConstants {
  const first = db.rows(PageType.tracks)[0]?.fields;
  if (first === undefined) return defaultTrackConstants;
  return {
    bitmask: first.bitmask as number,
    unknown3: first.unknown3 as number,
    unknown4: first.unknown4 as number,
  };
}

/** The playlist's rows: a new one at the root, or entries after those of the root playlist of that name. */
function playlistRows(db: DeviceDatabase, name: string, trackIds: readonly number[]) {
  const tree = db.rows(PageType.playlistTree).map((row) => {
    const { id, parentId, rawIsFolder } = row.fields as Record<string, number>;
    return { id: id ?? 0, parentId: parentId ?? 0, rawIsFolder, name: row.strings.name };
  });
  const same = tree.find((p) => p.parentId === 0 && p.rawIsFolder === 0 && p.name === name);
  const rows = { tree: [] as Uint8Array[], entries: [] as Uint8Array[] };
  let playlistId = same?.id ?? 0;
  if (same === undefined) {
    playlistId = tree.reduce((max, p) => Math.max(max, p.id ?? 0), 0) + 1;
    const sortOrder = tree.filter((p) => p.parentId === 0).length;
    rows.tree.push(playlistTreeRow(playlistId, name, 0, sortOrder, false));
  }
  const entries = db
    .rows(PageType.playlistEntries)
    .map((row) => row.fields as Record<string, number>)
    .filter((entry) => entry.playlistId === playlistId);
  const listed = new Set(entries.map((entry) => entry.trackId));
  let index = entries.reduce((max, entry) => Math.max(max, entry.entryIndex ?? 0), 0);
  for (const trackId of trackIds) {
    if (listed.has(trackId)) continue;
    listed.add(trackId);
    rows.entries.push(playlistEntryRow(++index, trackId, playlistId));
  }
  return rows;
}

/** `existing` with `addition`'s rows appended; `date` (YYYY-MM-DD) is the added tracks' analysis date. */
export function addToExportPdb(existing: Uint8Array, addition: StickAddition, date: string): Uint8Array {
  const db = DeviceDatabase.parse(existing);
  const artists = nameTable(db, PageType.artists, artistRow);
  const genres = nameTable(db, PageType.genres, namedRow);
  const labels = nameTable(db, PageType.labels, namedRow);
  const keys = nameTable(db, PageType.keys, keyRow);
  const artwork = nameTable(db, PageType.artwork, artworkRow);
  const albums = albumTable(db);
  const constants = trackConstants(db);
  const tracks = addition.tracks.map((track) => {
    const artistId = artists.id(track.artist);
    const ids = {
      artistId,
      albumId: track.album === '' ? 0 : albums.id(`${artistId}\u0000${track.album}`),
      genreId: genres.id(track.genre),
      labelId: labels.id(track.label),
      keyId: keys.id(track.key),
      artworkId: artwork.id(track.artworkPath),
    };
    return trackRow(track, ids, date, constants);
  });
  const playlist = playlistRows(db, addition.playlistName, addition.trackIds);
  const added: [number, Uint8Array[]][] = [
    [PageType.tracks, tracks],
    [PageType.genres, genres.added],
    [PageType.artists, artists.added],
    [PageType.albums, albums.added],
    [PageType.labels, labels.added],
    [PageType.keys, keys.added],
    [PageType.playlistTree, playlist.tree],
    [PageType.playlistEntries, playlist.entries],
    [PageType.artwork, artwork.added],
  ];
  for (const [type, rows] of added) db.append(type, rows, withIndexShift.has(type));
  return db.bytes();
}
