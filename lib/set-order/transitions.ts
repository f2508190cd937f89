/**
 * How well one track mixes into the next, as a DJ judges it before a set: the keys on the Camelot
 * wheel (the same key, one step round it, or the relative major or minor mix; anything else
 * clashes) and the tempo step a pitch fader can make (within 6 %, where half and double time
 * count: 140 into 70 is no step at all). A transition that fails either is a clash.
 */
import { allKeys, isHarmonic, type MusicalKey, sameKey } from '../contract/musical-key.ts';

/** The furthest tempo step that mixes: 6 %, about what a pitch fader's ±8 % leaves in hand. */
export const maxTempoStep = 0.06;

export interface SetTrack {
  id: number;
  bpm: number | null;
  key: MusicalKey | undefined;
  /** 1 to 10, from the store's analysis; null when the analysis has none. */
  energy: number | null;
}

/** A track that can be placed: its key and tempo are known. */
export interface PlacedTrack extends SetTrack {
  bpm: number;
  key: MusicalKey;
}

export type KeyMatch = 'same' | 'harmonic' | 'clash';
/** In words, best first; "clash" is the only one that does not mix. */
export type MixRating = 'smooth' | 'good' | 'stretch' | 'clash';

export interface Transition {
  from: number;
  to: number;
  key: KeyMatch;
  /** The tempo step as a fraction (0.02 is 2 %), after half or double time where that is nearer. */
  tempoStep: number;
  rating: MixRating;
}

export function tempoStep(from: number, to: number): number {
  const steps = [to, to * 2, to / 2].map((bpm) => Math.abs(bpm - from) / from);
  return Math.min(...steps);
}

const keyIndex = (key: MusicalKey) => key.pitchClass * 2 + (key.mode === 'minor' ? 1 : 0);
/** Every pair of the 24 keys, judged once: a crate of 200 asks 40,000 times. */
const keyMatches: KeyMatch[] = allKeys
  .flatMap((from) => allKeys.map((to) => ({ from, to })))
  .sort((a, b) => keyIndex(a.from) * 24 + keyIndex(a.to) - (keyIndex(b.from) * 24 + keyIndex(b.to)))
  .map(({ from, to }) => (sameKey(from, to) ? 'same' : isHarmonic(from, to) ? 'harmonic' : 'clash'));

export const keyMatch = (from: MusicalKey, to: MusicalKey): KeyMatch =>
  keyMatches[keyIndex(from) * 24 + keyIndex(to)] as KeyMatch;

export function transition(from: PlacedTrack, to: PlacedTrack): Transition {
  const key = keyMatch(from.key, to.key);
  const step = tempoStep(from.bpm, to.bpm);
  const rating: MixRating =
    key === 'clash' || step > maxTempoStep
      ? 'clash'
      : key === 'same' && step <= 0.02
        ? 'smooth'
        : step <= 0.03
          ? 'good'
          : 'stretch';
  return { from: from.id, to: to.id, key, tempoStep: step, rating };
}
