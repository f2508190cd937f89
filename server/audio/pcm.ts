/** Uncompressed 16-bit audio, one array per channel: what every encoder here starts from. */
export interface Pcm {
  sampleRate: number;
  channels: Int16Array[];
}

/** Channels interleaved frame by frame as 16-bit samples: WAV's little-endian, AIFF's big-endian. */
export function interleave(channels: readonly Int16Array[], littleEndian: boolean): Uint8Array {
  const frames = channels[0]?.length ?? 0;
  const bytes = new Uint8Array(frames * channels.length * 2);
  const view = new DataView(bytes.buffer);
  let offset = 0;
  for (let frame = 0; frame < frames; frame++) {
    for (const channel of channels) {
      view.setInt16(offset, channel[frame] as number, littleEndian);
      offset += 2;
    }
  }
  return bytes;
}
