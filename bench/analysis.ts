/**
 * The track analysis's cost and size (issue #36): the seconds the store takes to measure a
 * 7-minute track from its master (the WAV streamed, band energies, grid, cues, overview), the
 * median of a few tracks of different tempos, and the analysis's bytes on the wire (the JSON of
 * GET /catalog/3/track-analysis). Then what the first MP3 of each of these tracks costs: the CPU
 * seconds of encoding its section loops and seams (what a store's worker threads do once per
 * track, before the loops are cached), the median, with the machine's load.
 *
 *   npx tsx bench/analysis.ts [--tracks 5]
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { analysisOf, energyOf, wavStream } from '../server/analysis/analyze.ts';
import { beatGrid } from '../server/analysis/beat-grid.ts';
import { trackEnergy } from '../server/analysis/energy.ts';
import { type AudioTrack, flacTrackFile, untaggedTrackFile } from '../server/audio/audio-file.ts';
import { median, recordFigures } from './figures.ts';

const { values } = parseArgs({ options: { tracks: { type: 'string', default: '5' } } });
const count = Number(values.tracks);

const track = (index: number): AudioTrack => ({
  id: 900_000 + index,
  lengthMs: 7 * 60_000,
  bpm: [100, 124, 128, 140, 174][index % 5] as number,
  key: 'A Minor',
  title: 'Bench',
  mixName: 'Original Mix',
  artists: ['Bench'],
  remixers: [],
  album: 'Bench',
  label: 'Bench',
  catalogNumber: 'B1',
  releaseDate: '2026-01-01',
  trackNumber: 1,
  trackTotal: 1,
  genre: 'Techno',
  isrc: 'XX0000000000',
});

const seconds: number[] = [];
const energySeconds: number[] = [];
const bytes: number[] = [];
for (let index = 0; index < count; index++) {
  const file = untaggedTrackFile(track(index), 'wav');
  const start = performance.now();
  const bands = energyOf(wavStream(Buffer.concat([...file.chunks(0, 4095)]), file.chunks()));
  const analysis = analysisOf(bands);
  seconds.push((performance.now() - start) / 1000);
  // What the energy adds to it: its measure alone, on the bands the analysis made anyway.
  const energyStart = performance.now();
  trackEnergy(bands, beatGrid(bands), analysis.cues);
  energySeconds.push((performance.now() - energyStart) / 1000);
  // The response body: the envelope around the analysis.
  bytes.push(Buffer.byteLength(JSON.stringify({ metadata: {}, results: analysis })));
}
const mp3Seconds: number[] = [];
for (let index = 0; index < count; index++) {
  const start = process.cpuUsage();
  untaggedTrackFile(track(index), 'mp3');
  const used = process.cpuUsage(start);
  mp3Seconds.push((used.user + used.system) / 1e6);
}
// FLAC (issue #49): the first file's CPU, and its size against the WAV's.
const flacSeconds: number[] = [];
const flacRatios: number[] = [];
for (let index = 0; index < count; index++) {
  const start = process.cpuUsage();
  const flac = flacTrackFile(track(index));
  const used = process.cpuUsage(start);
  flacSeconds.push((used.user + used.system) / 1e6);
  flacRatios.push(flac.size / untaggedTrackFile(track(index), 'wav').size);
}
const figures = {
  analysis_s_per_7min_track: median(seconds),
  analysis_bytes_on_wire: Math.max(...bytes),
  energy_s_per_7min_track: median(energySeconds),
  mp3_first_file_cpu_s_7min: median(mp3Seconds),
  flac_first_file_cpu_s_7min: median(flacSeconds),
  flac_size_of_wav: Math.max(...flacRatios),
};
console.log(`analysis of a 7-minute track: ${figures.analysis_s_per_7min_track.toFixed(2)} s (goal <= 2 s)`);
console.log(`energy added to it: ${figures.energy_s_per_7min_track.toFixed(3)} s (goal <= 0.5 s)`);
console.log(`analysis on the wire: ${figures.analysis_bytes_on_wire} bytes at most (goal <= 8192)`);
console.log(
  `first MP3 of a 7-minute track: ${figures.mp3_first_file_cpu_s_7min.toFixed(2)} s of CPU (goal <= 1 s; each: ${mp3Seconds.map((value) => value.toFixed(2)).join(', ')}; load ${loadavg()[0]?.toFixed(1)})`,
);
console.log(
  `first FLAC of a 7-minute track: ${figures.flac_first_file_cpu_s_7min.toFixed(2)} s of CPU (goal <= 1.5 s), at most ${(figures.flac_size_of_wav * 100).toFixed(0)} % of the WAV's size (goal <= 70 %; load ${loadavg()[0]?.toFixed(1)})`,
);
recordFigures(figures);
