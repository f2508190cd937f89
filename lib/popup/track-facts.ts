/**
 * A DJ's view of a list of tracks (BPM and key read as lib/contract/track-display.ts says): the cart
 * and library tabs' sort, BPM range and "harmonic
 * with" filter. Pure, so the rules are tested without the popup.
 */
import { formatKey, isHarmonic, type MusicalKey, parseKey } from '../contract/musical-key.ts';
import { isBpm } from '../contract/track-display.ts';
import { asSet, type TrackFacts } from '../set-order/as-set.ts';
import type { EnergyShape } from '../set-order/set-order.ts';

/** "set": in the order that mixes best (lib/set-order), offered where a crate is, the cart. */
export type TrackSort = 'newest' | 'bpm' | 'key' | 'set';

export interface TrackView {
  sort: TrackSort;
  /** The energy a set follows, when sorted as one. */
  shape?: EnergyShape;
  /** The set's pinned first and last tracks, by item key ("track:42"), when sorted as one. */
  first?: string;
  last?: string;
  /** The BPM range, both ends included; null leaves that end open. */
  minBpm: number | null;
  maxBpm: number | null;
  /** Only tracks that mix with this key (same key, ±1 on the Camelot wheel, relative major/minor). */
  harmonicWith: MusicalKey | null;
}

export const allTracks: TrackView = { sort: 'newest', minBpm: null, maxBpm: null, harmonicWith: null };

export const isAllTracks = (view: TrackView): boolean =>
  view.sort === 'newest' && view.minBpm === null && view.maxBpm === null && view.harmonicWith === null;

/** A key's place on the Camelot wheel: 1A, 1B, 2A, … 12B. */
function wheelPosition(key: MusicalKey): number {
  const camelot = formatKey(key, 'camelot');
  return Number.parseInt(camelot, 10) * 2 + (camelot.endsWith('B') ? 1 : 0);
}

/**
 * The items of `items` the view keeps, in its order. A track without a BPM is outside any BPM
 * range, one without a key never harmonic; sorted, tracks missing the value come last, and
 * equal values keep their order (newest first).
 */
export function viewTracks<T>(items: readonly T[], factsOf: (item: T) => TrackFacts, view: TrackView): T[] {
  const { minBpm, maxBpm, harmonicWith } = view;
  const kept = items.filter((item) => {
    const facts = factsOf(item);
    if (minBpm !== null || maxBpm !== null) {
      if (!isBpm(facts.bpm)) return false;
      if (minBpm !== null && facts.bpm < minBpm) return false;
      if (maxBpm !== null && facts.bpm > maxBpm) return false;
    }
    if (harmonicWith) {
      const key = parseKey(facts.key);
      if (!key || !isHarmonic(harmonicWith, key)) return false;
    }
    return true;
  });
  if (view.sort === 'newest') return kept;
  if (view.sort === 'set') return asSet(kept, factsOf, view.shape).items;
  const value = (item: T): number | null => {
    const facts = factsOf(item);
    if (view.sort === 'bpm') return isBpm(facts.bpm) ? facts.bpm : null;
    const key = parseKey(facts.key);
    return key ? wheelPosition(key) : null;
  };
  const ranked = kept.map((item, index) => ({ item, index, value: value(item) }));
  ranked.sort((a, b) => {
    if (a.value === null || b.value === null)
      return a.value === b.value ? a.index - b.index : a.value === null ? 1 : -1;
    return a.value - b.value || a.index - b.index;
  });
  return ranked.map((entry) => entry.item);
}

/** A BPM typed in a range field: a positive whole number, or null (open end) for anything else. */
export function parseBpm(text: string): number | null {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(value) && value > 0 ? Math.round(value) : null;
}
