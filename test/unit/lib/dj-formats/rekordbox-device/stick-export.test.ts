import { describe, expect, it } from 'vitest';
import { readExportPdb } from '../../../../../lib/dj-formats/rekordbox-device/pdb-reader.ts';
import { PageType } from '../../../../../lib/dj-formats/rekordbox-device/pdb-writer.ts';
import {
  exportToStick,
  type StickExportTrack,
} from '../../../../../lib/dj-formats/rekordbox-device/stick-export.ts';
import {
  MemoryDirectory,
  makeExportTrack,
  readAnlzWithKaitai,
  readWithKaitai,
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
