import { type BandEnergy, blockFrames } from './band-energy.ts';

/** A steady grid: one tempo, and where its first downbeat is. */
export interface BeatGrid {
  /** Tempo to 0.01 BPM, the precision DJ apps store. */
  bpm: number;
  /** Seconds per beat at that tempo. */
  beatSeconds: number;
  /** The first downbeat, in seconds from the first sample. */
  firstDownbeat: number;
  /** Beats from the first downbeat to the end of the audio. */
  beatCount: number;
}

/** Audio without a steady pulse to measure: silence, a few seconds, or no beat at all. */
export class NoBeatError extends Error {}

/** Kicks a grid is fitted through at the least. */
const fewestBeats = 4;

/** Blocks each side of a block that its onset score compares: 11.6 ms, longer than a kick's period. */
const window = 16;
/** Blocks per hop of the coarse onset curve the tempo is first read from. */
const hop = 16;
/** Tempos a club track is read at: a faster reading is a tempo's half beat, a slower one two beats. */
const slowestBpm = 60;
const fastestBpm = 180;

/**
 * How sharply the low band's energy rises at each block: the energy of the `window` blocks from it
 * minus that of the `window` before. A kick's attack peaks it at the kick's first block.
 */
function onsetScores(low: Float32Array): Float32Array {
  const prefix = new Float64Array(low.length + 1);
  for (let i = 0; i < low.length; i++) prefix[i + 1] = (prefix[i] as number) + (low[i] as number);
  const at = (i: number) => prefix[Math.max(0, Math.min(low.length, i))] as number;
  const scores = new Float32Array(low.length);
  for (let i = 0; i < low.length; i++) scores[i] = Math.max(0, at(i + window) - 2 * at(i) + at(i - window));
  return scores;
}

/**
 * The beat's length in blocks, read coarsely from the onsets' autocorrelation: the shortest period
 * among the strongest (a steady pulse correlates as well at two beats as at one), within 60 to 180
 * BPM, so an off-beat bass does not double the tempo and a 174 BPM track is not read at 87.
 */
function coarsePeriod(scores: Float32Array, sampleRate: number): number {
  const hops = Math.floor(scores.length / hop);
  const curve = new Float64Array(hops);
  for (let j = 0; j < hops; j++) {
    let peak = 0;
    for (let i = j * hop; i < (j + 1) * hop; i++) peak = Math.max(peak, scores[i] as number);
    curve[j] = peak;
  }
  const hopSeconds = (hop * blockFrames) / sampleRate;
  const shortest = Math.floor(60 / fastestBpm / hopSeconds);
  const longest = Math.ceil(60 / slowestBpm / hopSeconds);
  if (hops < 2 * longest) throw new NoBeatError('Too short to measure a tempo');
  const correlation = new Float64Array(longest + 2);
  for (let lag = shortest - 1; lag <= longest + 1; lag++) {
    let sum = 0;
    for (let j = lag; j < hops; j++) sum += (curve[j] as number) * (curve[j - lag] as number);
    correlation[lag] = sum / Math.max(1, hops - lag);
  }
  let best = 0;
  for (let lag = shortest; lag <= longest; lag++) best = Math.max(best, correlation[lag] as number);
  for (let lag = shortest; lag <= longest; lag++) {
    const value = correlation[lag] as number;
    const isPeak = value >= (correlation[lag - 1] as number) && value >= (correlation[lag + 1] as number);
    if (isPeak && value >= 0.85 * best) {
      const before = correlation[lag - 1] as number;
      const after = correlation[lag + 1] as number;
      const curvature = before - 2 * value + after;
      const offset = curvature < 0 ? (0.5 * (before - after)) / curvature : 0;
      return (lag + offset) * hop;
    }
  }
  throw new NoBeatError('No pulse in the audio');
}

/** The blocks where the onset score peaks clearly: the kicks (and strong beats) of the track. */
function strongOnsets(scores: Float32Array, period: number): number[] {
  const reach = Math.max(1, Math.floor(period / 4));
  const peaks: number[] = [];
  for (let i = 1; i < scores.length - 1; i++) {
    const value = scores[i] as number;
    if (value <= 0 || value < (scores[i - 1] as number) || value < (scores[i + 1] as number)) continue;
    let isMax = true;
    for (let k = Math.max(0, i - reach); k <= Math.min(scores.length - 1, i + reach) && isMax; k++)
      if ((scores[k] as number) > value) isMax = false;
    if (isMax) peaks.push(i);
  }
  const strengths = peaks.map((i) => scores[i] as number).sort((a, b) => a - b);
  const loud = strengths[Math.floor(strengths.length * 0.9)] ?? 0;
  // The peak's position within its block, from the scores either side (parabolic).
  return peaks
    .filter((i) => (scores[i] as number) >= 0.3 * loud)
    .map((i) => {
      const before = scores[i - 1] as number;
      const value = scores[i] as number;
      const after = scores[i + 1] as number;
      const curvature = before - 2 * value + after;
      return i + (curvature < 0 ? (0.5 * (before - after)) / curvature : 0);
    });
}

