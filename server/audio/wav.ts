/**
 * The 44-byte header of a RIFF/WAVE file, PCM 16-bit little-endian, channels interleaved, whose
 * `data` chunk of `frames` is followed by `trailerBytes` of other chunks (the tags).
 */
export function wavHeader(
  frames: number,
  channels: number,
  sampleRate: number,
  trailerBytes: number,
): Uint8Array {
  const dataBytes = frames * channels * 2;
  const bytes = new Uint8Array(44);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) bytes[offset + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes + trailerBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channels * 2, true);
  view.setUint16(32, channels * 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  return bytes;
}
