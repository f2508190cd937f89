import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { readExportPdb } from '../../../../../lib/dj-formats/rekordbox-device/pdb-reader.ts';
import { PageType } from '../../../../../lib/dj-formats/rekordbox-device/pdb-rows.ts';
import {
  exportToStick,
  type StickExportTrack,
} from '../../../../../lib/dj-formats/rekordbox-device/stick-export.ts';
import {
  kaitaiRowsByKey,
  MemoryDirectory,
  makeExportTrack,
  readAnlzWithKaitai,
  readWithKaitai,
  rekordboxDemoStick,
} from '../../../../helpers/usb-stick.ts';

const date = '2026-11-27';
const database = 'PIONEER/rekordbox/export.pdb';

async function stickWith(tracks: StickExportTrack[], name = 'Friday') {
  const stick = new MemoryDirectory();
  await exportToStick(stick, { playlistName: name, tracks, date });
  return stick;
}

describe('exportToStick', () => {
  it('writes the audio, the analysis, the settings and a database the independent reader reads whole', async () => {
    const stick = await stickWith([
      makeExportTrack(1),
      makeExportTrack(2, { artwork: new Uint8Array([0xff, 0xd8]) }),
    ]);
    const library = readExportPdb(stick.file(database) ?? new Uint8Array());
    expect(library.playlists).toEqual([
      { id: 1, name: 'Friday', parentId: 0, isFolder: false, sortOrder: 0, trackIds: [1, 2] },
    ]);
    for (const track of library.tracks) {
      expect(stick.file(track.filePath.slice(1))?.length).toBe(track.fileSize);
      const dat = stick.file(track.analyzePath.slice(1)) ?? new Uint8Array();
      expect(readAnlzWithKaitai(dat).sections[0].body.path).toBe(track.filePath);
      expect(stick.file(track.analyzePath.slice(1).replace(/DAT$/, 'EXT'))).toBeDefined();
    }
    expect(library.tracks[1]?.artworkPath).toBe('/PIONEER/Artwork/00000/a2.jpg');
    expect(stick.file('PIONEER/Artwork/00000/a2.jpg')).toEqual(new Uint8Array([0xff, 0xd8]));
    for (const name of ['DEVSETTING.DAT', 'MYSETTING.DAT', 'MYSETTING2.DAT', 'DJMMYSETTING.DAT']) {
      expect(stick.file(`PIONEER/${name}`)).toBeDefined();
    }
    expect(stick.file('PIONEER/rekordbox/export.pdb.new')).toBeUndefined();
    const tables = readWithKaitai(stick.file(database) ?? new Uint8Array());
    expect(tables.get(PageType.tracks)).toHaveLength(2);
  });

  it('lists a FLAC file as FLAC, file type 5 as rekordbox writes it, read by crate-digger', async () => {
    const flac = Uint8Array.of(0x66, 0x4c, 0x61, 0x43, 0, 0, 0, 34);
    const stick = await stickWith([
      makeExportTrack(1),
      makeExportTrack(2, {
        fileType: 'flac',
        bitrateKbps: 0,
        audio: async function* () {
          yield flac;
        },
      }),
    ]);
    const library = readExportPdb(stick.file(database) ?? new Uint8Array());
    const [, second] = library.tracks;
    expect(second?.fileType).toBe('flac');
    expect(second?.filePath).toMatch(/\.flac$/);
    expect(stick.file(second?.filePath.slice(1) ?? '')).toEqual(flac);
    const rows = (readWithKaitai(stick.file(database) ?? new Uint8Array()).get(PageType.tracks) ?? []) as {
      filePath: { body: { text: string } };
      _unnamed29: number;
    }[];
    // crate-digger leaves the field unnamed; pyrekordbox calls it file_type (MP3 1, FLAC 5).
    expect(rows.map((row) => [row.filePath.body.text.split('.').at(-1), row._unnamed29])).toEqual([
      ['mp3', 1],
      ['flac', 5],
    ]);
  });

  it('adds a second crate to the stick: the first kept, no file copied twice', async () => {
    const stick = await stickWith([makeExportTrack(1), makeExportTrack(2)]);
    const before = stick.paths().length;
    const result = await exportToStick(stick, {
      playlistName: 'Saturday',
      tracks: [makeExportTrack(2), makeExportTrack(3)],
      date,
    });
    expect(result).toMatchObject({ added: 1, alreadyThere: 1 });
    const library = readExportPdb(stick.file(database) ?? new Uint8Array());
    expect(library.tracks.map((t) => t.title)).toEqual(['Track 1', 'Track 2', 'Track 3']);
    expect(library.playlists.map((p) => [p.name, p.trackIds])).toEqual([
      ['Friday', [1, 2]],
      ['Saturday', [2, 3]],
    ]);
    expect(stick.paths().length).toBe(before + 3); // one audio file and its two analysis files
  });

  it('adds to a playlist of the same name rather than listing the crate twice', async () => {
    const stick = await stickWith([makeExportTrack(1)]);
    await exportToStick(stick, { playlistName: 'Friday', tracks: [makeExportTrack(2)], date });
    const library = readExportPdb(stick.file(database) ?? new Uint8Array());
    expect(library.playlists.map((p) => [p.name, p.trackIds])).toEqual([['Friday', [1, 2]]]);
  });

  it('gives FAT32-safe names to files whose artist and title FAT32 refuses', async () => {
    const stick = await stickWith([
      makeExportTrack(1, { artist: 'AC/DC', album: 'Live: 1992?', fileName: 'AC/DC - "T.N.T."' }),
    ]);
    const [track] = readExportPdb(stick.file(database) ?? new Uint8Array()).tracks;
    expect(track?.filePath).toBe('/Contents/ACDC/Live 1992/ACDC - T.N.T.mp3');
    expect(track?.artist).toBe('AC/DC');
  });

  it.each([
    ['full', { capacity: 1 }, 'stick-full'],
    ['read-only', { readOnly: true }, 'read-only'],
    ['pulled out while the database is replaced', { removedAt: 'export.pdb' }, 'stick-removed'],
    ['pulled out during the audio', { removedAt: 'Track 3.mp3' }, 'stick-removed'],
  ] as const)(
    'stops on a stick %s with a clear failure, the previous library still readable',
    async (_, faults, failure) => {
      const stick = await stickWith([makeExportTrack(1)]);
      const previous = stick.file(database);
      stick.fail(faults);
      const second = exportToStick(stick, {
        playlistName: 'Saturday',
        tracks: [makeExportTrack(3, { fileName: 'Track 3' })],
        date,
      });
      await expect(second).rejects.toMatchObject({ name: 'StickExportError', failure });
      stick.heal();
      expect(stick.file(database)).toEqual(previous);
      expect(readExportPdb(stick.file(database) ?? new Uint8Array()).playlists.map((p) => p.name)).toEqual([
        'Friday',
      ]);
    },
  );

  it('never writes over a file already on the stick that its library does not list', async () => {
    const track = makeExportTrack(1, { artwork: new Uint8Array([0xff, 0xd8]) });
    const first = await stickWith([track]);
    const taken = first
      .paths()
      .filter((path) => !path.startsWith('PIONEER/rekordbox/') && !/SETTING/.test(path));
    const stick = new MemoryDirectory();
    for (const path of taken) {
      const parts = path.split('/');
      let folder = stick;
      for (const part of parts.slice(0, -1)) folder = await folder.getDirectoryHandle(part, { create: true });
      folder.files.set(parts.at(-1) ?? '', new Uint8Array([1, 2, 3]));
    }
    await exportToStick(stick, { playlistName: 'Friday', tracks: [track], date });
    for (const path of taken) expect(stick.file(path), path).toEqual(new Uint8Array([1, 2, 3]));
    const [row] = readExportPdb(stick.file(database) ?? new Uint8Array()).tracks;
    expect(row?.filePath).toMatch(/\(2\)\.mp3$/);
    expect(stick.file(row?.artworkPath.slice(1) ?? '')).toEqual(new Uint8Array([0xff, 0xd8]));
  });

  it('leaves a folder holding another tool’s library alone', async () => {
    const stick = new MemoryDirectory();
    const rekordbox = await (await stick.getDirectoryHandle('PIONEER', { create: true })).getDirectoryHandle(
      'rekordbox',
      {
        create: true,
      },
    );
    const writable = await (await rekordbox.getFileHandle('export.pdb', { create: true })).createWritable();
    await writable.write(new TextEncoder().encode('SQLite format 3\u0000'));
    await writable.close();
    const before = stick.paths();
    await expect(
      exportToStick(stick, { playlistName: 'Friday', tracks: [makeExportTrack(1)], date }),
    ).rejects.toMatchObject({
      failure: 'foreign-library',
    });
    expect(stick.paths()).toEqual(before);
  });
});

