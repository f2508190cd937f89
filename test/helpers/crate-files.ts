/** Saved files for the crate format tests: as entries, and real files in a temp folder as a DJ's downloads. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { LibraryEntry } from '../../lib/contract/wire.ts';
import type { SavedEntry } from '../../lib/dj-formats/saved-file.ts';
import { libraryEntry } from './popup-fixtures.ts';

/** Three tracks saved under a temp "Downloads" folder (one in a release folder, names needing escapes). */
export function savedOnDisk(): { dir: string; saved: SavedEntry[] } {
  const dir = mkdtempSync(join(tmpdir(), 'crate-export-'));
  const names = [
    'Artist 1 - Song 1 (Original Mix).mp3',
    'Songs #1/Björk, D\'Angelo - Rock & "Roll" <Live> (Dub Mix).wav',
    'Łukasz - Été 100% (Extended Mix).aiff',
    'Nørd - Lossless (Original Mix).flac',
  ];
  const formats = ['mp3', 'wav', 'aiff', 'flac'] as const;
  const keys = ['A Minor', 'F# Minor', 'Db Major', 'E Minor'];
  const saved = names.map((path, index): SavedEntry => {
    const location = join(dir, path);
    mkdirSync(join(location, '..'), { recursive: true });
    writeFileSync(location, new Uint8Array(1000 * (index + 1)));
    const base = libraryEntry(index + 1, 'downloaded');
    const entry: LibraryEntry = {
      ...base,
      audioFormat: formats[index] as LibraryEntry['audioFormat'],
      track: { ...base.track, key: keys[index] as string, name: path.split(' - ')[1]?.split(' (')[0] ?? '' },
    };
    return {
      entry,
      path,
      location,
      bytes: 1000 * (index + 1),
      ...(index < 2 ? { release: { catalogNumber: `CAT 00${index}`, trackNumber: index + 1 } } : {}),
    };
  });
  return { dir, saved };
}

/** Two saved tracks: one with its release's facts, one whose names need XML and URI escapes (a Windows path). */
export function savedEntries(): SavedEntry[] {
  const first = libraryEntry(1, 'downloaded');
  const second = libraryEntry(2, 'downloaded');
  // Characters XML and URIs must escape, two artists, a sharp key, a lossless format.
  second.track = {
    ...second.track,
    name: 'Rock & "Roll" <Live>',
    mixName: 'Dub Mix',
    remixers: [
      { id: 4, name: 'Åsa', slug: 'asa', role: 'remixer' },
      { id: 5, name: 'Ben', slug: 'ben', role: 'remixer' },
    ],
    artists: [
      { id: 1, name: 'Björk', slug: 'bjork', role: 'artist' },
      { id: 2, name: "D'Angelo", slug: 'dangelo', role: 'artist' },
    ],
    label: { id: 7, name: 'Kompakt & Co', slug: 'kompakt' },
    genre: { id: 3, name: 'Deep House', slug: 'deep-house' },
    release: { id: 9, name: 'Songs #1', slug: 'songs-1' },
    bpm: 123,
    key: 'F# Minor',
    lengthMs: 421_600,
    publishDate: '2024-11-30',
  };
  second.audioFormat = 'wav';
  return [
    {
      entry: first,
      path: 'Artist 1 - Song 1 (Original Mix).mp3',
      location: '/home/dj/Downloads/Artist 1 - Song 1 (Original Mix).mp3',
      bytes: 14_412_345,
      release: { catalogNumber: 'REL 001', trackNumber: 3 },
    },
    {
      entry: second,
      path: 'Songs #1/Björk, D\'Angelo - Rock & "Roll" <Live> (Dub Mix).wav',
      location: "C:\\Users\\dj\\Downloads\\Songs #1\\Björk, D'Angelo - Rock & Roll 100% (Dub Mix).wav",
    },
  ];
}

/** Text DJ software may hold in a name: any characters but the control characters XML cannot carry. */
export const nameText = (maxLength = 30) =>
  fc
    .string({ unit: 'grapheme', maxLength })
    .map((text) => [...text].filter((char) => char >= ' ' || '\t\n\r'.includes(char)).join(''));

/** A file or folder name: no separators, no line breaks, not empty, no leading or trailing space. */
const partName = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 20 })
  .map((text) =>
    [...text]
      .filter((char) => char >= ' ' && char !== '/' && char !== '\\')
      .join('')
      .trim(),
  )
  .filter((text) => text !== '' && text !== '.' && text !== '..');

/** An absolute path on Linux ("/home/dj/a.mp3") or Windows ("C:\Users\dj\a.mp3"). */
export const absolutePath = fc.oneof(
  fc.array(partName, { minLength: 1, maxLength: 5 }).map((parts) => `/${parts.join('/')}`),
  fc
    .array(partName.map((part) => part.replaceAll(':', '')).filter(Boolean), { minLength: 1, maxLength: 5 })
    .map((parts) => `C:\\${parts.join('\\')}`),
);

const keys = ['C Major', 'F# Minor', 'Ab Major', 'Bb Minor', 'not a key'];

/** A saved library entry with any names, tempo, key, length and place, and sometimes release facts. */
export const savedEntryArbitrary: fc.Arbitrary<SavedEntry> = fc
  .record({
    name: nameText(),
    mixName: nameText(),
    artists: fc.array(nameText(), { minLength: 1, maxLength: 3 }),
    remixers: fc.array(nameText(), { maxLength: 2 }),
    label: nameText(),
    genre: nameText(),
    release: nameText(),
    bpm: fc.integer({ min: 6000, max: 20000 }).map((centi) => centi / 100),
    key: fc.constantFrom(...keys),
    lengthMs: fc.nat(1_200_000),
    format: fc.constantFrom('mp3' as const, 'wav' as const, 'aiff' as const, 'flac' as const),
    location: absolutePath,
    release_: fc.option(
      fc.record({ catalogNumber: nameText(12), trackNumber: fc.integer({ min: 1, max: 40 }) }),
      {
        nil: undefined,
      },
    ),
  })
  .map((t): SavedEntry => {
    const base = libraryEntry(1, 'downloaded');
    const person = (name: string, id: number, role: 'artist' | 'remixer') => ({
      id,
      name,
      slug: `p${id}`,
      role,
    });
    const entry: LibraryEntry = {
      ...base,
      audioFormat: t.format,
      track: {
        ...base.track,
        name: t.name,
        mixName: t.mixName,
        artists: t.artists.map((name, i) => person(name, i + 1, 'artist')),
        remixers: t.remixers.map((name, i) => person(name, i + 10, 'remixer')),
        label: { ...base.track.label, name: t.label },
        genre: { ...base.track.genre, name: t.genre },
        release: { ...base.track.release, name: t.release },
        bpm: t.bpm,
        key: t.key,
        lengthMs: t.lengthMs,
      },
    };
    const file = t.location.split(/[\\/]/).pop() ?? '';
    return { entry, path: file, location: t.location, ...(t.release_ ? { release: t.release_ } : {}) };
  });
