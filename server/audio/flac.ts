import { createHash } from 'node:crypto';
import { endianness } from 'node:os';
import { type FlacBlock, flacBlockType, flacMetadata } from '../../lib/dj-formats/flac/metadata-blocks.ts';
import { interleave, type Pcm } from './pcm.ts';

/**
 * A small FLAC encoder of our own (docs/audio.md): fixed blocks of 4096 samples, FLAC's fixed
 * predictors of order 0–4 chosen per subframe, partitioned Rice residuals, and the cheapest of
 * independent, left/side, right/side and mid/side stereo per frame. Lossless, 16-bit only.
 */
const blockSize = 4096;
const bitsPerSample = 16;
/** Highest Rice partition order tried: partitions of 4096 >> 8 = 16 samples. */
const maxPartitionOrder = 8;
/** Highest Rice parameter of the 4-bit coding method (15 is its escape code). */
const maxRiceParameter = 14;
/** A seek point every this many seconds lets players jump without reading the whole file. */
const seekEverySeconds = 10;

class BitWriter {
  bytes = new Uint8Array(1 << 16);
  length = 0;
  private acc = 0;
  private accBits = 0;

  private reserve(extra: number) {
    if (this.length + extra <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + extra));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  /** The low `count` bits of `value`, most significant first; `count` at most 24. */
  bits(value: number, count: number) {
    if (count === 0) return;
    this.acc = (this.acc << count) | (value & ((1 << count) - 1));
    this.accBits += count;
    if (this.length + 4 > this.bytes.length) this.reserve(4);
    while (this.accBits >= 8) {
      this.accBits -= 8;
      this.bytes[this.length++] = (this.acc >>> this.accBits) & 0xff;
    }
    this.acc &= (1 << this.accBits) - 1;
  }

  /**
   * Rice codes of `values[from..to)` with parameter `k`: each quotient in unary, a stop bit, the low
   * k bits. The hot loop of the encoder, so the accumulator lives in locals and room for the run's
   * `maxBits` is made once.
   */
  riceRun(values: Uint32Array, from: number, to: number, k: number, maxBits: number) {
    this.reserve(Math.ceil(maxBits / 8) + 8);
    const bytes = this.bytes;
    let length = this.length;
    let acc = this.acc;
    let accBits = this.accBits;
    const lowMask = (1 << k) - 1;
    for (let i = from; i < to; i++) {
      const u = values[i] as number;
      let q = u >>> k;
      // Long quotients (rare): zeros first, flushing, until the code fits the 31 bits the
      // accumulator holds (k is at most 14, and at most 7 bits wait in it after a flush).
      while (q + k + accBits >= 24) {
        const zeros = 24 - accBits > q ? q : 24 - accBits;
        acc <<= zeros;
        accBits += zeros;
        q -= zeros;
        while (accBits >= 8) {
          accBits -= 8;
          bytes[length++] = (acc >>> accBits) & 0xff;
        }
        acc &= (1 << accBits) - 1;
      }
      const count = q + k + 1;
      acc = (acc << count) | (1 << k) | (u & lowMask);
      accBits += count;
      while (accBits >= 8) {
        accBits -= 8;
        bytes[length++] = (acc >>> accBits) & 0xff;
      }
      acc &= (1 << accBits) - 1;
    }
    this.length = length;
    this.acc = acc;
    this.accBits = accBits;
  }

  zeros(count: number) {
    let left = count;
    while (left > 24) {
      this.bits(0, 24);
      left -= 24;
    }
    this.bits(0, left);
  }

  alignToByte() {
    if (this.accBits > 0) this.bits(0, 8 - this.accBits);
  }
}

const crc8Table = new Uint8Array(256);
const crc16Table = new Uint16Array(256);
for (let n = 0; n < 256; n++) {
  let c8 = n;
  let c16 = n << 8;
  for (let bit = 0; bit < 8; bit++) {
    c8 = c8 & 0x80 ? ((c8 << 1) ^ 0x07) & 0xff : (c8 << 1) & 0xff;
    c16 = c16 & 0x8000 ? ((c16 << 1) ^ 0x8005) & 0xffff : (c16 << 1) & 0xffff;
  }
  crc8Table[n] = c8;
  crc16Table[n] = c16;
}

