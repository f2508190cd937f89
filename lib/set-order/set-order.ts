/**
 * A crate ordered to be played: transitions that mix first (transitions.ts), then the tempo steps
 * kept small, then the energy shape the DJ picks ("build" rises to the end, "waves" rises and
 * breathes, "keep" holds it level), with a first or last track the DJ may pin.
 *
 * Up to `exactLimit` tracks the best order is found exactly (dynamic programming over the subsets of
 * tracks placed, Held and Karp's method for the travelling salesman: 12 tracks are 49,152 states);
 * above it, a greedy order from several starts is improved by 2-opt (a run reversed) and or-opt
 * (one track moved) until neither helps. test/unit/lib/set-order compares the two on small crates.
 * Tracks without a key or a tempo cannot be judged: they go at the end, each with why.
 */
import { type PlacedTrack, type SetTrack, type Transition, transition } from './transitions.ts';

/** The energy shapes a DJ picks from, in the order offered. */
export const energyShapes = ['build', 'waves', 'keep'] as const;
export type EnergyShape = (typeof energyShapes)[number];

export interface SetOptions {
  shape: EnergyShape;
  /** A track id to open the set with, or to close it with. */
  first?: number;
  last?: number;
  /** How: exact up to `exactLimit` tracks and local search above (the default), or one of them. */
  method?: 'auto' | 'exact' | 'search';
}

export interface SetOrder {
  /** The placed tracks in playing order, then those without a key or tempo. */
  order: SetTrack[];
  /** Between each two placed tracks, in order. */
  transitions: Transition[];
  clashes: number;
  unplaced: { id: number; reason: 'noKey' | 'noTempo' }[];
}

/** Orders up to this many tracks exactly; larger crates by local search. */
export const exactLimit = 12;

/** How far the local search moves a track or reverses a run on a long crate. */
const moveReach = 24;

/** A clash outweighs any amount of the rest: fewer clashes is always the better order. */
const clashCost = 1000;

const isPlaced = (track: SetTrack): track is PlacedTrack => track.key !== undefined && track.bpm !== null;

/** The cost of playing `b` after `a`: a clash, a key move, the tempo step, the energy shape's pairwise part. */
function pairCost(a: PlacedTrack, b: PlacedTrack, shape: EnergyShape): number {
  const t = transition(a, b);
  let cost = t.rating === 'clash' ? clashCost : 0;
  if (t.key === 'harmonic') cost += 4;
  cost += t.tempoStep * 100;
  if (a.energy !== null && b.energy !== null) {
    if (shape === 'build') cost += Math.max(0, a.energy - b.energy) * 6;
    if (shape === 'keep') cost += Math.abs(b.energy - a.energy) * 3;
  }
  return cost;
}

/** Waves: the energy each place aims at, rising and falling over about eight tracks between the crate's lowest and highest. */
function waveTargets(tracks: readonly PlacedTrack[]): (position: number) => number {
  const energies = tracks.flatMap((t) => (t.energy === null ? [] : [t.energy]));
  if (energies.length === 0) return () => 0;
  const low = Math.min(...energies);
  const high = Math.max(...energies);
  const period = Math.max(4, Math.min(8, tracks.length));
  return (position) => low + (high - low) * (0.5 - 0.5 * Math.cos((2 * Math.PI * position) / period));
}

/** The costs of a crate, computed once: pairwise in a matrix, and for waves each track at each place. */
class Costs {
  readonly pair: Float64Array;
  /** Waves: track t at place p costs placed[t * n + p] (the search asks it millions of times on 200 tracks). */
  private readonly placed: Float64Array | null;

  constructor(
    readonly tracks: readonly PlacedTrack[],
    readonly shape: EnergyShape,
  ) {
    const n = tracks.length;
    this.pair = new Float64Array(n * n);
    for (let a = 0; a < n; a++)
      for (let b = 0; b < n; b++)
        if (a !== b)
          this.pair[a * n + b] = pairCost(tracks[a] as PlacedTrack, tracks[b] as PlacedTrack, shape);
    this.placed = shape === 'waves' ? new Float64Array(n * n) : null;
    if (!this.placed) return;
    const target = waveTargets(tracks);
    for (let t = 0; t < n; t++) {
      const energy = (tracks[t] as PlacedTrack).energy;
      if (energy !== null)
        for (let p = 0; p < n; p++) this.placed[t * n + p] = Math.abs(energy - target(p)) * 3;
    }
  }

  at(track: number, position: number): number {
    return this.placed ? (this.placed[track * this.tracks.length + position] as number) : 0;
  }

  between(a: number, b: number): number {
    return this.pair[a * this.tracks.length + b] as number;
  }

  of(order: readonly number[]): number {
    let cost = 0;
    for (let i = 0; i < order.length; i++) {
      cost += this.at(order[i] as number, i);
      if (i > 0) cost += this.between(order[i - 1] as number, order[i] as number);
    }
    return cost;
  }
}

