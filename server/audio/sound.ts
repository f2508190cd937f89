import type { BarVariant } from './synth.ts';

/**
 * What a track's sound is made from: its id (the seed), tempo, key and, through its arrangement,
 * length. All an encode or a measure needs, small enough to post to a worker thread.
 */
export interface Sound {
  id: number;
  bpm: number;
  key: string;
  lengthMs: number;
}

export const trackSound = ({ id, bpm, key, lengthMs }: Sound): Sound => ({ id, bpm, key, lengthMs });

/** An MP3's frames: mono, or two channels carrying the one channel encoded in the middle (mp3.ts). */
export interface Mp3Encoding {
  channels: 1 | 2;
  kbps: number;
}

/**
 * One encode of MP3 frames a file is made of: `count` frames of a section's unit repeated, or the
 * frame where one section gives way to the next (server/audio/audio-file.ts).
 */
export type Mp3Job =
  | { kind: 'loop'; sound: Sound; variant: BarVariant | 'silence'; count: number; encoding: Mp3Encoding }
  | { kind: 'seam'; sound: Sound; before: BarVariant | 'silence'; after: BarVariant };

/** Encoded frames end to end, and each one's length. */
export interface Mp3Frames {
  bytes: Uint8Array;
  frames: number[];
}