/** Every file of the stick under `prefix`, by path. */
function filesUnder(stick: MemoryDirectory, prefix: string): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  for (const path of stick.paths())
    if (path.startsWith(prefix)) files.set(path, stick.file(path) ?? new Uint8Array());
  return files;
}

/** Rows lost, fields changed and rows added between two export.pdb files, every field of every row. */
function compareDatabases(before: Uint8Array, after: Uint8Array) {
  const old = kaitaiRowsByKey(before);
  const now = kaitaiRowsByKey(after);
  const lost: string[] = [];
  const changed: string[] = [];
  for (const [key, fields] of old.rows) {
    const other = now.rows.get(key);
    if (other === undefined) lost.push(key);
    else
      for (const name of Object.keys(fields))
        if (!isDeepStrictEqual(fields[name], other[name])) changed.push(`${key}.${name}`);
  }
  const added = [...now.rows.keys()].filter((key) => !old.rows.has(key));
  return { lost, changed, added, otherPages: [old.otherPages, now.otherPages] };
}

describe('a stick rekordbox exported (test/fixtures/rekordbox-demo-stick)', () => {
  const extDatabase = 'PIONEER/rekordbox/exportExt.pdb';

  it("adding a crate changes no row of the DJ's, loses none and adds only the crate", async () => {
    const stick = await rekordboxDemoStick();
    const before = {
      pdb: stick.file(database) ?? new Uint8Array(),
      ext: stick.file(extDatabase),
      kept: new Map([...filesUnder(stick, 'PIONEER/')].filter(([path]) => !path.endsWith('export.pdb'))),
    };
    const tracks = [
      makeExportTrack(1, { artist: 'Loopmasters', label: 'Loopmasters', key: 'Am' }),
      makeExportTrack(2),
      makeExportTrack(3),
    ];
    await exportToStick(stick, { playlistName: 'Saturday', tracks, date });
    const after = stick.file(database) ?? new Uint8Array();

    const { lost, changed, added, otherPages } = compareDatabases(before.pdb, after);
    expect(lost).toEqual([]);
    expect(changed).toEqual([]);
    expect(otherPages[1]).toEqual(otherPages[0]);
    expect(added.sort()).toEqual(
      [
        '0:3',
        '0:4',
        '0:5', // the three tracks, ids after rekordbox's 1 and 2
        '1:1', // genre Techno
        '2:2',
        '2:3', // artists "Artist 2" and "Artist 0"; Loopmasters is rekordbox's artist 1
        '3:1',
        '3:2',
        '3:3', // album "Album" of each artist
        '4:2', // label "Label"; Loopmasters is rekordbox's label 1
        '7:1', // the playlist
        '8:1:1',
        '8:1:2',
        '8:1:3', // its entries
      ].sort(),
    );
    const rows = kaitaiRowsByKey(after).rows;
    expect(rows.get('0:3')).toMatchObject({ artistId: 1, labelId: 1, keyId: 2, title: 'Track 1' });

    expect(stick.file(extDatabase)).toEqual(before.ext);
    for (const [path, bytes] of before.kept) expect(stick.file(path), path).toEqual(bytes);
    for (const id of ['0:3', '0:4', '0:5']) {
      const track = rows.get(id) ?? {};
      const dat = stick.file(String(track.analyzePath).slice(1)) ?? new Uint8Array();
      expect(readAnlzWithKaitai(dat).sections[0].body.path).toBe(track.filePath);
      const ext = stick.file(String(track.analyzePath).slice(1).replace(/DAT$/, 'EXT')) ?? new Uint8Array();
      expect(readAnlzWithKaitai(ext).sections.length).toBeGreaterThan(3);
    }
    expect(readExportPdb(after).tracks).toHaveLength(5);
  });
});