/** Least squares of t = a + n·b, or with b given, of a alone. */
function fitLine(points: readonly { n: number; t: number }[], slope?: number) {
  const count = points.length;
  const meanN = points.reduce((sum, p) => sum + p.n, 0) / count;
  const meanT = points.reduce((sum, p) => sum + p.t, 0) / count;
  let b = slope;
  if (b === undefined) {
    let covariance = 0;
    let variance = 0;
    for (const p of points) {
      covariance += (p.n - meanN) * (p.t - meanT);
      variance += (p.n - meanN) ** 2;
    }
    b = variance > 0 ? covariance / variance : 0;
  }
  return { a: meanT - b * meanN, b };
}

/**
 * The beats' exact period and phase, in blocks: the strong onsets numbered by the beat they fall
 * on, those off the beat left out, and a line fitted through the rest. It starts from the onset most
 * others fall on the beat of, with the kicks' median spacing, over 16 beats each side, and widens
 * twice at a time with the line it fitted, so a period a little off never numbers a far beat
 * wrong; then once more without any onset over 3 ms off.
 */
function fitBeats(onsets: readonly number[], period: number, sampleRate: number) {
  const spacings = onsets
    .slice(1)
    .map((t, i) => t - (onsets[i] as number))
    .filter((spacing) => Math.abs(spacing - period) < 0.1 * period)
    .sort((a, b) => a - b);
  const beat = spacings[Math.floor(spacings.length / 2)] ?? period;
  const near = (t: number, line: { a: number; b: number }) => {
    const n = Math.round((t - line.a) / line.b);
    return { n, t, off: t - line.a - n * line.b };
  };
  const step = Math.max(1, Math.floor(onsets.length / 64));
  let line = { a: onsets[0] as number, b: beat };
  let most = -1;
  for (let i = 0; i < onsets.length; i += step) {
    const candidate = { a: onsets[i] as number, b: beat };
    const count = onsets.filter((t) => Math.abs(near(t, candidate).off) < 0.1 * beat).length;
    if (count > most) [most, line] = [count, candidate];
  }
  const span = (onsets.at(-1) as number) - (onsets[0] as number);
  let points: { n: number; t: number }[] = [];
  for (let reach = 16 * beat; ; reach *= 2) {
    const center = line.a;
    points = onsets
      .filter((t) => Math.abs(t - center) <= reach)
      .map((t) => near(t, line))
      .filter((p) => Math.abs(p.off) < 0.1 * beat);
    if (points.length >= 2) line = fitLine(points);
    if (reach > span) break;
  }
  const tolerance = (0.003 * sampleRate) / blockFrames;
  points = points.filter((p) => Math.abs(near(p.t, line).off) < tolerance).map((p) => near(p.t, line));
  if (points.length >= 2) line = fitLine(points);
  return { line, points };
}

/** The first block where the music is heard: 50 dB below the loudest 10 ms. */
function musicStart(energy: BandEnergy): number {
  const blocks = energy.low.length;
  const total = (i: number) =>
    (energy.low[i] as number) + (energy.mid[i] as number) + (energy.high[i] as number);
  let loudest = 0;
  for (let i = 0; i < blocks; i++) loudest = Math.max(loudest, total(i));
  for (let i = 0; i < blocks; i++) if (total(i) > loudest * 1e-5) return i;
  return 0;
}

/**
 * The beat grid of a track from its band energies: the tempo from the kicks' spacing over the
 * whole track, rounded to 0.01 BPM, the grid's phase fitted to the kicks at that rounded tempo (so
 * the grid a DJ app draws from the two numbers stays on the beat to the end), and the first
 * downbeat on the beat where the music starts (club tracks start on the one: docs/analysis.md).
 */
export function beatGrid(energy: BandEnergy): BeatGrid {
  const { sampleRate } = energy;
  const scores = onsetScores(energy.low);
  const period = coarsePeriod(scores, sampleRate);
  const onsets = strongOnsets(scores, period);
  if (onsets.length < fewestBeats) throw new NoBeatError('Too few beats in the audio');
  const { line, points } = fitBeats(onsets, period, sampleRate);
  if (points.length < fewestBeats || !(line.b > 0)) throw new NoBeatError('No steady beat in the audio');
  const blockSeconds = blockFrames / sampleRate;
  const bpm = Math.round((60 / (line.b * blockSeconds)) * 100) / 100;
  const beatSeconds = 60 / bpm;
  const { a } = fitLine(points, beatSeconds / blockSeconds);
  const anchor = a * blockSeconds;
  const start = musicStart(energy) * blockSeconds;
  let first = anchor + Math.ceil((start - anchor) / beatSeconds - 0.25) * beatSeconds;
  if (first < 0) first += beatSeconds;
  const seconds = energy.frames / sampleRate;
  return {
    bpm,
    beatSeconds,
    firstDownbeat: first,
    beatCount: first < seconds ? Math.floor((seconds - first) / beatSeconds) + 1 : 0,
  };
}
