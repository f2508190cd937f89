/**
 * A crate's tracks in the order that plays as a set (set-order.ts), for any list whose items have
 * a tempo, a key and perhaps an energy: the popup's cart and export dialog, the USB stick page.
 */
import { parseKey } from '../contract/musical-key.ts';
import { isBpm } from '../contract/track-display.ts';
import { type EnergyShape, orderAsSet } from './set-order.ts';
import type { Transition } from './transitions.ts';

/** What a row knows of its track's tempo and key; either may be missing. */
export interface TrackFacts {
  bpm?: number | null;
  key?: string | null;
  /** 1 to 10, from the store's analysis, where it is known (the set order's energy shape). */
  energy?: number | null;
}

/** A set's order of `items`, how many of its transitions clash, and how many it could not place. */
export function asSet<T>(
  items: readonly T[],
  factsOf: (item: T) => TrackFacts,
  shape: EnergyShape = 'build',
  pins: { first?: T; last?: T } = {},
): { items: T[]; clashes: number; unplaced: number; into: Map<T, Transition> } {
  const tracks = items.map((item, id) => {
    const facts = factsOf(item);
    return {
      id,
      bpm: isBpm(facts.bpm) ? facts.bpm : null,
      key: parseKey(facts.key),
      energy: facts.energy ?? null,
    };
  });
  const pinned = (item: T | undefined) => (item === undefined ? -1 : items.indexOf(item));
  const first = pinned(pins.first);
  const last = pinned(pins.last);
  const set = orderAsSet(tracks, {
    shape,
    ...(first >= 0 ? { first } : {}),
    ...(last >= 0 ? { last } : {}),
  });
  return {
    items: set.order.map((track) => items[track.id] as T),
    clashes: set.clashes,
    unplaced: set.unplaced.length,
    // How each track is mixed into from the one before it.
    into: new Map(set.transitions.map((step) => [items[step.to] as T, step])),
  };
}
