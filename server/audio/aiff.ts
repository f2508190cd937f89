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

/**
 * The 54 bytes before an AIFF file's samples: FORM/AIFF, a COMM chunk and the SSND chunk's header,
 * 16-bit big-endian samples of `frames`, followed by `trailerBytes` of other chunks (the tags).
 */
export function aiffHeader(
  frames: number,
  channels: number,
  sampleRate: number,
  trailerBytes: number,
): Uint8Array {
  const dataBytes = frames * channels * 2;
  const bytes = new Uint8Array(54);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) bytes[offset + i] = text.charCodeAt(i);
  };
  ascii(0, 'FORM');
  view.setUint32(4, 46 + dataBytes + trailerBytes);
  ascii(8, 'AIFF');
  ascii(12, 'COMM');
  view.setUint32(16, 18);
  view.setUint16(20, channels);
  view.setUint32(22, frames);
  view.setUint16(26, 16);
  bytes.set(extended80(sampleRate), 28);
  ascii(38, 'SSND');
  view.setUint32(42, 8 + dataBytes);
  view.setUint32(46, 0); // offset
  view.setUint32(50, 0); // block size
  return bytes;
}
