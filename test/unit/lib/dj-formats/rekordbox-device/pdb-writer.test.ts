import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultColors } from '../../../../../lib/dj-formats/rekordbox-device/pdb-defaults.ts';
import { PageType } from '../../../../../lib/dj-formats/rekordbox-device/pdb-rows.ts';
import { writeExportPdb } from '../../../../../lib/dj-formats/rekordbox-device/pdb-writer.ts';
import type { StickLibrary } from '../../../../../lib/dj-formats/rekordbox-device/stick-library.ts';
import { makeStickTrack, readWithKaitai } from '../../../../helpers/usb-stick.ts';

// biome-ignore lint/suspicious/noExplicitAny: Kaitai's generated rows are untyped
type KaitaiRow = any;

function library(count: number): StickLibrary {
  const tracks = Array.from({ length: count }, (_, i) => makeStickTrack(i + 1));
  return {
    tracks,
    playlists: [
      {
        id: 1,
        name: 'Friday',
        parentId: 0,
        isFolder: false,
        sortOrder: 0,
        trackIds: tracks.map((t) => t.id),
      },
    ],
  };
}

function text(value: KaitaiRow): string {
  return value.body.text;
}

describe('writeExportPdb, read by crate-digger’s Kaitai definitions', () => {
  it('writes the twenty tables rekordbox writes, with its default rows, on an empty stick', () => {
    const tables = readWithKaitai(writeExportPdb({ tracks: [], playlists: [] }, '2026-11-27'));
    expect([...tables.keys()]).toEqual(Array.from({ length: 20 }, (_, i) => i));
    const colors = (tables.get(PageType.colors) ?? []) as KaitaiRow[];
    expect(colors.map((row) => [row.id, text(row.name)])).toEqual(defaultColors);
    const columns = (tables.get(PageType.columns) ?? []) as KaitaiRow[];
    expect(columns).toEqual([]); // no row type in the definitions: its pages are read, not its rows
    expect(tables.get(PageType.tracks)).toEqual([]);
  });

  it('spreads 1,200 tracks and their playlist over many pages, every row read back', () => {
    const input = library(1200);
    const bytes = writeExportPdb(input, '2026-11-27');
    expect(bytes.length % 4096).toBe(0);
    const tables = readWithKaitai(bytes);
    const tracks = (tables.get(PageType.tracks) ?? []) as KaitaiRow[];
    expect(tracks).toHaveLength(1200);
    const artists = new Map(
      ((tables.get(PageType.artists) ?? []) as KaitaiRow[]).map((r) => [r.id, text(r.name)]),
    );
    const albums = new Map(
      ((tables.get(PageType.albums) ?? []) as KaitaiRow[]).map((r) => [r.id, text(r.name)]),
    );
    const keys = new Map(((tables.get(PageType.keys) ?? []) as KaitaiRow[]).map((r) => [r.id, text(r.name)]));
    for (const [i, row] of tracks.entries()) {
      const track = input.tracks[i];
      expect(row.id).toBe(track?.id);
      expect(text(row.title)).toBe(track?.title);
      expect(text(row.filePath)).toBe(track?.filePath);
      expect(text(row.analyzePath)).toBe(track?.analyzePath);
      expect(artists.get(row.artistId)).toBe(track?.artist);
      expect(albums.get(row.albumId)).toBe(track?.album);
      expect(keys.get(row.keyId)).toBe('Am');
      expect(row.tempo).toBe(12800);
      expect(row.duration).toBe(240);
    }
    const entries = (tables.get(PageType.playlistEntries) ?? []) as KaitaiRow[];
    expect(entries).toHaveLength(1200);
    expect(entries.map((e) => e.trackId)).toEqual(input.tracks.map((t) => t.id));
    const tree = (tables.get(PageType.playlistTree) ?? []) as KaitaiRow[];
    expect(tree.map((row) => [row.id, text(row.name), row.isFolder])).toEqual([[1, 'Friday', false]]);
  });

  it('stores names outside ASCII as UTF-16 and long ASCII names whole', () => {
    const long = 'A'.repeat(200);
    const input: StickLibrary = {
      tracks: [makeStickTrack(1, { title: 'Café del Mar — 東京 Ünïcødé 🎧', artist: 'Björk', album: long })],
      playlists: [{ id: 1, name: 'Ñandú', parentId: 0, isFolder: false, sortOrder: 0, trackIds: [1] }],
    };
    const tables = readWithKaitai(writeExportPdb(input, '2026-11-27'));
    const [track] = (tables.get(PageType.tracks) ?? []) as KaitaiRow[];
    expect(text(track.title)).toBe('Café del Mar — 東京 Ünïcødé 🎧');
    expect(((tables.get(PageType.artists) ?? []) as KaitaiRow[]).map((r) => text(r.name))).toEqual(['Björk']);
    expect(((tables.get(PageType.albums) ?? []) as KaitaiRow[]).map((r) => text(r.name))).toEqual([long]);
    expect(((tables.get(PageType.playlistTree) ?? []) as KaitaiRow[]).map((r) => text(r.name))).toEqual([
      'Ñandú',
    ]);
  });

  it('reads back whatever names and numbers a track has (property)', () => {
    const name = fc.string({ unit: 'grapheme', maxLength: 60 });
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            title: name,
            artist: name,
            album: name,
            genre: name,
            bpm: fc.integer({ min: 1, max: 30000 }),
          }),
          {
            minLength: 1,
            maxLength: 40,
          },
        ),
        (rows) => {
          const tracks = rows.map((r, i) =>
            makeStickTrack(i + 1, {
              title: r.title,
              artist: r.artist,
              album: r.album,
              genre: r.genre,
              tempoCentiBpm: r.bpm,
            }),
          );
          const tables = readWithKaitai(writeExportPdb({ tracks, playlists: [] }, '2026-11-27'));
          const artists = new Map(
            ((tables.get(PageType.artists) ?? []) as KaitaiRow[]).map((r) => [r.id, text(r.name)]),
          );
          const genres = new Map(
            ((tables.get(PageType.genres) ?? []) as KaitaiRow[]).map((r) => [r.id, text(r.name)]),
          );
          const read = (tables.get(PageType.tracks) ?? []) as KaitaiRow[];
          expect(read.map((r) => text(r.title))).toEqual(rows.map((r) => r.title));
          expect(read.map((r) => artists.get(r.artistId) ?? '')).toEqual(rows.map((r) => r.artist));
          expect(read.map((r) => genres.get(r.genreId) ?? '')).toEqual(rows.map((r) => r.genre));
          expect(read.map((r) => r.tempo)).toEqual(rows.map((r) => r.bpm));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('clips a text too long for a page rather than writing a row no player can read', () => {
    const tracks = [makeStickTrack(1, { title: 'x'.repeat(5000), comment: 'é'.repeat(5000) })];
    const tables = readWithKaitai(writeExportPdb({ tracks, playlists: [] }, '2026-11-27'));
    const [track] = (tables.get(PageType.tracks) ?? []) as KaitaiRow[];
    expect(text(track.title)).toBe('x'.repeat(255));
    expect(text(track.comment)).toBe('é'.repeat(255));
  });
});
