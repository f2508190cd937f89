import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allKeys,
  formatKey,
  harmonicKeys,
  id3Key,
  isHarmonic,
  keyNotations,
  parseKey,
  storeKey,
} from '../../../../lib/contract/musical-key.ts';

// The Camelot wheel and Open Key as DJ software prints them, written out rather than derived.
const wheel: [store: string, musical: string, camelot: string, openKey: string, id3: string][] = [
  ['C Major', 'C maj', '8B', '1d', 'C'],
  ['G Major', 'G maj', '9B', '2d', 'G'],
  ['D Major', 'D maj', '10B', '3d', 'D'],
  ['A Major', 'A maj', '11B', '4d', 'A'],
  ['E Major', 'E maj', '12B', '5d', 'E'],
  ['B Major', 'B maj', '1B', '6d', 'B'],
  ['F# Major', 'F# maj', '2B', '7d', 'F#'],
  ['Db Major', 'Db maj', '3B', '8d', 'Db'],
  ['Ab Major', 'Ab maj', '4B', '9d', 'Ab'],
  ['Eb Major', 'Eb maj', '5B', '10d', 'Eb'],
  ['Bb Major', 'Bb maj', '6B', '11d', 'Bb'],
  ['F Major', 'F maj', '7B', '12d', 'F'],
  ['A Minor', 'A min', '8A', '1m', 'Am'],
  ['E Minor', 'E min', '9A', '2m', 'Em'],
  ['B Minor', 'B min', '10A', '3m', 'Bm'],
  ['F# Minor', 'F# min', '11A', '4m', 'F#m'],
  ['C# Minor', 'C# min', '12A', '5m', 'C#m'],
  ['G# Minor', 'G# min', '1A', '6m', 'G#m'],
  ['Eb Minor', 'Eb min', '2A', '7m', 'Ebm'],
  ['Bb Minor', 'Bb min', '3A', '8m', 'Bbm'],
  ['F Minor', 'F min', '4A', '9m', 'Fm'],
  ['C Minor', 'C min', '5A', '10m', 'Cm'],
  ['G Minor', 'G min', '6A', '11m', 'Gm'],
  ['D Minor', 'D min', '7A', '12m', 'Dm'],
];

describe('musical keys', () => {
  it('has 24 distinct keys and the table names each once', () => {
    expect(allKeys).toHaveLength(24);
    expect(new Set(wheel.map(([store]) => store)).size).toBe(24);
  });

  it.each(wheel)('%s is %s, %s, %s, TKEY %s', (store, musical, camelot, openKey, id3) => {
    const key = parseKey(store);
    expect(key).toBeDefined();
    if (!key) return;
    expect(formatKey(key, 'musical')).toBe(musical);
    expect(formatKey(key, 'camelot')).toBe(camelot);
    expect(formatKey(key, 'openKey')).toBe(openKey);
    expect(id3Key(key)).toBe(id3);
    expect(storeKey(key)).toBe(store);
    // The store's own spelling is looked up; spaced, it is read by the patterns, to the same key.
    for (const spelling of [musical, camelot, openKey, id3, camelot.toLowerCase(), ` ${store} `]) {
      expect(parseKey(spelling)).toEqual(key);
    }
  });

  it('round-trips every key through every notation', () => {
    for (const key of allKeys) {
      for (const notation of keyNotations) expect(parseKey(formatKey(key, notation))).toEqual(key);
      expect(parseKey(id3Key(key))).toEqual(key);
      expect(parseKey(storeKey(key))).toEqual(key);
    }
  });

  it('reads enharmonic spellings and symbols as the same key', () => {
    expect(parseKey('Gb Major')).toEqual(parseKey('F# Major'));
    expect(parseKey('D♭ minor')).toEqual(parseKey('C# Minor'));
    expect(parseKey('A♯m')).toEqual(parseKey('Bb Minor'));
    expect(parseKey('  11 a ')).toEqual(parseKey('F# Minor'));
  });

  it.each(['', '   ', 'H Major', '13A', '0B', 'NaN', 'C Major Minor', '7X', 'unknown', null, undefined])(
    'has no key for %j',
    (text) => {
      expect(parseKey(text)).toBeUndefined();
    },
  );

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const key = parseKey(text);
        if (key)
          expect(allKeys.some((each) => each.pitchClass === key.pitchClass && each.mode === key.mode)).toBe(
            true,
          );
      }),
      { numRuns: 2000 },
    );
  });

  it('mixes harmonically with itself, one step either way and its relative key', () => {
    const key = parseKey('8A');
    if (!key) throw new Error('8A does not parse');
    expect(harmonicKeys(key).map((each) => formatKey(each, 'camelot'))).toEqual(['8A', '7A', '9A', '8B']);
    const edge = parseKey('12B');
    if (!edge) throw new Error('12B does not parse');
    expect(harmonicKeys(edge).map((each) => formatKey(each, 'camelot'))).toEqual(['12B', '11B', '1B', '12A']);
  });

  it('harmonic matching is symmetric and holds for exactly 4 keys of each', () => {
    for (const a of allKeys) {
      expect(allKeys.filter((b) => isHarmonic(a, b))).toHaveLength(4);
      for (const b of allKeys) expect(isHarmonic(a, b)).toBe(isHarmonic(b, a));
    }
  });
});
