import { describe, expect, it } from 'vitest';
import { parseKey } from '../../../../lib/contract/musical-key.ts';
import { bpmText, keyText } from '../../../../lib/contract/track-display.ts';
import {
  allTracks,
  isAllTracks,
  parseBpm,
  type TrackView,
  viewTracks,
} from '../../../../lib/popup/track-facts.ts';
import type { TrackFacts } from '../../../../lib/set-order/as-set.ts';

const tracks: (TrackFacts & { name: string })[] = [
  { name: 'a', bpm: 128, key: 'A Minor' }, // 8A
  { name: 'b', bpm: 124, key: 'C Major' }, // 8B
  { name: 'c', bpm: 140, key: 'E Minor' }, // 9A
  { name: 'd', bpm: Number.NaN, key: '' },
  { name: 'e', bpm: 126, key: 'F# Minor' }, // 11A
  { name: 'f', key: 'D Minor' }, // 7A, no BPM
];
const names = (view: Partial<TrackView>) =>
  viewTracks(tracks, (t) => t, { ...allTracks, ...view }).map((t) => t.name);
const key = (text: string) => parseKey(text) ?? null;

describe('BPM and key text', () => {
  it('shows a dash, never NaN, for a missing or nonsensical value', () => {
    expect(bpmText(128)).toBe('128 BPM');
    for (const bpm of [undefined, null, Number.NaN, 0, -5, Number.POSITIVE_INFINITY])
      expect(bpmText(bpm)).toBe('– BPM');
    expect(keyText('F# Minor', 'musical')).toBe('F# min');
    expect(keyText('F# Minor', 'camelot')).toBe('11A');
    expect(keyText('F# Minor', 'openKey')).toBe('4m');
    // The store's pages show the key as the store writes it.
    expect(keyText('F# Minor')).toBe('F# Minor');
    for (const bad of [undefined, null, '', 'H minor']) expect(keyText(bad, 'camelot')).toBe('–');
  });

  it('reads a typed BPM as a positive whole number or an open end', () => {
    expect(parseBpm(' 125 ')).toBe(125);
    expect(parseBpm('124.6')).toBe(125);
    for (const text of ['', ' ', 'abc', '0', '-3']) expect(parseBpm(text)).toBeNull();
  });
});

describe('sort and filter', () => {
  it.each<[string, Partial<TrackView>, string[]]>([
    ['keeps everything, newest first, by default', {}, ['a', 'b', 'c', 'd', 'e', 'f']],
    ['sorts by BPM, missing last', { sort: 'bpm' }, ['b', 'e', 'a', 'c', 'd', 'f']],
    ['sorts by the Camelot wheel, missing last', { sort: 'key' }, ['f', 'a', 'b', 'c', 'e', 'd']],
    ['keeps a BPM range, ends included', { minBpm: 124, maxBpm: 128 }, ['a', 'b', 'e']],
    ['keeps an open-ended range', { minBpm: 127 }, ['a', 'c']],
    ['keeps keys harmonic with 8A: 8A, 7A, 9A, 8B', { harmonicWith: key('8A') }, ['a', 'b', 'c', 'f']],
    ['combines filters and sort', { harmonicWith: key('8A'), minBpm: 125, sort: 'bpm' }, ['a', 'c']],
    ['keeps nothing harmonic with a far key', { harmonicWith: key('2B') }, []],
  ])('%s', (_, view, expected) => {
    expect(names(view)).toEqual(expected);
  });

  it('knows the default view', () => {
    expect(isAllTracks(allTracks)).toBe(true);
    expect(isAllTracks({ ...allTracks, minBpm: 120 })).toBe(false);
  });
});
