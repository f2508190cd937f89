import type { AudioFormat } from '../../lib/contract/wire.ts';
import { encodeAiff } from './aiff.ts';
import { appendChunks } from './chunks.ts';
import { type AudioTags, id3v23 } from './id3.ts';
import { ByteLruCache } from './lru-cache.ts';
import { encodeMp3 } from './mp3.ts';
import { loopedPreview } from './preview.ts';
import { riffInfoChunks } from './riff-info.ts';
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
export const sampleSeconds = 30;

const contentTypes: Record<AudioFormat, string> = { mp3: 'audio/mpeg', wav: 'audio/wav', aiff: 'audio/aiff' };

// Encoding an MP3 takes a noticeable fraction of a second (lamejs is plain JavaScript, about
// 15 times faster than real time here), which is why files are short. The sound of a track is
// encoded once and kept without tags; tagged files are kept apart, so new tags (a renamed label)
// never re-encode sound. Keys hold what the bytes are made from, so two catalogs never share an entry.
// Together with the covers' cache, at most 128 MB.
const sounds = new ByteLruCache(48 * 1024 * 1024);
const files = new ByteLruCache(48 * 1024 * 1024);
const previews = new ByteLruCache(16 * 1024 * 1024);

const soundKey = (track: AudioTrack) => `${track.id}:${track.bpm}:${track.key}`;
// The cover is named by its ETag rather than spelled out byte by byte.
const tagsKey = (track: AudioTrack) => JSON.stringify({ ...track, cover: track.cover?.etag });

const stereo = (track: AudioTrack) =>
  synthesize({ seed: track.id, bpm: track.bpm, key: track.key, seconds: fileSeconds, channels: 2 });

const encoders: Record<AudioFormat, (track: AudioTrack) => Uint8Array> = {
  mp3: (track) => encodeMp3(stereo(track), 320),
  wav: (track) => encodeWav(stereo(track)),
  aiff: (track) => encodeAiff(stereo(track)),
};

// The same ID3v2.3 tag in every format: in front of the MP3 stream, in a WAV `id3 ` chunk (with a
// LIST/INFO chunk for readers that know only that) and in an AIFF `ID3 ` chunk.
const taggers: Record<AudioFormat, (sound: Uint8Array, track: AudioTrack) => Uint8Array> = {
  mp3: (sound, track) => Buffer.concat([id3v23(track), sound]),
  wav: (sound, track) =>
    appendChunks(sound, [{ id: 'id3 ', body: id3v23(track) }, ...riffInfoChunks(track)], true),
  aiff: (sound, track) => appendChunks(sound, [{ id: 'ID3 ', body: id3v23(track) }], false),
};

/** A track's sound in a format, with no tags: stereo, 44.1 kHz; MP3 at 320 kbps. */
export function untaggedTrackFile(track: AudioTrack, format: AudioFormat): AudioFile {
  const bytes = sounds.getOrCreate(`${format}:${soundKey(track)}`, () => encoders[format](track));
  return { bytes, contentType: contentTypes[format], extension: format };
}

/** The purchased file of a track in a format: its sound with every tag and the cover. */
export function trackFile(track: AudioTrack, format: AudioFormat): AudioFile {
  const bytes = files.getOrCreate(`${format}:${tagsKey(track)}`, () =>
    taggers[format](untaggedTrackFile(track, format).bytes, track),
  );
  return { bytes, contentType: contentTypes[format], extension: format };
}

/** The public preview: a 30-second mono MP3 at 128 kbps, tagged but without the cover, to stay small. */
export function sampleFile(track: AudioTrack): AudioFile {
  const tags = { ...track, cover: undefined };
  const bytes = previews.getOrCreate(`sample:${tagsKey(tags)}`, () =>
    Buffer.concat([
      id3v23(tags),
      loopedPreview({ seed: track.id, bpm: track.bpm, key: track.key, seconds: sampleSeconds, kbps: 128 }),
    ]),
  );
  return { bytes, contentType: contentTypes.mp3, extension: 'mp3' };
}
