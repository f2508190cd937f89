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

/** The encoder's delay as the LAME tag declares it: lame's output starts 576 samples early. */
export const encoderDelay = 576;
/** The delay of an MPEG decoder's synthesis filterbank, which gapless players skip besides (528 + 1). */
export const decoderDelay = 529;

/** CRC-16 (polynomial 0x8005, reflected), as the LAME tag checks itself and the music with. */
function crc16(bytes: Uint8Array, crc = 0): number {
  let value = crc;
  for (const byte of bytes) {
    value ^= byte;
    for (let bit = 0; bit < 8; bit++) value = value & 1 ? (value >>> 1) ^ 0xa001 : value >>> 1;
  }
  return value;
}

/**
 * The Info frame (the Xing header of a constant-bit-rate stream) with its LAME extension: a silent
 * first frame that tells a decoder how many frames follow, and the encoder delay and padding to
 * trim from the start and end so it plays the samples gaplessly (docs/analysis.md). `header` is
 * the four header bytes of the stream's frames; `frames` and `musicBytes` count the audio after it.
 */
export function lameInfoFrame(header: Uint8Array, frames: number, musicBytes: number, padding: number) {
  const view = new DataView(header.buffer, header.byteOffset, 4);
  const word = view.getUint32(0) & ~(1 << 9); // no padding byte
  const kbps = bitrateTable[(word >>> 12) & 15] as number;
  const size = Math.floor((144_000 * kbps) / 44_100);
  const bytes = new Uint8Array(size);
  const out = new DataView(bytes.buffer);
  out.setUint32(0, word);
  const stereo = ((word >>> 6) & 3) !== 3;
  let at = 4 + (stereo ? 32 : 17); // after the side information, all zero: no audio
  const ascii = (text: string) => {
    bytes.set(Buffer.from(text, 'latin1'), at);
    at += text.length;
  };
  ascii('Info');
  out.setUint32(at, 0x0f); // frames, bytes, TOC and quality present
  out.setUint32(at + 4, frames);
  out.setUint32(at + 8, size + musicBytes);
  at += 12;
  for (let i = 0; i < 100; i++) bytes[at + i] = Math.floor((i * 256) / 100); // CBR: a straight line
  at += 100;
  out.setUint32(at, 0); // quality
  at += 4;
  const lameStart = at;
  ascii('LAME3.100');
  bytes[at++] = 0x01; // tag revision 0, constant bit rate
  bytes[at++] = 200; // lowpass, in hundreds of Hz
  at += 4 + 2 + 2 + 1; // peak, two replay gains, encoding flags
  bytes[at++] = Math.min(255, kbps);
  bytes[at++] = encoderDelay >> 4;
  bytes[at++] = ((encoderDelay & 15) << 4) | (padding >> 8);
  bytes[at++] = padding & 255;
  at += 1 + 1 + 2; // misc, MP3 gain, preset and surround
  out.setUint32(at, size + musicBytes);
  at += 4;
  at += 2; // the music's CRC: not known without the whole stream, which is never whole in memory
  out.setUint16(at, crc16(bytes.subarray(0, at)));
  if (at - lameStart !== 34) throw new Error('LAME tag layout');
  return bytes;
}

const bitrateTable = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
