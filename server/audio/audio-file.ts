import type { AudioFormat } from '../../lib/contract/wire.ts';
import { aiffHeader } from './aiff.ts';
import { encodeChunks } from './chunks.ts';
import { type AudioTags, id3v23 } from './id3.ts';
import { ByteLruCache } from './lru-cache.ts';
import { encodeMp3 } from './mp3.ts';
import { bytesPart, type FilePart, type Loop, loopOf, loopPart, PartedFile } from './parted-file.ts';
import { interleave } from './pcm.ts';
import { loopedPreview, mp3Frames } from './preview.ts';
import { riffInfoChunks } from './riff-info.ts';
import { type Bar, fadeFrames, renderFrames, sampleRate, synthesizeBar } from './synth.ts';
import { wavHeader } from './wav.ts';

export interface AudioTrack extends AudioTags {
  id: number;
  /** How long the purchased file lasts: the catalog's lengthMs. */
  lengthMs: number;
}

/** A file as the store serves it: parts end to end, read by range (server/audio/parted-file.ts). */
export type AudioFile = PartedFile;

/** Length of a public preview, in seconds; purchased files last the track's lengthMs. */
export const sampleSeconds = 30;

const contentTypes: Record<AudioFormat, string> = { mp3: 'audio/mpeg', wav: 'audio/wav', aiff: 'audio/aiff' };

// A purchased file is a track's loop repeated to its length, between its header and its tags: the
// loop is made once per track and format (a bar of PCM, or a few bars of MP3 frames, since lamejs
// encodes only about 15 times faster than real time here) and shared by every file made of it;
// a file keeps only its header, tags and fades. Keys hold what the bytes are made from, so two
// catalogs never share an entry. Together with the covers' cache, at most 96 MB.
const loops = new ByteLruCache<Loop & { frames?: number[] }>(48 * 1024 * 1024);
const files = new ByteLruCache<PartedFile>(16 * 1024 * 1024);
const previews = new ByteLruCache(16 * 1024 * 1024);

const soundKey = (track: AudioTrack) => `${track.id}:${track.bpm}:${track.key}`;
// The cover is named by its ETag rather than spelled out byte by byte.
const tagsKey = (track: AudioTrack) => JSON.stringify({ ...track, cover: track.cover?.etag });

const stereoBar = (track: AudioTrack) =>
  synthesizeBar({ seed: track.id, bpm: track.bpm, key: track.key, channels: 2 });

const channels = 2;
const mp3FrameSamples = 1152;
/** Shortest MP3 loop: long enough that its seam comes by only now and then. */
const minimumMp3LoopSeconds = 3.5;

/**
 * The frames of 320 kbps MP3 that repeat to make a track's file: whole bars encoded once. Each
 * repeat is sound MP3, since an encoder's first frame borrows no bits from frames before it.
 */
function mp3Loop(track: AudioTrack) {
  return loops.getOrCreate(`mp3:${soundKey(track)}`, () => {
    const bar = stereoBar(track);
    const bars = Math.ceil((minimumMp3LoopSeconds * sampleRate) / bar.frames);
    const pcm = { sampleRate, channels: renderFrames(bar, 0, bars * bar.frames, Number.POSITIVE_INFINITY) };
    const bytes = encodeMp3(pcm, 320);
    return { ...loopOf(bytes), frames: mp3Frames(bytes).map((frame) => frame.length) };
  });
}

/** MP3 frames enough for the track's length (a frame is 1152 samples: at most 26 ms over). */
function mp3Body(track: AudioTrack): FilePart {
  const loop = mp3Loop(track);
  const frameSizes = loop.frames ?? [];
  const wanted = Math.ceil((track.lengthMs * sampleRate) / 1000 / mp3FrameSamples);
  const rest = frameSizes.slice(0, wanted % frameSizes.length).reduce((sum, size) => sum + size, 0);
  return loopPart(loop, Math.floor(wanted / frameSizes.length) * loop.bytes.length + rest);
}

/** A bar of 16-bit PCM, interleaved in the format's byte order: what a WAV or AIFF body repeats. */
const pcmLoop = (track: AudioTrack, bar: Bar, littleEndian: boolean) =>
  loops.getOrCreate(`${littleEndian ? 'wav' : 'aiff'}:${soundKey(track)}`, () =>
    loopOf(interleave(renderFrames(bar, 0, bar.frames, Number.POSITIVE_INFINITY), littleEndian)),
  );

const pcmFrames = (track: AudioTrack) => Math.round((track.lengthMs * sampleRate) / 1000);

/** The track's samples for its length: the bar repeated, with the file's fades laid over both ends. */
function pcmBody(track: AudioTrack, littleEndian: boolean): FilePart {
  const bar = stereoBar(track);
  const frames = pcmFrames(track);
  const fade = (start: number, end: number) => ({
    offset: start * channels * 2,
    bytes: interleave(renderFrames(bar, start, end - start, frames), littleEndian),
  });
  return loopPart(pcmLoop(track, bar, littleEndian), frames * channels * 2, [
    fade(0, Math.min(fadeFrames.in, frames)),
    fade(Math.max(0, frames - fadeFrames.out), frames),
  ]);
}

/** Tags in front of the sound (MP3's ID3) or after it (WAV and AIFF chunks). */
interface FileTags {
  front?: Uint8Array;
  trailer?: Uint8Array;
}

// The same ID3v2.3 tag in every format: in front of the MP3 stream, in a WAV `id3 ` chunk (with a
// LIST/INFO chunk for readers that know only that) and in an AIFF `ID3 ` chunk.
const taggers: Record<AudioFormat, (track: AudioTrack) => FileTags> = {
  mp3: (track) => ({ front: id3v23(track) }),
  wav: (track) => ({
    trailer: encodeChunks([{ id: 'id3 ', body: id3v23(track) }, ...riffInfoChunks(track)], true),
  }),
  aiff: (track) => ({ trailer: encodeChunks([{ id: 'ID3 ', body: id3v23(track) }], false) }),
};

/** A track's file in a format from its tags: header, sound, tags. */
function assemble(track: AudioTrack, format: AudioFormat, { front, trailer }: FileTags): PartedFile {
  const frames = pcmFrames(track);
  const trailerBytes = trailer?.length ?? 0;
  const parts: FilePart[] =
    format === 'mp3'
      ? [mp3Body(track)]
      : format === 'wav'
        ? [bytesPart(wavHeader(frames, channels, sampleRate, trailerBytes)), pcmBody(track, true)]
        : [bytesPart(aiffHeader(frames, channels, sampleRate, trailerBytes)), pcmBody(track, false)];
  return new PartedFile(
    [...(front ? [bytesPart(front)] : []), ...parts, ...(trailer ? [bytesPart(trailer)] : [])],
    contentTypes[format],
    format,
  );
}

/** A track's sound in a format, with no tags: stereo, 44.1 kHz; MP3 at 320 kbps. */
export function untaggedTrackFile(track: AudioTrack, format: AudioFormat): AudioFile {
  return assemble(track, format, {});
}

/** The purchased file of a track in a format, as long as the track: its sound with every tag and the cover. */
export function trackFile(track: AudioTrack, format: AudioFormat): AudioFile {
  return files.getOrCreate(`${format}:${tagsKey(track)}`, () =>
    assemble(track, format, taggers[format](track)),
  );
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
  return new PartedFile([bytesPart(bytes)], contentTypes.mp3, 'mp3');
}
