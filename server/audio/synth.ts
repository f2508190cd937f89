import { Random } from '../seed/random.ts';
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

const pitchClasses: Record<string, number> = {
  C: 0,
  'C#': 1,
  Db: 1,
  D: 2,
  'D#': 3,
  Eb: 3,
  E: 4,
  F: 5,
  'F#': 6,
  Gb: 6,
  G: 7,
  'G#': 8,
  Ab: 8,
  A: 9,
  'A#': 10,
  Bb: 10,
  B: 11,
};

/** The key's root as a frequency in the octave below middle C, and whether it is minor. */
export function parseKey(key: string): { rootHz: number; minor: boolean } {
  const [note = 'A', mode = 'Minor'] = key.split(' ');
  const semitones = pitchClasses[note] ?? 9;
  return { rootHz: 130.81 * 2 ** (semitones / 12), minor: mode.toLowerCase().startsWith('min') };
}

/**
 * A short loop in the track's tempo and key: a four-on-the-floor kick, an off-beat bass on the root,
 * a plucked triad twice a beat and a hi-hat. Not music to dance to, but real, recognisable audio
 * whose tempo and key match the track's tags. One bar is computed and repeated, which is what the
 * pattern does anyway and keeps a file's synthesis to a few milliseconds.
 */
export function synthesize({ seed, bpm, key, seconds, channels }: SynthSpec): Pcm {
  const random = new Random(seed);
  const beat = (60 / bpm) * sampleRate;
  const barFrames = Math.round(4 * beat);
  const { rootHz, minor } = parseKey(key);
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
    const bass = Math.sin(2 * Math.PI * (rootHz / 2) * t) * Math.exp(-6 * offBeat) * 0.5;
    let pad = 0;
    for (const hz of chord) pad += Math.sin(2 * Math.PI * hz * t);
    pad *= (Math.exp(-5 * halfBeat) * 0.25) / chord.length;
    const hat = (random.next() * 2 - 1) * Math.exp(-60 * offBeat) * 0.15;
    const mid = kick * 0.6 + bass + pad;
    barLeft[i] = mid + hat * 0.8;
    barRight[i] = mid + hat * 1.2;
  }
  const frames = Math.round(seconds * sampleRate);
  const render = (bar: Float32Array[]) => {
    const out = new Int16Array(frames);
    for (let i = 0; i < frames; i++) {
      let value = 0;
      for (const channel of bar) value += channel[i % barFrames] as number;
      // Short fades at both ends, so the file does not start or stop with a click.
      const fade = Math.min(1, i / 441, (frames - i) / 2205);
      out[i] = Math.round(Math.max(-1, Math.min(1, (value / bar.length) * fade * 0.8)) * 32767);
    }
    return out;
  };
  const rendered = channels === 1 ? [render([barLeft, barRight])] : [render([barLeft]), render([barRight])];
  return { sampleRate, channels: rendered };
}
