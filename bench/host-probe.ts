/**
 * `npm run bench:probe`: the host's own speed, single-threaded, so that a suite's wall time or a
 * figure measured at another hour can be set beside the speed of the machine then (this host's
 * speed moved by a factor of two within a day: docs/benchmarks-history.md). It times the store's
 * analysis loop that reads every sample (band energies, server/analysis/band-energy.ts) over a
 * 7-minute stereo master, five times, and prints the median and the range with the load.
 * No goal: a reading, like the load average.
 */
import { loadavg } from 'node:os';
import { bandEnergy } from '../server/analysis/band-energy.ts';
import { synthesize } from '../server/audio/synth.ts';
import { median } from './figures.ts';

const master = synthesize({ seed: 7, bpm: 124, key: 'A Minor', seconds: 420, channels: 2 });
const [left, right] = master.channels as [Int16Array, Int16Array];
const interleaved = new Int16Array(left.length * 2);
for (let i = 0; i < left.length; i++) {
  interleaved[i * 2] = left[i] as number;
  interleaved[i * 2 + 1] = right[i] as number;
}
const times: number[] = [];
for (let run = 0; run < 5; run++) {
  const started = performance.now();
  bandEnergy([interleaved], 2, master.sampleRate, left.length);
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
console.log(
  `host probe (band energies of a 7-minute master): median ${median(times).toFixed(0)} ms, ` +
    `${(times[0] as number).toFixed(0)} to ${(times.at(-1) as number).toFixed(0)} ms, load ${loadavg()[0]?.toFixed(2)}`,
);
