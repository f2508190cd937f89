/** Uncompressed 16-bit audio, one array per channel: what every encoder here starts from. */
export interface Pcm {
  sampleRate: number;
  channels: Int16Array[];
}

export const frameCount = (pcm: Pcm) => pcm.channels[0]?.length ?? 0;
