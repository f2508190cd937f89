import { encodeMp3 } from './mp3.ts';
import { synthesize } from './synth.ts';

const samplesPerFrame = 1152;
const bitrates = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const sampleRates = [44_100, 48_000, 32_000];

/** The MPEG-1 Layer III frames of a stream without a tag, each as its own slice. */
export function mp3Frames(stream: Uint8Array): Uint8Array[] {
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  const frames: Uint8Array[] = [];
  for (let offset = 0; offset + 4 <= stream.length; ) {
    const header = view.getUint32(offset);
    if (header >>> 21 !== 0x7ff) throw new Error(`No MPEG frame at byte ${offset}`);
    const kbps = bitrates[(header >>> 12) & 15] as number;
    const rate = sampleRates[(header >>> 10) & 3] as number;
    const length = Math.floor((144_000 * kbps) / rate) + ((header >>> 9) & 1);
    frames.push(stream.subarray(offset, offset + length));
    offset += length;
  }
  return frames;
}

export interface PreviewSpec {
  seed: number;
  bpm: number;
  key: string;
  seconds: number;
  kbps: number;
}

/** Shortest loop encoded for a preview: long enough that its seam comes by only now and then. */
const minimumLoopSeconds = 3.5;

/**
 * A mono MP3 stream of `seconds`, made by encoding whole bars of the track's loop once and repeating
 * its frames. Encoding 30 seconds with lamejs takes over a second; a few bars take a tenth of that.
 * The repeats are sound MP3: the first frame of an encoder's output borrows no bits from frames
 * before it (its main_data_begin is 0), so the stream decodes at every seam, where the encoder's
 * start-up delay leaves a few milliseconds of quiet.
 */
export function loopedPreview({ seed, bpm, key, seconds, kbps }: PreviewSpec): Uint8Array {
  const barSeconds = (4 * 60) / bpm;
  const loopSeconds = Math.ceil(minimumLoopSeconds / barSeconds) * barSeconds;
  const loop = mp3Frames(
    encodeMp3(synthesize({ seed, bpm, key, seconds: Math.min(loopSeconds, seconds), channels: 1 }), kbps),
  );
  const wanted = Math.ceil((seconds * 44_100) / samplesPerFrame);
  const frames: Uint8Array[] = [];
  while (frames.length < wanted) frames.push(...loop.slice(0, wanted - frames.length));
  return Buffer.concat(frames);
}
