import { frameCount, type Pcm } from './pcm.ts';

/** An IEEE 754 80-bit extended float, big-endian: how AIFF's COMM chunk stores the sample rate. */
export function extended80(value: number): Uint8Array {
  const bytes = new Uint8Array(10);
  if (value === 0) return bytes;
  const exponent = Math.floor(Math.log2(value));
  const view = new DataView(bytes.buffer);
  view.setUint16(0, 16383 + exponent);
  // The 64-bit mantissa has an explicit leading 1: value / 2^exponent in [1, 2), scaled by 2^63.
  const mantissa = BigInt(Math.round((value / 2 ** exponent) * 2 ** 52)) << 11n;
  view.setBigUint64(2, mantissa);
  return bytes;
}

/** FORM/AIFF with a COMM and an SSND chunk, 16-bit big-endian samples. */
export function encodeAiff(pcm: Pcm): Uint8Array {
  const channels = pcm.channels.length;
  const frames = frameCount(pcm);
  const dataBytes = frames * channels * 2;
  const bytes = new Uint8Array(12 + 26 + 16 + dataBytes);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) bytes[offset + i] = text.charCodeAt(i);
  };
  ascii(0, 'FORM');
  view.setUint32(4, bytes.length - 8);
  ascii(8, 'AIFF');
  ascii(12, 'COMM');
  view.setUint32(16, 18);
  view.setUint16(20, channels);
  view.setUint32(22, frames);
  view.setUint16(26, 16);
  bytes.set(extended80(pcm.sampleRate), 28);
  ascii(38, 'SSND');
  view.setUint32(42, 8 + dataBytes);
  view.setUint32(46, 0); // offset
  view.setUint32(50, 0); // block size
  let offset = 54;
  for (let frame = 0; frame < frames; frame++) {
    for (const channel of pcm.channels) {
      view.setInt16(offset, channel[frame] as number);
      offset += 2;
    }
  }
  return bytes;
}
