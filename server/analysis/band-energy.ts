/**
 * The audio reduced to what the analysis reads: the energy of three bands (low below 150 Hz, mid,
 * high above 2.5 kHz, as DJ apps colour their waveforms) in blocks of 32 samples (0.7 ms at 44.1
 * kHz). Made in one pass over the samples as they stream, so a 7-minute master is never whole in
 * memory as floats.
 */
export const blockFrames = 32;

export interface BandEnergy {
  sampleRate: number;
  /** Sample frames the audio holds. */
  frames: number;
  /** Per block, the sum of squares of each band of the mono mix (full scale 1). */
  low: Float32Array;
  mid: Float32Array;
  high: Float32Array;
}

/** A biquad's coefficients (RBJ's cookbook), normalised by a0. */
interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

function biquad(kind: 'lowpass' | 'highpass', hz: number, sampleRate: number): Biquad {
  const w = (2 * Math.PI * hz) / sampleRate;
  const alpha = Math.sin(w) / (2 * Math.SQRT1_2);
  const cos = Math.cos(w);
  const a0 = 1 + alpha;
  const b1 = kind === 'lowpass' ? 1 - cos : -(1 + cos);
  const b0 = kind === 'lowpass' ? b1 / 2 : -b1 / 2;
  return { b0: b0 / a0, b1: b1 / a0, b2: b0 / a0, a1: (-2 * cos) / a0, a2: (1 - alpha) / a0 };
}

export const lowBandHz = 150;
export const highBandHz = 2500;

/**
 * Reads interleaved 16-bit chunks (any length, a whole number of frames each) of `frames` frames and
 * returns the band energies. `chunks` may be the store's file as it streams.
 */
export function bandEnergy(
  chunks: Iterable<Int16Array>,
  channels: number,
  sampleRate: number,
  frames: number,
): BandEnergy {
  const blocks = Math.ceil(frames / blockFrames);
  const low = new Float32Array(blocks);
  const mid = new Float32Array(blocks);
  const high = new Float32Array(blocks);
  const lp = biquad('lowpass', lowBandHz, sampleRate);
  const hp = biquad('highpass', highBandHz, sampleRate);
  // Filter states (direct form I): inputs and outputs one and two samples back.
  let lx1 = 0;
  let lx2 = 0;
  let ly1 = 0;
  let ly2 = 0;
  let hx1 = 0;
  let hx2 = 0;
  let hy1 = 0;
  let hy2 = 0;
  let frame = 0;
  const scale = 1 / (32768 * channels);
  for (const chunk of chunks) {
    for (let i = 0; i + channels <= chunk.length && frame < frames; i += channels, frame++) {
      let x = 0;
      for (let c = 0; c < channels; c++) x += chunk[i + c] as number;
      x *= scale;
      const l = lp.b0 * x + lp.b1 * lx1 + lp.b2 * lx2 - lp.a1 * ly1 - lp.a2 * ly2;
      lx2 = lx1;
      lx1 = x;
      ly2 = ly1;
      ly1 = l;
      const h = hp.b0 * x + hp.b1 * hx1 + hp.b2 * hx2 - hp.a1 * hy1 - hp.a2 * hy2;
      hx2 = hx1;
      hx1 = x;
      hy2 = hy1;
      hy1 = h;
      const m = x - l - h;
      const block = (frame / blockFrames) | 0;
      low[block] = (low[block] as number) + l * l;
      mid[block] = (mid[block] as number) + m * m;
      high[block] = (high[block] as number) + h * h;
    }
  }
  return { sampleRate, frames: Math.min(frame, frames), low, mid, high };
}
