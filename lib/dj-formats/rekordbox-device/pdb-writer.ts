/**
 * export.pdb from a StickLibrary: the twenty tables rekordbox writes, in its order, with the rows
 * every export carries (colours, columns, menus, the sync history) beside the library's own.
 */
import { defaultColors, defaultColumns, defaultMenus17, defaultMenus18 } from './pdb-defaults.ts';
import { assembleDatabase, type TablePages } from './pdb-pages.ts';
import {
  albumRow,
  artistRow,
  artworkRow,
  colorRow,
  columnRow,
  historyRow,
  keyRow,
  menuRow,
  namedRow,
  PageType,
  playlistEntryRow,
  playlistTreeRow,
  type TrackRowIds,
  trackRow,
} from './pdb-rows.ts';
import type { StickLibrary } from './stick-library.ts';

const tableCount = 20;

/** Tables whose rows carry an `indexShift`. */
export const withIndexShift: ReadonlySet<number> = new Set<number>([
  PageType.tracks,
  PageType.artists,
  PageType.albums,
  PageType.history,
]);

/** Ids 1 up for distinct names, in first-seen order; the empty name has none (0). */
class NameIds {
  readonly ids = new Map<string, number>();
  id(name: string): number {
    if (name === '') return 0;
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.ids.size + 1;
      this.ids.set(name, id);
    }
    return id;
  }
}

interface DerivedRows {
  tracks: Uint8Array[];
  artists: Uint8Array[];
  albums: Uint8Array[];
  genres: Uint8Array[];
  labels: Uint8Array[];
  keys: Uint8Array[];
  artwork: Uint8Array[];
}

/** The tracks' rows and the name tables they point into. */
function deriveTrackRows(library: StickLibrary, date: string): DerivedRows {
  const artists = new NameIds();
  const genres = new NameIds();
  const labels = new NameIds();
  const keys = new NameIds();
  const artwork = new NameIds();
  const albums = new Map<string, { id: number; name: string; artistId: number }>();
  const tracks = [...library.tracks]
    .sort((a, b) => a.id - b.id)
    .map((track) => {
      const artistId = artists.id(track.artist);
      let albumId = 0;
      if (track.album !== '') {
        const key = `${track.album}\u0000${artistId}`;
        let album = albums.get(key);
        if (album === undefined) {
          album = { id: albums.size + 1, name: track.album, artistId };
          albums.set(key, album);
        }
        albumId = album.id;
      }
      const ids: TrackRowIds = {
        artistId,
        albumId,
        genreId: genres.id(track.genre),
        labelId: labels.id(track.label),
        keyId: keys.id(track.key),
        artworkId: artwork.id(track.artworkPath),
      };
      return trackRow(track, ids, date);
    });
  const named = (ids: NameIds, encode: (id: number, name: string) => Uint8Array) =>
    [...ids.ids].map(([name, id]) => encode(id, name));
  return {
    tracks,
    artists: named(artists, artistRow),
    albums: [...albums.values()].map((album) => albumRow(album.id, album.name, album.artistId)),
    genres: named(genres, namedRow),
    labels: named(labels, namedRow),
    keys: named(keys, keyRow),
    artwork: named(artwork, artworkRow),
  };
}

function playlistRows(library: StickLibrary): { tree: Uint8Array[]; entries: Uint8Array[] } {
  const playlists = [...library.playlists].sort((a, b) => a.id - b.id);
  return {
    tree: playlists.map((p) => playlistTreeRow(p.id, p.name, p.parentId, p.sortOrder, p.isFolder)),
    entries: playlists.flatMap((p) => p.trackIds.map((trackId, i) => playlistEntryRow(i + 1, trackId, p.id))),
  };
}

/**
 * The export.pdb bytes for `library`; `date` (YYYY-MM-DD) is the analysis and sync date rekordbox
 * stamps on its rows.
 */
export function writeExportPdb(library: StickLibrary, date: string): Uint8Array {
  const derived = deriveTrackRows(library, date);
  const playlists = playlistRows(library);
  const rows: Uint8Array[][] = Array.from({ length: tableCount }, () => []);
  rows[PageType.tracks] = derived.tracks;
  rows[PageType.genres] = derived.genres;
  rows[PageType.artists] = derived.artists;
  rows[PageType.albums] = derived.albums;
  rows[PageType.labels] = derived.labels;
  rows[PageType.keys] = derived.keys;
  rows[PageType.colors] = defaultColors.map(([id, name]) => colorRow(id, name));
  rows[PageType.playlistTree] = playlists.tree;
  rows[PageType.playlistEntries] = playlists.entries;
  rows[PageType.artwork] = derived.artwork;
  rows[PageType.columns] = defaultColumns.map(([id, code, name]) => columnRow(id, code, name));
  rows[PageType.menus17] = defaultMenus17.map(menuRow);
  rows[PageType.menus18] = defaultMenus18.map(menuRow);
  rows[PageType.history] = [historyRow(library.tracks.length, date)];
  const tables: TablePages[] = rows.map((tableRows, type) => ({
    type,
    rows: tableRows,
    hasIndexShift: withIndexShift.has(type),
  }));
  return assembleDatabase(tables);
}
