/**
 * Serato crates parsed back against the format (as Mixxx's Serato library reads them): records of
 * a four-letter tag, a 32-bit big-endian length and a body; vrsn first; one otrk per track whose
 * ptrk, UTF-16BE, is the path from the drive's root with no leading slash and names a file on disk.
 */
import { existsSync, rmSync } from 'node:fs';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  readSeratoCrate,
  seratoRecords as records,
  seratoCrate,
  seratoDrive,
  seratoPath,
  seratoText as utf16be,
} from '../../../../../lib/dj-formats/serato/crate.ts';
import { onOneDrive } from '../../../../../lib/popup/crates/crate-formats.ts';
import { savedEntryArbitrary, savedOnDisk } from '../../../../helpers/crate-files.ts';
import { propertyRuns } from '../../../../helpers/property-runs.ts';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('Serato crate', () => {
  it('has vrsn, the columns, and one otrk/ptrk per track naming its file from the root', () => {
    const disk = savedOnDisk();
    dir = disk.dir;
    const crate = records(seratoCrate(disk.saved, 'linux'));
    expect(crate[0]?.tag).toBe('vrsn');
    expect(utf16be(crate[0]?.body ?? new Uint8Array())).toBe('1.0/Serato ScratchLive Crate');
    const sorting = crate.find((record) => record.tag === 'osrt');
    expect(records(sorting?.body ?? new Uint8Array()).map((record) => record.tag)).toEqual(['tvcn', 'brev']);
    const columnNames = crate
      .filter((record) => record.tag === 'ovct')
      .map((record) => records(record.body))
      .map(([name, width]) => {
        expect(width?.tag).toBe('tvcw');
        return utf16be(name?.body ?? new Uint8Array());
      });
    expect(columnNames).toContain('song');
    expect(columnNames).toContain('artist');

    const paths = crate
      .filter((record) => record.tag === 'otrk')
      .map((record) => {
        const [ptrk, ...rest] = records(record.body);
        expect(ptrk?.tag).toBe('ptrk');
        expect(rest).toEqual([]);
        return utf16be(ptrk?.body ?? new Uint8Array());
      });
    expect(paths).toEqual(disk.saved.map((file) => file.location.slice(1)));
    for (const path of paths) {
      expect(path.startsWith('/')).toBe(false);
      // On a Linux or macOS system drive, the drive's root is "/".
      expect(existsSync(`/${path}`), path).toBe(true);
    }
    expect(crate.map((record) => record.tag)).toEqual([
      'vrsn',
      'osrt',
      ...columnNames.map(() => 'ovct'),
      ...disk.saved.map(() => 'otrk'),
    ]);
  });

  it.each([
    ['win', 'C:\\Users\\DJ\\Downloads\\Crate\\Été.mp3', 'Users/DJ/Downloads/Crate/Été.mp3', null],
    ['win', 'E:\\Music\\x.wav', 'Music/x.wav', 'E:'],
    ['mac', '/Users/dj/Downloads/a.aiff', 'Users/dj/Downloads/a.aiff', null],
    ['mac', '/Volumes/USB/Crate/a.mp3', 'Crate/a.mp3', 'USB'],
    ['linux', '/home/dj/Downloads/a.mp3', 'home/dj/Downloads/a.mp3', null],
  ] as const)('a %s file %s is %s from the root of its drive (%s)', (os, location, path, drive) => {
    expect(seratoPath(location, os)).toBe(path);
    expect(seratoDrive(location, os)).toBe(drive);
  });

  it('keeps the crate to the drive most tracks are on, and names the others', () => {
    const disk = savedOnDisk();
    dir = disk.dir;
    const [a, b, c] = disk.saved;
    const saved = [
      { ...(a as (typeof disk.saved)[number]), location: 'D:\\Music\\a.mp3' },
      { ...(b as (typeof disk.saved)[number]), location: 'C:\\Users\\dj\\b.wav' },
      { ...(c as (typeof disk.saved)[number]), location: 'D:\\Music\\c.aiff' },
    ];
    const { kept, elsewhere } = onOneDrive(saved, 'win');
    expect(kept.map((file) => file.location)).toEqual(['D:\\Music\\a.mp3', 'D:\\Music\\c.aiff']);
    expect(elsewhere.map(({ drive }) => drive)).toEqual(['the system drive']);
  });
});

describe('Serato crate reader', () => {
  it('reads back the version, the sorting, the columns and every track path it wrote', () => {
    fc.assert(
      fc.property(
        fc.array(savedEntryArbitrary, { maxLength: 8 }),
        fc.constantFrom('win' as const, 'mac' as const, 'linux' as const),
        (saved, os) => {
          expect(readSeratoCrate(seratoCrate(saved, os))).toEqual({
            version: '1.0/Serato ScratchLive Crate',
            sortedBy: 'song',
            columns: ['song', 'artist', 'bpm', 'key', 'album', 'length', 'comment'],
            paths: saved.map(({ location }) => seratoPath(location, os)),
            tags: ['vrsn', 'osrt', ...Array(7).fill('ovct'), ...saved.map(() => 'otrk')],
          });
        },
      ),
      { numRuns: propertyRuns(1000), seed: 46 },
    );
  });

  it('refuses a cut record and an otrk without a path', () => {
    const crate = seratoCrate([], 'linux');
    expect(() => readSeratoCrate(crate.subarray(0, crate.length - 1))).toThrow(/runs past the end/);
    expect(() => readSeratoCrate(Uint8Array.of(0x6f, 0x74, 0x72, 0x6b, 0, 0, 0, 0))).toThrow(
      /without a ptrk/,
    );
  });
});
