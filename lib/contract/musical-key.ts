/**
 * Musical keys in the three notations DJs read: musical ("F# min"), Camelot ("11A") and Open Key
 * ("4m"), plus ID3's TKEY spelling ("F#m") for file tags, and harmonic matching on the Camelot
 * wheel. The store sends keys as "F# Minor" / "Db Major"; any notation parses, so a key typed or
 * imported in another notation means the same thing. A key that does not parse is `undefined`,
 * and the interface shows a dash for it.
 */

export type KeyNotation = 'musical' | 'camelot' | 'openKey';
export const keyNotations: readonly KeyNotation[] = ['musical', 'camelot', 'openKey'];

export interface MusicalKey {
  /** 0 = C, 1 = C#/Db, ... 11 = B. */
  pitchClass: number;
  mode: 'major' | 'minor';
}

// The store's spellings: flats for major keys but F#, and sharps for minor keys but Eb and Bb.
const majorNames = ['C', 'Db', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'];
const minorNames = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'G#', 'A', 'Bb', 'B'];
const letters: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };

const wrap12 = (n: number) => ((n % 12) + 12) % 12;

/** Every key: the 12 major ones, then the 12 minor ones. */
export const allKeys: readonly MusicalKey[] = [
  ...majorNames.map((_, pitchClass) => ({ pitchClass, mode: 'major' as const })),
  ...minorNames.map((_, pitchClass) => ({ pitchClass, mode: 'minor' as const })),
];

/** Camelot number 1..12: one step is a fifth; 8B is C major and 8A is A minor. */
function camelotNumber({ pitchClass, mode }: MusicalKey): number {
  const fromEight = wrap12((pitchClass - (mode === 'major' ? 0 : 9)) * 7);
  return wrap12(fromEight + 7) + 1;
}

function fromCamelot(number: number, mode: MusicalKey['mode']): MusicalKey {
  // 7 is its own inverse modulo 12, so stepping back by fifths is multiplying by 7 again.
  const steps = wrap12(number - 8);
  return { pitchClass: wrap12((mode === 'major' ? 0 : 9) + steps * 7), mode };
}

export function formatKey(key: MusicalKey, notation: KeyNotation): string {
  const number = camelotNumber(key);
  if (notation === 'camelot') return `${number}${key.mode === 'major' ? 'B' : 'A'}`;
  if (notation === 'openKey') return `${wrap12(number - 8) + 1}${key.mode === 'major' ? 'd' : 'm'}`;
  const names = key.mode === 'major' ? majorNames : minorNames;
  return `${names[key.pitchClass]} ${key.mode === 'major' ? 'maj' : 'min'}`;
}

/** ID3v2's TKEY: at most three characters, "b"/"#" for half keys, "m" for minor ("Dbm"). */
export function id3Key(key: MusicalKey): string {
  const names = key.mode === 'major' ? majorNames : minorNames;
  return `${names[key.pitchClass]}${key.mode === 'minor' ? 'm' : ''}`;
}

/** The store's own spelling ("F# Minor"): what the catalog sends. */
export function storeKey(key: MusicalKey): string {
  const names = key.mode === 'major' ? majorNames : minorNames;
  return `${names[key.pitchClass]} ${key.mode === 'major' ? 'Major' : 'Minor'}`;
}

/** Anything but printable ASCII (space to tilde), which NFKC leaves as it is. */
const beyondAscii = /[^ -~]/;
const camelotPattern = /^(1[0-2]|[1-9])\s*([AB])$/i;
const openKeyPattern = /^(1[0-2]|[1-9])\s*([dm])$/i;
const musicalPattern = /^([A-G])\s*([#♯b♭]?)\s*(m|min|minor|maj|major)?\.?$/i;

/**
 * The store's own spellings, read without a pattern: every key a store page shows is written so,
 * and a page's first run of the patterns below (compiling them) was most of the 1 ms its rows'
 * keys took (bench/content-script.ts, 2026-11-29).
 */
let storeSpellings: Map<string, MusicalKey> | undefined;

/** Any of the notations above, case and spacing aside; `undefined` when it is none of them. */
export function parseKey(text: string | null | undefined): MusicalKey | undefined {
  storeSpellings ??= new Map(allKeys.map((key) => [storeKey(key), key]));
  const spelled = text ? storeSpellings.get(text) : undefined;
  if (spelled) return { ...spelled };
  // Plain ASCII needs no normalizing, and skipping it spares a store page the first normalize
  // call, which loads the Unicode tables (about 2 ms of the content script's decorating).
  const value = (text && beyondAscii.test(text) ? text.normalize('NFKC') : text)?.trim();
  if (!value) return undefined;
  const camelot = camelotPattern.exec(value);
  if (camelot)
    return fromCamelot(Number(camelot[1]), (camelot[2] as string).toUpperCase() === 'B' ? 'major' : 'minor');
  const openKey = openKeyPattern.exec(value);
  if (openKey) {
    const number = wrap12(Number(openKey[1]) - 1 + 7) + 1;
    return fromCamelot(number, (openKey[2] as string).toLowerCase() === 'd' ? 'major' : 'minor');
  }
  const musical = musicalPattern.exec(value);
  if (!musical) return undefined;
  const letter = (musical[1] as string).toUpperCase();
  const accidental = musical[2] as string;
  // "Bb" would read as B then a minor "b" without this: a lower-case b after the letter is a flat.
  const shift = accidental === '#' || accidental === '♯' ? 1 : accidental ? -1 : 0;
  const quality = (musical[3] ?? '').toLowerCase();
  // "m" alone is minor only in lower case ("Dbm"); "M" means major in some libraries.
  const minor = quality.startsWith('min') || (quality === 'm' && musical[3] === 'm');
  return { pitchClass: wrap12((letters[letter] as number) + shift), mode: minor ? 'minor' : 'major' };
}

export const sameKey = (a: MusicalKey, b: MusicalKey) => a.pitchClass === b.pitchClass && a.mode === b.mode;

/**
 * The keys that mix harmonically with `key`: itself, one step either way on the Camelot wheel
 * (a fifth up or down), and its relative major or minor (same number, other letter).
 */
export function harmonicKeys(key: MusicalKey): MusicalKey[] {
  const number = camelotNumber(key);
  const other = key.mode === 'major' ? 'minor' : 'major';
  return [
    key,
    fromCamelot(wrap12(number - 2) + 1, key.mode),
    fromCamelot(wrap12(number) + 1, key.mode),
    fromCamelot(number, other),
  ];
}

export const isHarmonic = (a: MusicalKey, b: MusicalKey) => harmonicKeys(a).some((key) => sameKey(key, b));
