/**
 * Traktor NML parsed back against the format: NML VERSION 19 with HEAD, COLLECTION entries whose
 * LOCATION (volume, "/:" folders, file) names a file on disk, INFO/TEMPO/MUSICAL_KEY/ALBUM from
 * the entries, and a playlist under $ROOT whose every PRIMARYKEY is a collection entry's key.
 */
import { existsSync, rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { traktorKey, traktorKeyValue, traktorNml } from '../../../../lib/popup/traktor-nml.ts';
import { volumePath } from '../../../../lib/popup/volume-path.ts';
import { savedOnDisk } from './crate-files.ts';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const options = {
  os: 'linux' as const,
  now: new Date('2026-11-25T12:00:00Z'),
  uuid: 'a'.repeat(32),
  store: 'shop.example',
};
const attributesOf = (element: Element | null | undefined) =>
  Object.fromEntries([...(element?.attributes ?? [])].map((attribute) => [attribute.name, attribute.value]));

/** An element's children with this tag (happy-dom has no ":scope >" selectors). */
const childrenOf = (element: Element | null | undefined, tag: string) =>
  [...(element?.children ?? [])].filter((child) => child.tagName === tag);
const child = (element: Element | null | undefined, tag: string) => childrenOf(element, tag)[0];

/** Where Traktor (and Mixxx's Traktor library) finds an entry's file: VOLUME + DIR without ":" + FILE. */
const pathOf = (location: Element | null) =>
  `${location?.getAttribute('VOLUME')}${location?.getAttribute('DIR')?.replaceAll('/:', '/')}${location?.getAttribute('FILE')}`;

describe('Traktor NML', () => {
  it('is an NML 19 collection of the saved files, every LOCATION a file on disk, with one playlist of them', () => {
    const disk = savedOnDisk();
    dir = disk.dir;
    const doc = new DOMParser().parseFromString(
      traktorNml('Friday <set> & more', disk.saved, options),
      'application/xml',
    );
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const nml = doc.documentElement;
    expect(nml.tagName).toBe('NML');
    expect(nml.getAttribute('VERSION')).toBe('19');
    expect(attributesOf(child(nml, 'HEAD'))).toEqual({
      COMPANY: 'www.native-instruments.com',
      PROGRAM: 'Traktor',
    });

    const collection = child(nml, 'COLLECTION');
    const entries = childrenOf(collection, 'ENTRY');
    expect(collection?.getAttribute('ENTRIES')).toBe('3');
    expect(entries).toHaveLength(3);
    const locations = entries.map((entry) => entry.querySelector('LOCATION'));
    expect(locations.map(pathOf)).toEqual(disk.saved.map((file) => file.location));
    for (const path of locations.map(pathOf)) expect(existsSync(path), path).toBe(true);
    for (const location of locations) expect(location?.getAttribute('DIR')).toMatch(/^(\/:[^/]+)*\/:$/);

    const [first, second, third] = entries;
    const track = disk.saved[0]?.entry.track;
    expect(attributesOf(first)).toMatchObject({ TITLE: `${track?.name} (Original Mix)`, ARTIST: 'Artist 1' });
    expect(attributesOf(first?.querySelector('ALBUM'))).toEqual({ TRACK: '1', TITLE: 'Release 1' });
    expect(attributesOf(first?.querySelector('INFO'))).toMatchObject({
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
    expect(attributesOf(first?.querySelector('TEMPO'))).toMatchObject({ BPM: '128.000000' });
    // Traktor's numbering: 0-11 major from C, 12-23 minor from C.
    expect(entries.map((entry) => child(entry, 'MUSICAL_KEY')?.getAttribute('VALUE'))).toEqual([
      '21',
      '18',
      '1',
    ]);
    expect(second?.querySelector('INFO')?.getAttribute('BITRATE')).toBe('1411000');
    // No release record: no track number, the comment is the store.
    expect(third?.querySelector('ALBUM')?.hasAttribute('TRACK')).toBe(false);
    expect(third?.querySelector('INFO')?.getAttribute('COMMENT')).toBe('shop.example');

    const rootFolder = child(child(nml, 'PLAYLISTS'), 'NODE');
    expect(attributesOf(rootFolder)).toEqual({ TYPE: 'FOLDER', NAME: '$ROOT' });
    expect(child(rootFolder, 'SUBNODES')?.getAttribute('COUNT')).toBe('1');
    const playlistNode = child(child(rootFolder, 'SUBNODES'), 'NODE');
    expect(attributesOf(playlistNode)).toEqual({ TYPE: 'PLAYLIST', NAME: 'Friday <set> & more' });
    const playlist = child(playlistNode, 'PLAYLIST');
    expect(attributesOf(playlist)).toEqual({ ENTRIES: '3', TYPE: 'LIST', UUID: 'a'.repeat(32) });
    const keys = [...(playlist?.querySelectorAll('ENTRY > PRIMARYKEY') ?? [])].map(attributesOf);
    // Every playlist entry names a collection entry exactly: VOLUME + DIR + FILE.
    const collectionKeys = locations.map(
      (location) =>
        `${location?.getAttribute('VOLUME')}${location?.getAttribute('DIR')}${location?.getAttribute('FILE')}`,
    );
    expect(keys).toEqual(collectionKeys.map((key) => ({ TYPE: 'TRACK', KEY: key })));
  });

  it.each([
    [
      'win',
      'C:\\Users\\DJ\\Downloads\\Crate\\a b.mp3',
      { volume: 'C:', key: 'C:/:Users/:DJ/:Downloads/:Crate/:a b.mp3' },
    ],
    ['win', 'D:\\Music\\x.wav', { volume: 'D:', key: 'D:/:Music/:x.wav' }],
    [
      'mac',
      '/Users/dj/Downloads/a.aiff',
      { volume: 'Macintosh HD', key: 'Macintosh HD/:Users/:dj/:Downloads/:a.aiff' },
    ],
    ['mac', '/Volumes/USB STICK/Crate/a.mp3', { volume: 'USB STICK', key: 'USB STICK/:Crate/:a.mp3' }],
    ['linux', '/home/dj/Downloads/a.mp3', { volume: '', key: '/:home/:dj/:Downloads/:a.mp3' }],
  ] as const)('names a %s file %s by volume and "/:" path', (os, path, { volume, key }) => {
    expect(volumePath(path, os).volume).toBe(volume);
    expect(traktorKey(volumePath(path, os))).toBe(key);
  });

  it('numbers keys as Traktor does, and -1 for a key it cannot read', () => {
    expect(
      ['C Major', 'Db Major', 'B Major', 'C Minor', 'A Minor', 'B Minor', 'H-Moll'].map(traktorKeyValue),
    ).toEqual([0, 1, 11, 12, 21, 23, -1]);
  });
});