interface Pins {
  first: number | undefined;
  last: number | undefined;
}

/** The best order, by dynamic programming over which tracks are placed and which came last. */
function exactOrder(costs: Costs, pins: Pins): number[] {
  const n = costs.tracks.length;
  const full = (1 << n) - 1;
  const best = new Float64Array((1 << n) * n).fill(Number.POSITIVE_INFINITY);
  const from = new Int8Array((1 << n) * n).fill(-1);
  for (let t = 0; t < n; t++) {
    if (pins.first !== undefined && t !== pins.first) continue;
    if (pins.last === t && n > 1) continue;
    best[(1 << t) * n + t] = costs.at(t, 0);
  }
  for (let mask = 1; mask <= full; mask++) {
    const placed = popcount(mask);
    for (let last = 0; last < n; last++) {
      const cost = best[mask * n + last] as number;
      if (cost === Number.POSITIVE_INFINITY) continue;
      for (let next = 0; next < n; next++) {
        if (mask & (1 << next)) continue;
        const nextMask = mask | (1 << next);
        if (pins.last === next && nextMask !== full) continue;
        const total = cost + costs.between(last, next) + costs.at(next, placed);
        if (total < (best[nextMask * n + next] as number)) {
          best[nextMask * n + next] = total;
          from[nextMask * n + next] = last;
        }
      }
    }
  }
  let last = -1;
  for (let t = 0; t < n; t++)
    if (last < 0 || (best[full * n + t] as number) < (best[full * n + last] as number)) last = t;
  const order: number[] = [];
  for (let mask = full; last >= 0; ) {
    order.unshift(last);
    const previous = from[mask * n + last] as number;
    mask &= ~(1 << last);
    last = previous;
  }
  return order;
}

function popcount(value: number): number {
  let count = 0;
  for (let v = value; v; v &= v - 1) count++;
  return count;
}

/** Each next track the cheapest from the one before, from `start`. */
function greedyFrom(costs: Costs, start: number, pins: Pins): number[] {
  const n = costs.tracks.length;
  const left = new Set(Array.from({ length: n }, (_, i) => i));
  left.delete(start);
  if (pins.last !== undefined) left.delete(pins.last);
  const order = [start];
  while (left.size > 0) {
    const previous = order[order.length - 1] as number;
    let choice = -1;
    let choiceCost = Number.POSITIVE_INFINITY;
    for (const next of left) {
      const cost = costs.between(previous, next) + costs.at(next, order.length);
      if (cost < choiceCost) {
        choice = next;
        choiceCost = cost;
      }
    }
    order.push(choice);
    left.delete(choice);
  }
  if (pins.last !== undefined && pins.last !== start) order.push(pins.last);
  return order;
}

/**
 * 2-opt and or-opt until neither finds a better order; the pinned ends stay where they are. Each
 * move is judged by what it changes (the edges at its ends, the run's edges read backwards, and for
 * waves the places that shift), so a pass over 200 tracks is quick enough for the popup.
 */
