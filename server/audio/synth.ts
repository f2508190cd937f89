import { parseKey } from '../../lib/contract/musical-key.ts';
import { Random } from '../generation/random.ts';
import type { Pcm } from './pcm.ts';

export interface SynthSpec {
  /** Seeds the hi-hat noise and the chord voicing, so a track always sounds the same. */
  seed: number;
  bpm: number;
  /** "F# Minor", "Ab Major". */
  key: string;
  seconds: number;
  channels: 1 | 2;
}

export const sampleRate = 44_100;

/** The key's root as a frequency in the octave below middle C, and whether it is minor (A minor when unknown). */
export function keyRoot(key: string): { rootHz: number; minor: boolean } {
  const { pitchClass, mode } = parseKey(key) ?? { pitchClass: 9, mode: 'minor' };
  return { rootHz: 130.81 * 2 ** (pitchClass / 12), minor: mode === 'minor' };
}

/**
 * What a bar of a section plays. A club track's arrangement brings its layers in and out by
 * phrase: the intro without the kick, the breakdown without kick and bass, the outro without the
 * chords and bass so the next track can come in over it.
 */
export type BarVariant = 'intro' | 'main' | 'breakdown' | 'outro';

const layers: Record<BarVariant, { kick: number; bass: number; pad: number; hat: number }> = {
  intro: { kick: 0, bass: 1, pad: 0, hat: 1 },
  main: { kick: 1, bass: 1, pad: 1, hat: 1 },
  breakdown: { kick: 0, bass: 0, pad: 1.4, hat: 0.6 },
  outro: { kick: 1, bass: 0, pad: 0, hat: 1 },
};

/** One bar of a track's sound, per channel, before fades: a file's frame i is the bar's i % frames. */
export interface Bar {
  sampleRate: number;
  frames: number;
  /** One array per output channel: a mono bar mixes the left and right ones. */
  channels: Float32Array[][];
}

/**
 * A short loop in the track's tempo and key: a four-on-the-floor kick, an off-beat bass on the root,
 * a plucked triad twice a beat and a hi-hat. Not music to dance to, but real, recognisable audio
 * whose tempo and key match the track's tags. One bar is computed and repeated, which is what the
 * pattern does anyway and keeps a file's synthesis to a few milliseconds.
 */
export function synthesizeBar({
  seed,
  bpm,
  key,
  channels,
  variant = 'main',
  beatFrames,
}: Omit<SynthSpec, 'seconds'> & { variant?: BarVariant; beatFrames?: number }): Bar {
  const random = new Random(seed);
  const beat = beatFrames ?? (60 / bpm) * sampleRate;
  const gain = layers[variant];
  const barFrames = Math.round(4 * beat);
  const { rootHz, minor } = keyRoot(key);
  const chord = [0, minor ? 3 : 4, 7, random.pick([10, 11, 12, 14])].map(
    (step) => rootHz * 2 * 2 ** (step / 12),
  );
  const barLeft = new Float32Array(barFrames);
  const barRight = new Float32Array(barFrames);
  for (let i = 0; i < barFrames; i++) {
    const inBeat = (i % beat) / sampleRate;
    const halfBeat = (i % (beat / 2)) / sampleRate;
    const offBeat = ((i + beat / 2) % beat) / sampleRate;
    const t = i / sampleRate;
    // Kick: a sine falling from 150 Hz to 50 Hz.
    const kickPhase = 2 * Math.PI * (50 * inBeat + (100 / 30) * (1 - Math.exp(-30 * inBeat)));
    const kick = Math.sin(kickPhase) * Math.exp(-8 * inBeat);
    const bass = Math.sin(2 * Math.PI * (rootHz / 2) * t) * Math.exp(-6 * offBeat) * 0.3;
    let pad = 0;
    for (const hz of chord) pad += Math.sin(2 * Math.PI * hz * t);
    pad *= (Math.exp(-5 * halfBeat) * 0.25) / chord.length;
    const hat = (random.next() * 2 - 1) * Math.exp(-60 * offBeat) * 0.15;
    // The kick leads the mix, as in a club track: the loudest thing below 150 Hz.
    const mid = kick * 0.8 * gain.kick + bass * gain.bass + pad * gain.pad;
    barLeft[i] = mid + hat * 0.8 * gain.hat;
    barRight[i] = mid + hat * 1.2 * gain.hat;
  }
  return {
    sampleRate,
    frames: barFrames,
    channels: channels === 1 ? [[barLeft, barRight]] : [[barLeft], [barRight]],
  };
}

/** The fade-in and fade-out lengths, in frames: only there does a file differ from its repeated bar. */
export const fadeFrames = { in: 441, out: 2205 } as const;

/**
 * Frames [start, start + count) of a file of `total` frames made of the bar repeated from frame
 * `barStart` on, as 16-bit samples per channel. Short fades at both ends of the file, so it does
 * not start or stop with a click; `total` Infinity renders the bar without them.
 */
export function renderFrames(
  bar: Bar,
  start: number,
  count: number,
  total: number,
  barStart = 0,
): Int16Array[] {
  return bar.channels.map((mix) => {
    const out = new Int16Array(count);
    for (let n = 0; n < count; n++) {
      const i = start + n;
      let value = 0;
      for (const channel of mix) value += channel[(i - barStart) % bar.frames] as number;
      const fade = Math.min(1, i / fadeFrames.in, (total - i) / fadeFrames.out);
      out[n] = Math.round(Math.max(-1, Math.min(1, (value / mix.length) * fade * 0.8)) * 32767);
    }
    return out;
  });
}

/** `seconds` of a track's sound, faded in and out. */
export function synthesize(spec: SynthSpec): Pcm {
  const frames = Math.round(spec.seconds * sampleRate);
  return { sampleRate, channels: renderFrames(synthesizeBar(spec), 0, frames, frames) };
}
