/**
 * `npm run bench -- --only set-order`: how long ordering a crate as a set takes in the popup's
 * code (lib/set-order), for 12 tracks (exact) and 50, 100 and 200 (local search), each the median
 * of several runs on crates of random keys, tempos and energies; and how the local search's
 * clashes compare with the exact order's on 12-track crates. Goal: `set_order_ms_200` at most 100.
 */
import { loadavg } from 'node:os';
import { allKeys } from '../lib/contract/musical-key.ts';
import { type EnergyShape, orderAsSet } from '../lib/set-order/set-order.ts';
import type { SetTrack } from '../lib/set-order/transitions.ts';
import { median, recordFigures } from './figures.ts';

/** A seeded generator (mulberry32): the same crates every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function crate(size: number, seed: number): SetTrack[] {
  const next = random(seed);
  return Array.from({ length: size }, (_, i) => ({
    id: i + 1,
    bpm: 120 + Math.round(next() * 12),
    key: allKeys[Math.floor(next() * allKeys.length)],
    energy: 1 + Math.floor(next() * 10),
  }));
}

function timeOrder(size: number, shape: EnergyShape, runs: number): number {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const tracks = crate(size, 1000 + run);
    const start = performance.now();
    orderAsSet(tracks, { shape });
    times.push(performance.now() - start);
  }
  return median(times);
}

const load = () => loadavg()[0]?.toFixed(2);
const figures: Record<string, number> = {};
for (const size of [12, 50, 100, 200]) {
  const ms = timeOrder(size, 'waves', size >= 100 ? 5 : 9);
  figures[`set_order_ms_${size}`] = ms;
  console.log(`set_order_ms_${size}: ${ms.toFixed(1)} (load ${load()})`);
}

let same = 0;
const crates = 40;
for (let seed = 0; seed < crates; seed++) {
  const tracks = crate(12, seed);
  const exact = orderAsSet(tracks, { shape: 'build', method: 'exact' }).clashes;
  const searched = orderAsSet(tracks, { shape: 'build', method: 'search' }).clashes;
  if (exact === searched) same++;
}
figures.set_order_search_matches_exact_12 = same / crates;
console.log(`set_order_search_matches_exact_12: ${same}/${crates} crates (load ${load()})`);
recordFigures(figures);
