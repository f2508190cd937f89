import type { AudioFormat } from '../../lib/contract/wire.ts';
import { encodeAiff } from './aiff.ts';
import { type AudioTags, id3v23 } from './id3.ts';
import { ByteLruCache } from './lru-cache.ts';
import { encodeMp3 } from './mp3.ts';
import { synthesize } from './synth.ts';
import { encodeWav } from './wav.ts';

export interface AudioTrack extends AudioTags {
  id: number;
}

export interface AudioFile {
  bytes: Uint8Array;
  contentType: string;
  extension: string;
}

/** Length of a purchased file and of a public preview, in seconds. */
export const fileSeconds = 6;
export const sampleSeconds = 5;

const contentTypes: Record<AudioFormat, string> = { mp3: 'audio/mpeg', wav: 'audio/wav', aiff: 'audio/aiff' };

// Encoding an MP3 takes a noticeable fraction of a second (lamejs is plain JavaScript, about
// 15 times faster than real time here), which is why files are short; repeated downloads of the same file
// come from here. Keys hold the whole track description, so two catalogs never share an entry.
const cache = new ByteLruCache(64 * 1024 * 1024);

const encoders: Record<AudioFormat, (track: AudioTrack) => Uint8Array> = {
  mp3: (track) => encodeMp3(pcmOf(track, fileSeconds, 2), 320, id3v23(track)),
  wav: (track) => encodeWav(pcmOf(track, fileSeconds, 2)),
  aiff: (track) => encodeAiff(pcmOf(track, fileSeconds, 2)),
};

const pcmOf = (track: AudioTrack, seconds: number, channels: 1 | 2) =>
  synthesize({ seed: track.id, bpm: track.bpm, key: track.key, seconds, channels });

/** The purchased file of a track in a format: stereo, 44.1 kHz; MP3 at 320 kbps with ID3 tags. */
export function trackFile(track: AudioTrack, format: AudioFormat): AudioFile {
  const bytes = cache.getOrCreate(`${format}:${JSON.stringify(track)}`, () => encoders[format](track));
  return { bytes, contentType: contentTypes[format], extension: format };
}

/** The public preview: a shorter mono MP3. */
export function sampleFile(track: AudioTrack): AudioFile {
  const bytes = cache.getOrCreate(`sample:${JSON.stringify(track)}`, () =>
    encodeMp3(pcmOf(track, sampleSeconds, 1), 128, id3v23(track)),
  );
  return { bytes, contentType: contentTypes.mp3, extension: 'mp3' };
}
