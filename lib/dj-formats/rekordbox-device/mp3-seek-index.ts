/**
 * The MP3 seek index of ANLZ0000.DAT's PVBR section: the byte offset of the frame playing at each
 * 1/400 of the track, so a player jumps into a variable-bit-rate file without decoding from the
 * start (Deep Symmetry's analysis; crate-digger's `vbr_tag`). Built while the file streams past,
 * a chunk at a time, so copying a large file to the stick keeps memory flat: only frame offsets
 * are kept (a few tens of thousands of numbers for an hour of audio).
 */

const bitratesKbps = {
  mpeg1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 0],
  mpeg2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160, 0],
};
const sampleRates = {
  mpeg1: [44100, 48000, 32000],
  mpeg2: [22050, 24000, 16000],
  mpeg25: [11025, 12000, 8000],
};
export const seekIndexEntries = 400;

interface Frame {
  length: number;
  sampleRate: number;
}

/** The Layer III frame whose header starts at `bytes[at]`, or undefined. */
function frameAt(bytes: Uint8Array, at: number): Frame | undefined {
  const [sync = 0, second = 0, third = 0] = bytes.subarray(at, at + 3);
  if (sync !== 0xff || (second & 0xe0) !== 0xe0) return undefined;
  const version = (second >> 3) & 3; // 3 MPEG-1, 2 MPEG-2, 0 MPEG-2.5
  const layer = (second >> 1) & 3; // 1 is Layer III
  if (version === 1 || layer !== 1) return undefined;
  const mpeg1 = version === 3;
  const bitrate = (mpeg1 ? bitratesKbps.mpeg1 : bitratesKbps.mpeg2)[third >> 4] ?? 0;
  const rateIndex = (third >> 2) & 3;
  if (bitrate === 0 || rateIndex === 3) return undefined;
  const sampleRate =
    (mpeg1 ? sampleRates.mpeg1 : version === 2 ? sampleRates.mpeg2 : sampleRates.mpeg25)[rateIndex] ?? 44100;
  const padding = (third >> 1) & 1;
  const samples = mpeg1 ? 1152 : 576;
  return { length: Math.floor(((samples / 8) * bitrate * 1000) / sampleRate) + padding, sampleRate };
}

/** Feeds an MP3 through `push`, chunk by chunk; `finish` gives the 400 offsets. */
export class Mp3SeekIndexBuilder {
  private readonly frameOffsets: number[] = [];
  private carry = new Uint8Array(0);
  /** Absolute offset of the first byte of `carry`. */
  private carryAt = 0;
  /** Where the next frame (or the ID3v2 tag) is expected. */
  private next = 0;
  private sampleRate = 0;

  push(chunk: Uint8Array): void {
    const bytes = new Uint8Array(this.carry.length + chunk.length);
    bytes.set(this.carry);
    bytes.set(chunk, this.carry.length);
    const base = this.carryAt;
    let at = this.next - base;
    while (at + 10 <= bytes.length) {
      if (this.next === 0 && bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) {
        const size = [...bytes.subarray(6, 10)].reduce((total, byte) => (total << 7) | (byte & 0x7f), 0);
        at = 10 + size;
        this.next = base + at;
        continue;
      }
      const frame = frameAt(bytes, at);
      if (frame === undefined) {
        at++; // resynchronise: junk or a tag between frames
        this.next = base + at;
        continue;
      }
      this.frameOffsets.push(base + at);
      this.sampleRate = frame.sampleRate;
      at += frame.length;
      this.next = base + at;
    }
    const keep = Math.max(0, Math.min(bytes.length, at));
    this.carry = bytes.slice(keep);
    this.carryAt = base + keep;
  }

  /** Offsets of the frames at 0/400, 1/400 … 399/400 of the track; zeros if no frame was found. */
  finish(): Uint32Array {
    const index = new Uint32Array(seekIndexEntries);
    const frames = this.frameOffsets.length;
    if (frames === 0 || this.sampleRate === 0) return index;
    for (let i = 0; i < seekIndexEntries; i++)
      index[i] = this.frameOffsets[Math.floor((i * frames) / seekIndexEntries)] ?? 0;
    return index;
  }
}