function crc8(bytes: Uint8Array, from: number, to: number): number {
  let crc = 0;
  for (let i = from; i < to; i++) crc = crc8Table[crc ^ (bytes[i] as number)] as number;
  return crc;
}

function crc16(bytes: Uint8Array, from: number, to: number): number {
  let crc = 0;
  for (let i = from; i < to; i++)
    crc = ((crc << 8) & 0xffff) ^ (crc16Table[(crc >>> 8) ^ (bytes[i] as number)] as number);
  return crc;
}

/** Residuals of FLAC's fixed predictor of `order` for samples[order..]: the order-th difference. */
function fixedResiduals(x: Int32Array, order: number, out: Uint32Array): void {
  const n = x.length;
  // One loop per order, so the per-sample work has no branch; the zigzag (r >= 0 to 2r, r < 0 to
  // -2r - 1, as Rice coding wants them) without one either: residuals fit 22 bits.
  if (order === 0)
    for (let i = 0; i < n; i++) {
      const r = x[i] as number;
      out[i] = (r << 1) ^ (r >> 31);
    }
  else if (order === 1)
    for (let i = 1; i < n; i++) {
      const r = (x[i] as number) - (x[i - 1] as number);
      out[i] = (r << 1) ^ (r >> 31);
    }
  else if (order === 2)
    for (let i = 2; i < n; i++) {
      const r = (x[i] as number) - 2 * (x[i - 1] as number) + (x[i - 2] as number);
      out[i] = (r << 1) ^ (r >> 31);
    }
  else if (order === 3)
    for (let i = 3; i < n; i++) {
      const r = (x[i] as number) - 3 * (x[i - 1] as number) + 3 * (x[i - 2] as number) - (x[i - 3] as number);
      out[i] = (r << 1) ^ (r >> 31);
    }
  else
    for (let i = 4; i < n; i++) {
      const r =
        (x[i] as number) -
        4 * (x[i - 1] as number) +
        6 * (x[i - 2] as number) -
        4 * (x[i - 3] as number) +
        (x[i - 4] as number);
      out[i] = (r << 1) ^ (r >> 31);
    }
}

/** The fixed order whose residuals have the smallest sum of magnitudes (libFLAC's estimate). */
function bestFixedOrder(samples: Int32Array): { order: number; cost: number } {
  const n = samples.length;
  if (n <= 4) return { order: 0, cost: Number.POSITIVE_INFINITY };
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let s4 = 0;
  let d1p = (samples[3] as number) - (samples[2] as number);
  let d2p = d1p - ((samples[2] as number) - (samples[1] as number));
  let d3p = d2p - ((samples[2] as number) - 2 * (samples[1] as number) + (samples[0] as number));
  for (let i = 4; i < n; i++) {
    const x = samples[i] as number;
    const d1 = x - (samples[i - 1] as number);
    const d2 = d1 - d1p;
    const d3 = d2 - d2p;
    const d4 = d3 - d3p;
    // Math.abs, not a comparison: no branch for the predictor to miss on signed audio.
    s0 += Math.abs(x);
    s1 += Math.abs(d1);
    s2 += Math.abs(d2);
    s3 += Math.abs(d3);
    s4 += Math.abs(d4);
    d1p = d1;
    d2p = d2;
    d3p = d3;
  }
  const sums = [s0, s1, s2, s3, s4];
  let order = 0;
  for (let o = 1; o <= 4; o++) if ((sums[o] as number) < (sums[order] as number)) order = o;
  return { order, cost: sums[order] as number };
}

interface RicePlan {
  partitionOrder: number;
  parameters: number[];
  bits: number;
}

const riceParameterFor = (sum: number, count: number) => {
  if (count === 0 || sum <= count) return 0;
  return Math.min(maxRiceParameter, Math.floor(Math.log2(sum / count)));
};

/**
 * The partition order and per-partition Rice parameters with the fewest estimated bits, from the
 * sums of zigzagged residuals of the finest partitions, merged pairwise for coarser orders.
 */