function improve(costs: Costs, start: number[], pins: Pins): number[] {
  const order = Int32Array.from(start);
  const n = order.length;
  const waves = costs.shape === 'waves';
  const low = pins.first === undefined ? 0 : 1;
  const high = n - (pins.last === undefined ? 0 : 1);
  const edge = (a: number, b: number) => costs.between(order[a] as number, order[b] as number);
  // forward[k]: the edges from place 0 to place k; backward[k]: the same edges read backwards.
  const forward = new Float64Array(n);
  const backward = new Float64Array(n);
  const sums = () => {
    for (let k = 1; k < n; k++) {
      forward[k] = (forward[k - 1] as number) + edge(k - 1, k);
      backward[k] = (backward[k - 1] as number) + edge(k, k - 1);
    }
  };
  sums();
  /** Reversing places i..j: the new edges at both ends and inside, less the old. */
  const reversal = (i: number, j: number) => {
    let delta =
      (backward[j] as number) - (backward[i] as number) - ((forward[j] as number) - (forward[i] as number));
    if (i > 0) delta += edge(i - 1, j) - edge(i - 1, i);
    if (j < n - 1) delta += edge(i, j + 1) - edge(j, j + 1);
    if (waves)
      for (let m = i; m <= j; m++)
        delta += costs.at(order[m] as number, i + j - m) - costs.at(order[m] as number, m);
    return delta;
  };
  /** Moving the track at place i to place j, the tracks between shifting one place. */
  const move = (i: number, j: number) => {
    const t = order[i] as number;
    const cost = (a: number, b: number) => costs.between(a, b);
    let delta = 0;
    if (i > 0) delta -= cost(order[i - 1] as number, t);
    if (i < n - 1) delta -= cost(t, order[i + 1] as number);
    if (i > 0 && i < n - 1) delta += cost(order[i - 1] as number, order[i + 1] as number);
    // Where t lands, in the order without it: between the tracks that will be either side of it.
    const before = j < i ? j - 1 : j;
    const after = j < i ? j : j + 1;
    const left = before >= 0 ? (order[before] as number) : -1;
    const right = after < n ? (order[after] as number) : -1;
    if (left >= 0 && right >= 0) delta -= cost(left, right);
    if (left >= 0) delta += cost(left, t);
    if (right >= 0) delta += cost(t, right);
    if (waves) {
      delta += costs.at(t, j) - costs.at(t, i);
      const [from, to, shift] = j < i ? [j, i - 1, 1] : [i + 1, j, -1];
      for (let m = from; m <= to; m++)
        delta += costs.at(order[m] as number, m + shift) - costs.at(order[m] as number, m);
    }
    return delta;
  };
  // On a long crate, runs reversed and moves of up to `reach` places: a set's clashes are local, and
  // the waves' shifted places make a longer move cost as many steps as it spans.
  const reach = n > 2 * moveReach ? moveReach : n;
  for (let improved = true; improved; ) {
    improved = false;
    for (let i = low; i < high - 1; i++)
      for (let j = i + 1; j < Math.min(high, i + reach); j++)
        if (reversal(i, j) < -1e-9) {
          order.subarray(i, j + 1).reverse();
          sums();
          improved = true;
        }
    for (let i = low; i < high; i++)
      for (let j = Math.max(low, i - reach); j < Math.min(high, i + reach); j++)
        if (i !== j && move(i, j) < -1e-9) {
          const t = order[i] as number;
          if (j < i) order.copyWithin(j + 1, j, i);
          else order.copyWithin(i, i + 1, j + 1);
          order[j] = t;
          sums();
          improved = true;
        }
    // A track either side of a clash may belong anywhere: it is tried at every place.
    for (let i = low; i < high; i++) {
      const clashing = (i > 0 && edge(i - 1, i) >= clashCost) || (i < n - 1 && edge(i, i + 1) >= clashCost);
      if (!clashing) continue;
      for (let j = low; j < high; j++)
        if (i !== j && move(i, j) < -1e-9) {
          const t = order[i] as number;
          if (j < i) order.copyWithin(j + 1, j, i);
          else order.copyWithin(i, i + 1, j + 1);
          order[j] = t;
          sums();
          improved = true;
          break;
        }
    }
  }
  return [...order];
}

/** The best of a few greedy starts (the pinned first track, else each of up to 8 spread over the crate), improved. */
function searchedOrder(costs: Costs, pins: Pins): number[] {
  const n = costs.tracks.length;
  const starts =
    pins.first !== undefined
      ? [pins.first]
      : Array.from({ length: Math.min(8, n) }, (_, i) => Math.floor((i * n) / Math.min(8, n))).filter(
          (t) => t !== pins.last,
        );
  let best: number[] = [];
  let bestCost = Number.POSITIVE_INFINITY;
  for (const start of starts) {
    const order = greedyFrom(costs, start, pins);
    const cost = costs.of(order);
    if (cost < bestCost) [best, bestCost] = [order, cost];
  }
  // Waves' places pull tracks about: the mixing order is found first, then shaped.
  if (costs.shape === 'waves') best = improve(new Costs(costs.tracks, 'keep'), best, pins);
  return improve(costs, best, pins);
}

/** The crate as a set: the order, each transition's rating, the clashes, and what could not be placed. */
export function orderAsSet(tracks: readonly SetTrack[], options: SetOptions): SetOrder {
  const placed = tracks.filter(isPlaced);
  const unplaced = tracks
    .filter((track) => !isPlaced(track))
    .map((track) => ({
      id: track.id,
      reason: track.key === undefined ? ('noKey' as const) : ('noTempo' as const),
    }));
  const indexOf = (id: number | undefined) => {
    const index = placed.findIndex((track) => track.id === id);
    return index < 0 ? undefined : index;
  };
  const pins = { first: indexOf(options.first), last: indexOf(options.last) };
  if (pins.first !== undefined && pins.first === pins.last) pins.last = undefined;
  const costs = new Costs(placed, options.shape);
  const method = options.method ?? 'auto';
  const exact = method === 'exact' || (method === 'auto' && placed.length <= exactLimit);
  const indices = placed.length === 0 ? [] : exact ? exactOrder(costs, pins) : searchedOrder(costs, pins);
  const order = indices.map((i) => placed[i] as PlacedTrack);
  const transitions = order.slice(1).map((track, i) => transition(order[i] as PlacedTrack, track));
  return {
    order: [...order, ...tracks.filter((track) => !isPlaced(track))],
    transitions,
    clashes: transitions.filter((t) => t.rating === 'clash').length,
    unplaced,
  };
}

/** The cost the search minimises, for tests and the bench to compare orders by. */
export function setCost(tracks: readonly SetTrack[], order: readonly number[], shape: EnergyShape): number {
  const placed = tracks.filter(isPlaced);
  const costs = new Costs(placed, shape);
  return costs.of(order.map((id) => placed.findIndex((track) => track.id === id)));
}
