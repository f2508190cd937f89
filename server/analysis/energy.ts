/**
 * How much energy a track and each of its sections carry, 1 to 10, from what the audio does, read
 * off the band energies the rest of the analysis already made (one pass over the samples, so it
 * adds a few milliseconds, not a decode):
 * - **loudness**: the mean power of the mix, in dB below full scale: a quiet mix calms a floor;
 * - **onset density**: kicks a second, a kick being a beat whose low band just after it is 6 dB above
 *   the low band between the beats, so a faster four-to-the-floor pushes harder and a breakdown
 *   without its kick has none;
 * - **brightness**: the high band's share of the power (hats, claps, noise rises), which DJs hear as
 *   drive.
 * The three are weighted 45/40/15 and spread over 1 to 10 by fixed ranges (loudness -30 to -6 dB,
 * 0 to 3 kicks a second, 0 to 25 % bright), so a level means the same on every track. No audio
 * analysis library is needed for these (Essentia's or aubio's would decode the audio again); their
 * features are the classic ones of energy ratings, e.g. Mixed In Key's description of its scale.
 */
import type { AnalysisCue, TrackEnergy } from '../../lib/contract/track-analysis.ts';
import { type BandEnergy, blockFrames } from './band-energy.ts';
import type { BeatGrid } from './beat-grid.ts';

/** How long after a beat its kick is measured, and where between beats the floor is. */
const kickSeconds = 0.06;
const kickRiseDb = 6;

const decibels = (power: number) => 10 * Math.log10(power + 1e-12);
const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

interface Span {
  fromSeconds: number;
  toSeconds: number;
}

/** The raw 0-to-1 score of a stretch of the track. */
function score(energy: BandEnergy, grid: BeatGrid, span: Span): number {
  const blockSeconds = blockFrames / energy.sampleRate;
  const blockAt = (seconds: number) =>
    Math.min(energy.low.length, Math.max(0, Math.round(seconds / blockSeconds)));
  const sum = (band: Float32Array, from: number, to: number) => {
    let total = 0;
    for (let i = from; i < to; i++) total += band[i] as number;
    return total;
  };
  const from = blockAt(span.fromSeconds);
  const to = Math.max(from + 1, blockAt(span.toSeconds));
  const low = sum(energy.low, from, to);
  const mid = sum(energy.mid, from, to);
  const high = sum(energy.high, from, to);
  const power = (low + mid + high) / ((to - from) * blockFrames);
  const loudness = clamp01((decibels(power) + 30) / 24);

  const firstBeat = Math.max(0, Math.ceil((span.fromSeconds - grid.firstDownbeat) / grid.beatSeconds));
  const lastBeat = Math.min(
    grid.beatCount,
    Math.floor((span.toSeconds - grid.firstDownbeat) / grid.beatSeconds),
  );
  let kicks = 0;
  for (let beat = firstBeat; beat < lastBeat; beat++) {
    const at = grid.firstDownbeat + beat * grid.beatSeconds;
    const kickFrom = blockAt(at);
    const kickTo = Math.max(kickFrom + 1, blockAt(at + kickSeconds));
    const floorFrom = blockAt(at + grid.beatSeconds * 0.375);
    const floorTo = Math.max(floorFrom + 1, blockAt(at + grid.beatSeconds * 0.625));
    const kick = sum(energy.low, kickFrom, kickTo) / (kickTo - kickFrom);
    const floor = sum(energy.low, floorFrom, floorTo) / (floorTo - floorFrom);
    if (decibels(kick) - decibels(floor) >= kickRiseDb) kicks++;
  }
  const seconds = Math.max(1e-3, span.toSeconds - span.fromSeconds);
  const onsets = clamp01(kicks / seconds / 3);
  const brightness = clamp01(high / Math.max(1e-12, low + mid + high) / 0.25);
  return 0.45 * loudness + 0.4 * onsets + 0.15 * brightness;
}

const level = (raw: number) => Math.min(10, Math.max(1, 1 + Math.round(raw * 9)));

/**
 * The track's energy and each section's: a section runs from one hot cue (a phrase change) to the
 * next, the last to the end; a track without phrase changes is one section. The track's is the sections' weighted by length, the loudest half counting double: a DJ
 * rates a track by its drop more than by its intro.
 */
export function trackEnergy(energy: BandEnergy, grid: BeatGrid, cues: readonly AnalysisCue[]): TrackEnergy {
  const end = energy.frames / energy.sampleRate;
  const starts = cues
    .filter((cue) => cue.hotCue !== undefined)
    .map((cue) => cue.positionMs / 1000)
    .sort((a, b) => a - b);
  if (starts.length === 0) starts.push(0);
  const spans = starts.map((start, i) => ({ fromSeconds: start, toSeconds: starts[i + 1] ?? end }));
  const scores = spans.map((span) => score(energy, grid, span));
  const median = [...scores].sort((a, b) => a - b)[Math.floor(scores.length / 2)] as number;
  let weighted = 0;
  let weights = 0;
  for (const [i, span] of spans.entries()) {
    const weight = (span.toSeconds - span.fromSeconds) * ((scores[i] as number) >= median ? 2 : 1);
    weighted += (scores[i] as number) * weight;
    weights += weight;
  }
  return {
    level: level(weights > 0 ? weighted / weights : 0),
    sections: spans.map((span, i) => ({
      startMs: Math.round(span.fromSeconds * 1000),
      level: level(scores[i] as number),
    })),
  };
}