function planRice(zigzag: Uint32Array, order: number, n: number): RicePlan {
  let top = 0;
  while (top < maxPartitionOrder && (n >> (top + 1)) << (top + 1) === n && n >> (top + 1) > order) top++;
  let sums: number[] = [];
  const parts = 1 << top;
  const size = n >> top;
  for (let p = 0; p < parts; p++) {
    let sum = 0;
    for (let i = p === 0 ? order : p * size; i < (p + 1) * size; i++) sum += zigzag[i] as number;
    sums.push(sum);
  }
  let best: RicePlan | undefined;
  for (let partitionOrder = top; partitionOrder >= 0; partitionOrder--) {
    const count = n >> partitionOrder;
    const parameters: number[] = [];
    let bits = 4 * sums.length;
    sums.forEach((sum, p) => {
      const samples = p === 0 ? count - order : count;
      const k = riceParameterFor(sum, samples);
      parameters.push(k);
      bits += samples * (k + 1) + Math.floor(sum / 2 ** k);
    });
    if (!best || bits < best.bits) best = { partitionOrder, parameters, bits };
    const merged: number[] = [];
    for (let p = 0; p + 1 < sums.length; p += 2) merged.push((sums[p] as number) + (sums[p + 1] as number));
    sums = merged;
  }
  return best as RicePlan;
}

/** One channel of one frame: constant, fixed-predicted or verbatim, whichever is smallest. */
function writeSubframe(out: BitWriter, samples: Int32Array, bps: number, order: number, zigzag: Uint32Array) {
  const n = samples.length;
  const first = samples[0] as number;
  if (samples.every((s) => s === first)) {
    out.bits(0, 8); // constant
    out.bits(first, bps);
    return;
  }
  fixedResiduals(samples, order, zigzag);
  const plan = n > 4 ? planRice(zigzag.subarray(0, n), order, n) : undefined;
  if (!plan || order * bps + 6 + plan.bits >= n * bps) {
    out.bits(0b00000010, 8); // verbatim
    for (let i = 0; i < n; i++) out.bits(samples[i] as number, bps);
    return;
  }
  out.bits((0b001000 | order) << 1, 8); // fixed predictor of this order, no wasted bits
  for (let i = 0; i < order; i++) out.bits(samples[i] as number, bps);
  out.bits(0, 2); // Rice coding with 4-bit parameters
  out.bits(plan.partitionOrder, 4);
  const count = n >> plan.partitionOrder;
  plan.parameters.forEach((k, p) => {
    out.bits(k, 4);
    // plan.bits bounds every partition's bits (planRice counts each quotient's bits at least once).
    out.riceRun(zigzag, p === 0 ? order : p * count, (p + 1) * count, k, plan.bits);
  });
}

/** FLAC's UTF-8-style coding of a frame number (up to 31 bits). */
function codedNumber(value: number): number[] {
  if (value < 0x80) return [value];
  const bytes: number[] = [];
  let rest = value;
  let lead = 0x80;
  let room = 0x3f;
  while (bytes.length === 0 || rest > room) {
    bytes.unshift(0x80 | (rest & 0x3f));
    rest = Math.floor(rest / 64);
    lead = (lead >> 1) | 0x80;
    room >>= 1;
  }
  bytes.unshift((lead & 0xff) | rest);
  return bytes;
}

const sampleRateCodes = new Map([
  [88_200, 1],
  [176_400, 2],
  [192_000, 3],
  [8000, 4],
  [16_000, 5],
  [22_050, 6],
  [24_000, 7],
  [32_000, 8],
  [44_100, 9],
  [48_000, 10],
  [96_000, 11],
]);

/** Channel assignments of a stereo frame: the two coded channels and the 4-bit code. */
const stereoModes = [
  { code: 1, pick: [0, 1] },
  { code: 8, pick: [0, 3] },
  { code: 9, pick: [3, 1] },
  { code: 10, pick: [2, 3] },
] as const;

