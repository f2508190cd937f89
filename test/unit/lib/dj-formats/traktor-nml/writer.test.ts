// @vitest-environment happy-dom
/**
 * Traktor NML parsed back against the format: NML VERSION 19 with HEAD, COLLECTION entries whose
 * LOCATION (volume, "/:" folders, file) names a file on disk, INFO/TEMPO/MUSICAL_KEY/ALBUM from
 * the entries, and a playlist under $ROOT whose every PRIMARYKEY is a collection entry's key.
 */
import { existsSync, rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { TrackAnalysis } from '../../../../../lib/contract/track-analysis.ts';
import type { SavedEntry } from '../../../../../lib/dj-formats/saved-file.ts';
import { readTraktorNml } from '../../../../../lib/dj-formats/traktor-nml/reader.ts';
import { traktorKey, traktorKeyValue, traktorNml } from '../../../../../lib/dj-formats/traktor-nml/writer.ts';
import { volumePath } from '../../../../../lib/dj-formats/volume-path.ts';
import { savedOnDisk } from '../../../../helpers/crate-files.ts';

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
    const doc = new DOMParser().parseFromString(xml, 'application/xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const nml = readTraktorNml(xml);
    expect(nml.tag).toBe('NML');
    expect(nml.version).toBe('19');
    expect(nml.head).toEqual({ COMPANY: 'www.native-instruments.com', PROGRAM: 'Traktor' });
    expect(nml.collection).toEqual({ ENTRIES: String(disk.saved.length) });
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
    expect(nml.entries.map((entry) => entry.musicalKey.VALUE)).toEqual(['21', '18', '1', '16']);
    expect(second?.info.BITRATE).toBe('1411000');
    // No release record: no track number, the comment is the store.
    expect(third?.album.TRACK).toBeUndefined();
    expect(third?.info.COMMENT).toBe('shop.example');

    expect(nml.root).toEqual({ TYPE: 'FOLDER', NAME: '$ROOT' });
    expect(nml.subnodes).toEqual({ COUNT: '1' });
    expect(nml.playlistNode).toEqual({ TYPE: 'PLAYLIST', NAME: 'Friday <set> & more' });
    expect(nml.playlist).toEqual({ ENTRIES: String(disk.saved.length), TYPE: 'LIST', UUID: 'a'.repeat(32) });
    // Every playlist entry names a collection entry exactly.
    expect(nml.playlistKeys).toEqual(nml.entries.map(({ key }) => ({ TYPE: 'TRACK', KEY: key })));
  });

  it("gives a FLAC its average bitrate from its size (Traktor's BITRATE in bits per second), and none when the size is unknown", () => {
    const disk = savedOnDisk();
    dir = disk.dir;
    const first = disk.saved[0] as SavedEntry;
    const lengthMs = first.entry.track.lengthMs;
    const flac = { ...first, entry: { ...first.entry, audioFormat: 'flac' } };
    const sized = { ...flac, bytes: Math.round((lengthMs / 1000) * 100_000) };
    const nml = readTraktorNml(traktorNml('Set', [sized, { ...flac, bytes: null }], options));
    expect(nml.entries.map((entry) => entry.info.BITRATE)).toEqual(['800000', undefined]);
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

describe('Traktor NML with the store’s analysis', () => {
  it('gives the entry the grid marker (TYPE 4), the memory cue and the hot cues as CUE_V2, the tempo with decimals', () => {
    const disk = savedOnDisk();
    dir = disk.dir;
    const analysis: TrackAnalysis = {
      version: 1,
      bpm: 174.17,
      firstDownbeatMs: 261.8,
      beatsPerBar: 4,
      beatCount: 871,
      durationMs: 300_000,
      cues: [
        { kind: 'first-downbeat', name: 'Downbeat', positionMs: 261.8, color: '#e62828' },
        { kind: 'intro', name: 'Intro', positionMs: 261.8, hotCue: 0, color: '#28e214' },
        { kind: 'breakdown', name: 'Breakdown', positionMs: 132_546.3, hotCue: 2, color: '#aa72ff' },
      ],
      waveformOverview: '',
    };
    const [first, ...rest] = disk.saved;
    const xml = traktorNml('Set', [{ ...(first as SavedEntry), analysis }, ...rest], options);
    const doc = new DOMParser().parseFromString(xml, 'application/xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const nml = readTraktorNml(xml);
    const [analysed, plain] = nml.entries;
    expect(analysed?.tempo.BPM).toBe('174.170000');
    const cue = (NAME: string, TYPE: string, START: string, HOTCUE: string, DISPL_ORDER: string) => ({
      NAME,
      DISPL_ORDER,
      TYPE,
      START,
      LEN: '0.000000',
      REPEATS: '-1',
      HOTCUE,
    });
    expect(analysed?.cues).toEqual([
      cue('AutoGrid', '4', '261.800000', '-1', '0'),
      cue('Downbeat', '0', '261.800000', '-1', '1'),
      cue('Intro', '0', '261.800000', '0', '2'),
      cue('Breakdown', '0', '132546.300000', '2', '3'),
    ]);
    expect(plain?.cues).toEqual([]);
  });
});
