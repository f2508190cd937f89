import { Mp3Encoder } from '@breezystack/lamejs';
import type { Pcm } from './pcm.ts';

// One MPEG-1 Layer III frame holds 1152 samples per channel.
const frameSamples = 1152;

// lamejs hands out signed bytes, in a buffer it may reuse on the next call: copy them out as unsigned.
const copy = (chunk: ArrayLike<number>) => new Uint8Array(chunk);

/** MPEG-1 Layer III at a constant bit rate, with the given tag (an ID3v2 block) in front. */
export function encodeMp3(pcm: Pcm, kbps: number, tag: Uint8Array = new Uint8Array()): Uint8Array {
  const [left, right] = pcm.channels as [Int16Array, Int16Array | undefined];
  const encoder = new Mp3Encoder(pcm.channels.length, pcm.sampleRate, kbps);
  const chunks: Uint8Array[] = [tag];
  for (let start = 0; start < left.length; start += frameSamples) {
    const end = start + frameSamples;
    chunks.push(copy(encoder.encodeBuffer(left.subarray(start, end), right?.subarray(start, end))));
  }
  chunks.push(copy(encoder.flush()));
  return Buffer.concat(chunks);
}