function writeFrame(out: BitWriter, pcm: Pcm, frameIndex: number, start: number, scratch: Scratch): void {
  const n = Math.min(blockSize, (pcm.channels[0] as Int16Array).length - start);
  const headerStart = out.length;
  out.bits(0xfff8, 16); // sync code, fixed block size
  const sizeCode = n === blockSize ? 12 : 7;
  const rateCode = sampleRateCodes.get(pcm.sampleRate) ?? 0;
  out.bits(sizeCode, 4);
  out.bits(rateCode, 4);
  const sources = pcm.channels.map((channel, c) => {
    const copy = (scratch.channels[c] as Int32Array).subarray(0, n);
    for (let i = 0; i < n; i++) copy[i] = channel[start + i] as number;
    return copy;
  });
  let coded: { samples: Int32Array; bps: number; order: number }[];
  let assignment: number;
  if (sources.length === 2) {
    const [left, right] = sources as [Int32Array, Int32Array];
    const mid = scratch.mid.subarray(0, n);
    const side = scratch.side.subarray(0, n);
    for (let i = 0; i < n; i++) {
      mid[i] = ((left[i] as number) + (right[i] as number)) >> 1;
      side[i] = (left[i] as number) - (right[i] as number);
    }
    const candidates = [left, right, mid, side];
    const fits = candidates.map(bestFixedOrder);
    const costs = fits.map((fit) => fit.cost);
    const mode = stereoModes.reduce((a, b) =>
      (costs[b.pick[0]] as number) + (costs[b.pick[1]] as number) <
      (costs[a.pick[0]] as number) + (costs[a.pick[1]] as number)
        ? b
        : a,
    );
    assignment = mode.code;
    coded = mode.pick.map((index) => ({
      samples: candidates[index] as Int32Array,
      bps: index === 3 ? bitsPerSample + 1 : bitsPerSample,
      order: (fits[index] as { order: number }).order,
    }));
  } else {
    assignment = sources.length - 1;
    coded = sources.map((samples) => ({ samples, bps: bitsPerSample, order: bestFixedOrder(samples).order }));
  }
  out.bits(assignment, 4);
  out.bits(0b1000, 4); // 16 bits per sample, reserved bit
  for (const byte of codedNumber(frameIndex)) out.bits(byte, 8);
  if (sizeCode === 7) out.bits(n - 1, 16);
  out.bits(crc8(out.bytes, headerStart, out.length), 8);
  for (const { samples, bps, order } of coded) writeSubframe(out, samples, bps, order, scratch.zigzag);
  out.alignToByte();
  out.bits(crc16(out.bytes, headerStart, out.length), 16);
}

interface Scratch {
  channels: Int32Array[];
  mid: Int32Array;
  side: Int32Array;
  zigzag: Uint32Array;
}

export interface FlacEncoding {
  /** The audio frames laid end to end, from the first frame header on. */
  frames: Uint8Array;
  /** STREAMINFO and SEEKTABLE, the blocks every file of this audio starts with. */
  blocks: FlacBlock[];
  /** Where each frame starts in `frames`: Ogg FLAC (ogg-flac.ts) puts each in a packet of its own. */
  frameOffsets: Uint32Array;
}

/** Encodes 16-bit PCM (1 to 8 channels) as FLAC frames and the blocks that describe them. */
export function encodeFlacAudio(pcm: Pcm): FlacEncoding {
  const channelCount = pcm.channels.length;
  if (channelCount < 1 || channelCount > 8)
    throw new Error(`FLAC holds 1 to 8 channels, not ${channelCount}`);
  if (!Number.isInteger(pcm.sampleRate) || pcm.sampleRate < 1 || pcm.sampleRate >= 2 ** 20) {
    throw new Error(`FLAC cannot hold a sample rate of ${pcm.sampleRate}`);
  }
  const total = (pcm.channels[0] as Int16Array).length;
  if (pcm.channels.some((channel) => channel.length !== total))
    throw new Error('FLAC channels must be equally long');
  const scratch: Scratch = {
    channels: pcm.channels.map(() => new Int32Array(blockSize)),
    mid: new Int32Array(blockSize),
    side: new Int32Array(blockSize),
    zigzag: new Uint32Array(blockSize),
  };
  const out = new BitWriter();
  const frameOffsets: number[] = [];
  let minFrame = Number.POSITIVE_INFINITY;
  let maxFrame = 0;
  for (let start = 0, index = 0; start < total; start += blockSize, index++) {
    const before = out.length;
    frameOffsets.push(before);
    writeFrame(out, pcm, index, start, scratch);
    minFrame = Math.min(minFrame, out.length - before);
    maxFrame = Math.max(maxFrame, out.length - before);
  }
  const md5 = createHash('md5').update(littleEndianSamples(pcm.channels)).digest();
  return {
    frames: out.bytes.slice(0, out.length),
    frameOffsets: Uint32Array.from(frameOffsets),
    blocks: [
      streamInfo(pcm, total, frameOffsets.length ? minFrame : 0, maxFrame, md5),
      seekTable(pcm.sampleRate, total, frameOffsets),
    ],
  };
}

