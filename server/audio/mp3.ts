import { Mp3Encoder } from '@breezystack/lamejs';
import type { Pcm } from './pcm.ts';
import type { Mp3Encoding } from './sound.ts';

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

/**
 * The bit rate the mid channel of a two-channel encoding is encoded at, alone: a 320 kbps
 * mid/side frame has room for 1,008 bytes of it, a 256 kbps mono frame uses at most 815.
 */
const midKbps = 256;

/**
 * The MPEG frames of one channel of 16-bit samples in an encoding: mono frames, or for two
 * channels, joint-stereo frames carrying the channel in the middle (`midSideFrame`). The store's
 * music is the same on the left and the right but for the hats' slight spread, which a purchased
 * MP3 leaves in the centre: lamejs encodes one channel at less than half the cost of two
 * (docs/analysis.md). No bit reservoir: any frame decodes without the ones before it.
 */
export function encodeFrames(samples: Int16Array, { channels, kbps }: Mp3Encoding): Uint8Array[] {
  const pcm = { sampleRate: 44_100, channels: [samples] };
  if (channels === 1) return mp3Frames(encodeMp3(pcm, kbps));
  return mp3Frames(encodeMp3(pcm, midKbps)).map((frame) => midSideFrame(frame, kbps));
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

/** Bits read from the most significant on, as MPEG side information is laid out. */
function bitReader(bytes: Uint8Array, start: number) {
  let at = start * 8;
  return (count: number) => {
    let value = 0;
    for (let i = 0; i < count; i++, at++)
      value = (value << 1) | (((bytes[at >> 3] as number) >> (7 - (at & 7))) & 1);
    return value;
  };
}

function bitWriter(bytes: Uint8Array, start: number) {
  let at = start * 8;
  return (value: number, count: number) => {
    for (let i = count - 1; i >= 0; i--, at++)
      if ((value >> i) & 1) bytes[at >> 3] = (bytes[at >> 3] as number) | (0x80 >> (at & 7));
  };
}

/** Side information of a mono MPEG-1 Layer III frame: 17 bytes after the header. */
const monoSideBytes = 17;
/** Side information of a two-channel frame: 32 bytes. */
const stereoSideBytes = 32;

/**
 * A mono frame as a joint-stereo frame of `kbps` whose mid channel is the mono frame's audio and
 * whose side channel is silent: a decoder plays the same sound on the left and the right. The
 * mono frame's main data is kept bit for bit (in a mid/side frame the side channel's granules hold
 * no bits, so the mid channel's granules follow one another as in the mono frame); only the side
 * information is widened to two channels, the mid channel's gain raised by √2 (2 steps of 2^¼:
 * a decoder divides mid and side by √2 to get left and right) and the rest of the frame filled
 * with zeros, ancillary data. The mono frame must not use the bit reservoir.
 */
export function midSideFrame(mono: Uint8Array, kbps: number): Uint8Array {
  const view = new DataView(mono.buffer, mono.byteOffset, 4);
  const header = view.getUint32(0);
  if (((header >>> 6) & 3) !== 3 || ((header >>> 16) & 1) !== 1)
    throw new Error('Not a mono frame without CRC');
  const read = bitReader(mono, 4);
  if (read(9) !== 0) throw new Error('A frame that uses the bit reservoir');
  read(5); // private bits
  const scfsi = read(4);
  const granules = [0, 1].map(() => ({
    part23: read(12),
    bigValues: read(9),
    globalGain: read(8),
    scalefacCompress: read(4),
    windowSwitching: read(1),
    blockInfo: read(22), // block type, mixed flag, tables and subblock gains, or tables and regions
    flags: read(3), // preflag, scalefac_scale, count1table_select
  }));
  const mainBytes = Math.ceil(granules.reduce((bits, granule) => bits + granule.part23, 0) / 8);
  const size = Math.floor((144_000 * kbps) / 44_100);
  if (4 + stereoSideBytes + mainBytes > size) throw new Error('The mono frame does not fit');
  const bytes = new Uint8Array(size);
  const rate = bitrateTable.indexOf(kbps);
  // Bit rate, no padding byte, joint stereo with mid/side on and intensity stereo off.
  const stereo = (header & ~0xf2f0) | (rate << 12) | (0b01 << 6) | (0b10 << 4);
  new DataView(bytes.buffer).setUint32(0, stereo);
  const write = bitWriter(bytes, 4);
  write(0, 9); // main_data_begin: no reservoir
  write(0, 3); // private bits
  write(scfsi, 4);
  write(0, 4); // the side channel shares no scale factors: it has none
  for (const granule of granules) {
    if (granule.globalGain + 2 > 255) throw new Error('The mono frame is too loud for mid/side');
    write(granule.part23, 12);
    write(granule.bigValues, 9);
    write(granule.globalGain + 2, 8);
    write(granule.scalefacCompress, 4);
    write(granule.windowSwitching, 1);
    write(granule.blockInfo, 22);
    write(granule.flags, 3);
    // The side channel: no bits, in the mid channel's window (block type and mixed flag), so both
    // channels are transformed back alike.
    write(0, 12 + 9 + 8 + 4);
    write(granule.windowSwitching, 1);
    write(granule.windowSwitching ? granule.blockInfo & (0b111 << 19) : 0, 22);
    write(0, 3);
  }
  bytes.set(mono.subarray(4 + monoSideBytes, 4 + monoSideBytes + mainBytes), 4 + stereoSideBytes);
  return bytes;
}

const sampleRates = [44_100, 48_000, 32_000];

/** The MPEG-1 Layer III frames of a stream without a tag, each as its own slice. */
export function mp3Frames(stream: Uint8Array): Uint8Array[] {
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  const frames: Uint8Array[] = [];
  for (let offset = 0; offset + 4 <= stream.length; ) {
    const header = view.getUint32(offset);
    if (header >>> 21 !== 0x7ff) throw new Error(`No MPEG frame at byte ${offset}`);
    const kbps = bitrateTable[(header >>> 12) & 15] as number;
    const rate = sampleRates[(header >>> 10) & 3] as number;
    const length = Math.floor((144_000 * kbps) / rate) + ((header >>> 9) & 1);
    frames.push(stream.subarray(offset, offset + length));
    offset += length;
  }
  return frames;
}
