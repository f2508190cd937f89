/**
 * Traktor NML parsed back against the format: NML VERSION 19 with HEAD, COLLECTION entries whose
 * LOCATION (volume, "/:" folders, file) names a file on disk, INFO/TEMPO/MUSICAL_KEY/ALBUM from
 * the entries, and a playlist under $ROOT whose every PRIMARYKEY is a collection entry's key.
 */
import { existsSync, rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { traktorKey, traktorKeyValue, traktorNml } from '../../../../lib/popup/traktor-nml.ts';
import { volumePath } from '../../../../lib/popup/volume-path.ts';
import { readTraktorNml } from '../../../helpers/crate-readers.ts';
import { savedOnDisk } from './crate-files.ts';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const options = {
  os: 'linux' as const,
  now: new Date('2026-11-25T12:00:00Z'),
  uuid: 'a'.repeat(32),
  store: 'shop.example',
};

describe('Traktor NML', () => {
  it('is an NML 19 collection of the saved files, every LOCATION a file on disk, with one playlist of them', () => {
    const disk = savedOnDisk();
    dir = disk.dir;
    const xml = traktorNml('Friday <set> & more', disk.saved, options);
    const nml = readTraktorNml(new DOMParser().parseFromString(xml, 'application/xml'));
    expect(nml.errors).toBe(0);
    expect(nml.tag).toBe('NML');
    expect(nml.version).toBe('19');
    expect(nml.head).toEqual({ COMPANY: 'www.native-instruments.com', PROGRAM: 'Traktor' });
    expect(nml.collection).toEqual({ ENTRIES: '3' });
    expect(nml.entries.map((entry) => entry.path)).toEqual(disk.saved.map((file) => file.location));
    for (const { path, location } of nml.entries) {
      expect(existsSync(path), path).toBe(true);
      expect(location.DIR).toMatch(/^(\/:[^/]+)*\/:$/);
    }

    const [first, second, third] = nml.entries;
    const track = disk.saved[0]?.entry.track;
    expect(first?.entry).toMatchObject({ TITLE: `${track?.name} (Original Mix)`, ARTIST: 'Artist 1' });
    expect(first?.album).toEqual({ TRACK: '1', TITLE: 'Release 1' });
    expect(first?.info).toMatchObject({
      BITRATE: '320000',
      GENRE: 'Techno',
      LABEL: 'Label',
      COMMENT: 'shop.example · CAT 000',
      CATALOG_NO: 'CAT 000',
      KEY: 'Am',
      MIX: 'Original Mix',
      PLAYTIME: '360',
      IMPORT_DATE: '2026/11/25',
      RELEASE_DATE: '2026/1/2',
      FILESIZE: '1',
    });
    expect(first?.tempo).toMatchObject({ BPM: '128.000000' });
    // Traktor's numbering: 0-11 major from C, 12-23 minor from C.
    expect(nml.entries.map((entry) => entry.musicalKey.VALUE)).toEqual(['21', '18', '1']);
    expect(second?.info.BITRATE).toBe('1411000');
    // No release record: no track number, the comment is the store.
    expect(third?.album.TRACK).toBeUndefined();
    expect(third?.info.COMMENT).toBe('shop.example');

    expect(nml.root).toEqual({ TYPE: 'FOLDER', NAME: '$ROOT' });
    expect(nml.subnodes).toEqual({ COUNT: '1' });
    expect(nml.playlistNode).toEqual({ TYPE: 'PLAYLIST', NAME: 'Friday <set> & more' });
    expect(nml.playlist).toEqual({ ENTRIES: '3', TYPE: 'LIST', UUID: 'a'.repeat(32) });
    // Every playlist entry names a collection entry exactly.
    expect(nml.playlistKeys).toEqual(nml.entries.map(({ key }) => ({ TYPE: 'TRACK', KEY: key })));
  });

  it.each([
    ['win', 'C:\\Users\\DJ\\Downloads\\Crate\\a b.mp3', 'C:', 'C:/:Users/:DJ/:Downloads/:Crate/:a b.mp3'],
    ['win', 'D:\\Music\\x.wav', 'D:', 'D:/:Music/:x.wav'],
    ['mac', '/Users/dj/Downloads/a.aiff', 'Macintosh HD', 'Macintosh HD/:Users/:dj/:Downloads/:a.aiff'],
    ['mac', '/Volumes/USB STICK/Crate/a.mp3', 'USB STICK', 'USB STICK/:Crate/:a.mp3'],
    ['linux', '/home/dj/Downloads/a.mp3', '', '/:home/:dj/:Downloads/:a.mp3'],
  ] as const)('names a %s file %s by volume "%s" and key %s', (os, path, volume, key) => {
    expect(volumePath(path, os).volume).toBe(volume);
    expect(traktorKey(volumePath(path, os))).toBe(key);
  });

  it('numbers keys as Traktor does, and -1 for a key it cannot read', () => {
    const keys = ['C Major', 'Db Major', 'B Major', 'C Minor', 'A Minor', 'B Minor', 'H-Moll'];
    expect(keys.map(traktorKeyValue)).toEqual([0, 1, 11, 12, 21, 23, -1]);
  });
});