/**
 * The samples interleaved as 16-bit little-endian, what FLAC's MD5 is taken over; on a
 * little-endian machine a typed-array copy, several times faster than pcm.ts's DataView writes.
 */
function littleEndianSamples(channels: readonly Int16Array[]): Uint8Array {
  if (endianness() !== 'LE') return interleave(channels, true);
  const frames = channels[0]?.length ?? 0;
  const count = channels.length;
  const out = new Int16Array(frames * count);
  channels.forEach((channel, c) => {
    for (let i = 0; i < frames; i++) out[i * count + c] = channel[i] as number;
  });
  return new Uint8Array(out.buffer);
}

function streamInfo(pcm: Pcm, total: number, minFrame: number, maxFrame: number, md5: Uint8Array): FlacBlock {
  const body = new Uint8Array(34);
  const view = new DataView(body.buffer);
  // The last frame may be shorter; FLAC lets the minimum block size stand for all but the last.
  view.setUint16(0, blockSize);
  view.setUint16(2, blockSize);
  body.set([minFrame >>> 16, (minFrame >>> 8) & 0xff, minFrame & 0xff], 4);
  body.set([maxFrame >>> 16, (maxFrame >>> 8) & 0xff, maxFrame & 0xff], 7);
  body[10] = pcm.sampleRate >>> 12;
  body[11] = (pcm.sampleRate >>> 4) & 0xff;
  body[12] = ((pcm.sampleRate & 0x0f) << 4) | ((pcm.channels.length - 1) << 1) | ((bitsPerSample - 1) >>> 4);
  body[13] = (((bitsPerSample - 1) & 0x0f) << 4) | Math.floor(total / 2 ** 32);
  view.setUint32(14, total >>> 0);
  body.set(md5, 18);
  return { type: flacBlockType.streamInfo, body };
}

function seekTable(sampleRate: number, total: number, frameOffsets: number[]): FlacBlock {
  const every = seekEverySeconds * sampleRate;
  const points: number[] = [];
  for (let sample = 0; sample < total; sample += every) {
    const frame = Math.floor(sample / blockSize);
    if (points.at(-1) !== frame) points.push(frame);
  }
  const body = new Uint8Array(points.length * 18);
  const view = new DataView(body.buffer);
  points.forEach((frame, i) => {
    const sample = frame * blockSize;
    view.setBigUint64(i * 18, BigInt(sample));
    view.setBigUint64(i * 18 + 8, BigInt(frameOffsets[frame] as number));
    view.setUint16(i * 18 + 16, Math.min(blockSize, total - sample));
  });
  return { type: flacBlockType.seekTable, body };
}

/** A whole FLAC file: the audio's own blocks, then `extra` ones (tags, picture), then the frames. */
export function flacFile({ frames, blocks }: FlacEncoding, extra: readonly FlacBlock[] = []): Uint8Array {
  const head = flacMetadata([...blocks, ...extra]);
  const file = new Uint8Array(head.length + frames.length);
  file.set(head);
  file.set(frames, head.length);
  return file;
}

/** Encodes PCM as a whole FLAC file with `extra` blocks after STREAMINFO and SEEKTABLE. */
export const encodeFlac = (pcm: Pcm, extra: readonly FlacBlock[] = []) =>
  flacFile(encodeFlacAudio(pcm), extra);
