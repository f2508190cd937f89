import type { AudioFormat } from '../../lib/contract/wire.ts';
import { aiffHeader } from './aiff.ts';
import {
  type Arrangement,
  arrange,
  beatFramesFor,
  mp3FrameSamples,
  type Section,
  unitBars,
} from './arrangement.ts';
import { encodeChunks } from './chunks.ts';
import { type AudioTags, id3v23 } from './id3.ts';
import { ByteLruCache } from './lru-cache.ts';
import { decoderDelay, encodeMp3, encoderDelay, lameInfoFrame } from './mp3.ts';
import { bytesPart, type FilePart, type Loop, loopOf, loopPart, PartedFile } from './parted-file.ts';
import { interleave } from './pcm.ts';
import { loopedPreview, mp3Frames } from './preview.ts';
import { riffInfoChunks } from './riff-info.ts';
import { seratoObjects } from './serato.ts';
import { type BarVariant, fadeFrames, renderFrames, sampleRate, synthesizeBar } from './synth.ts';
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

// The sound depends on the track's id (the seed), tempo, key and, through its arrangement, length.
const soundKey = (track: AudioTrack) => `${track.id}:${track.bpm}:${track.key}:${track.lengthMs}`;
// The cover is named by its ETag rather than spelled out byte by byte.
const tagsKey = (track: AudioTrack) => JSON.stringify({ ...track, cover: track.cover?.etag });

const barOf = (track: AudioTrack, variant: BarVariant) =>
  synthesizeBar({
    seed: track.id,
    bpm: track.bpm,
    key: track.key,
    channels: 2,
    variant,
    beatFrames: beatFramesFor(track.bpm),
  });

const channels = 2;
/** Frames of context encoded before a section's unit, so its first frame is encoded as in a stream. */
const contextFrames = 4;

/**
 * The 320 kbps frames of a section's bars, `count` frames of the unit of 8 bars repeated (at most
 * one unit: the section repeats it). The unit is a whole number of frames, encoded with its own
 * end before it and start after it: frame i then holds exactly samples i·1152 − 576 onward of the
 * unit, as the same frame of a whole-track encode would, so every repeat lands on the same beat.
 * lamejs writes no bit reservoir: a frame needs no bytes of the frames before it.
 */
function mp3Loop(
  track: AudioTrack,
  arrangement: Arrangement,
  variant: BarVariant | 'silence',
  count: number,
) {
  return loops.getOrCreate(`mp3:${soundKey(track)}:${variant}:${count}`, () => {
    const unit = unitBars * arrangement.barFrames;
    const bar = variant === 'silence' ? undefined : barOf(track, variant);
    const from = -contextFrames * mp3FrameSamples;
    const frames = count * mp3FrameSamples - from + mp3FrameSamples;
    const pcm = {
      sampleRate,
      channels: bar
        ? renderFrames(bar, unit + from, frames, Number.POSITIVE_INFINITY)
        : [new Int16Array(frames), new Int16Array(frames)],
    };
    const all = mp3Frames(encodeMp3(pcm, 320)).slice(contextFrames, contextFrames + count);
    return { ...loopOf(Buffer.concat(all)), frames: all.map((frame) => frame.length) };
  });
}

/**
 * The frame where one section gives way to the next: samples −576 to 576 around the downbeat,
 * encoded from the end of the one and the start of the other, so the change is heard where it is.
 */
function mp3Seam(
  track: AudioTrack,
  arrangement: Arrangement,
  before: BarVariant | 'silence',
  after: BarVariant,
) {
  return loops.getOrCreate(`mp3:${soundKey(track)}:${before}>${after}`, () => {
    const context = contextFrames * mp3FrameSamples;
    const unit = unitBars * arrangement.barFrames;
    const head = before === 'silence' ? undefined : barOf(track, before);
    const tail = renderFrames(barOf(track, after), 0, 2 * mp3FrameSamples, Number.POSITIVE_INFINITY);
    const pcm = {
      sampleRate,
      channels: tail.map((channel, index) => {
        const joined = new Int16Array(context + channel.length);
        if (head)
          joined.set(
            renderFrames(head, unit - context, context, Number.POSITIVE_INFINITY)[index] as Int16Array,
          );
        joined.set(channel, context);
        return joined;
      }),
    };
    const frame = mp3Frames(encodeMp3(pcm, 320))[contextFrames] as Uint8Array;
    return { ...loopOf(Buffer.from(frame)), frames: [frame.length] };
  });
}

/** `count` frames of a loop repeated, from its frame `first` on. */
function framesPart(loop: Loop & { frames?: number[] }, first: number, count: number): FilePart {
  const sizes = loop.frames ?? [];
  const sum = (from: number, n: number) => {
    let bytes = 0;
    for (let k = 0; k < n; k++) bytes += sizes[(from + k) % sizes.length] as number;
    return bytes;
  };
  const size = Math.floor(count / sizes.length) * loop.bytes.length + sum(first, count % sizes.length);
  return loopPart(loop, size, [], sum(0, first));
}

/**
 * The MP3 stream: an Info frame with the LAME tag, then frame j holding samples j·1152 − 576 on of
 * the arrangement (silence, then each section: the frame of its change, then its unit's frames),
 * enough that a decoder which trims the declared delay and padding plays exactly the track's
 * samples, as many as the WAV has.
 */
function mp3Body(track: AudioTrack): FilePart[] {
  const arrangement = arrange(track);
  const total = Math.ceil((arrangement.totalFrames + encoderDelay + decoderDelay) / mp3FrameSamples);
  const unitFrames = (unitBars * arrangement.barFrames) / mp3FrameSamples;
  const { sections } = arrangement;
  const runs = sections.map((section, index) => ({
    before: index === 0 ? ('silence' as const) : (sections[index - 1] as Section).variant,
    after: section.variant,
    count:
      (index === sections.length - 1 ? total : (section.start + section.frames) / mp3FrameSamples) -
      section.start / mp3FrameSamples,
  }));
  // One loop per variant, as long as its longest run needs (a short file encodes only its length).
  const longest = new Map<BarVariant, number>();
  for (const { after, count } of runs)
    longest.set(after, Math.min(unitFrames, Math.max(longest.get(after) ?? 0, count)));
  const parts = [
    framesPart(mp3Loop(track, arrangement, 'silence', 1), 0, arrangement.leadInFrames / mp3FrameSamples),
    ...runs.flatMap(({ before, after, count }) => [
      framesPart(mp3Seam(track, arrangement, before, after), 0, 1),
      framesPart(mp3Loop(track, arrangement, after, longest.get(after) as number), 1, count - 1),
    ]),
  ].filter((part) => part.size > 0);
  const musicBytes = parts.reduce((sum, part) => sum + part.size, 0);
  const [first] = (parts[0] as FilePart).slices(0, 4);
  const padding = total * mp3FrameSamples - encoderDelay - arrangement.totalFrames;
  return [bytesPart(lameInfoFrame(Buffer.from(first as Uint8Array), total, musicBytes, padding)), ...parts];
}

/** A bar of 16-bit PCM, interleaved in the format's byte order: what a WAV or AIFF section repeats. */
const pcmLoop = (track: AudioTrack, variant: BarVariant | 'silence', littleEndian: boolean) =>
  loops.getOrCreate(`${littleEndian ? 'wav' : 'aiff'}:${soundKey(track)}:${variant}`, () =>
    variant === 'silence'
      ? loopOf(new Uint8Array(mp3FrameSamples * channels * 2))
      : loopOf(
          interleave(
            renderFrames(barOf(track, variant), 0, arrange(track).barFrames, Number.POSITIVE_INFINITY),
            littleEndian,
          ),
        ),
  );

/**
 * The track's samples: the lead-in's silence, then each section's bar repeated, with the file's
 * fade-out laid over its end (the fade-in falls in the silence).
 */
function pcmBody(track: AudioTrack, littleEndian: boolean): FilePart[] {
  const arrangement = arrange(track);
  const { totalFrames } = arrangement;
  const fadeStart = Math.max(0, totalFrames - fadeFrames.out);
  return [
    loopPart(pcmLoop(track, 'silence', littleEndian), arrangement.leadInFrames * channels * 2),
    ...arrangement.sections.map((section) => {
      const end = section.start + section.frames;
      const from = Math.max(fadeStart, section.start);
      const overlays =
        from < end
          ? [
              {
                offset: (from - section.start) * channels * 2,
                bytes: interleave(
                  renderFrames(barOf(track, section.variant), from, end - from, totalFrames, section.start),
                  littleEndian,
                ),
              },
            ]
          : [];
      return loopPart(pcmLoop(track, section.variant, littleEndian), section.frames * channels * 2, overlays);
    }),
  ];
}

/** Tags in front of the sound (MP3's ID3) or after it (WAV and AIFF chunks). */
interface FileTags {
  front?: Uint8Array;
  trailer?: Uint8Array;
}

// The same ID3v2.3 tag in every format: in front of the MP3 stream, in a WAV `id3 ` chunk (with a
// LIST/INFO chunk for readers that know only that) and in an AIFF `ID3 ` chunk.
// Serato's objects go in the MP3's and the AIFF's tag, where Serato and Mixxx read them.
const taggers: Record<AudioFormat, (track: AudioTrack) => FileTags> = {
  mp3: (track) => ({ front: id3v23(track, track.analysis ? seratoObjects(track.analysis, 'mp3') : []) }),
  wav: (track) => ({
    trailer: encodeChunks([{ id: 'id3 ', body: id3v23(track) }, ...riffInfoChunks(track)], true),
  }),
  aiff: (track) => ({
    trailer: encodeChunks(
      [{ id: 'ID3 ', body: id3v23(track, track.analysis ? seratoObjects(track.analysis, 'aiff') : []) }],
      false,
    ),
  }),
};

/** A track's file in a format from its tags: header, sound, tags. */
function assemble(track: AudioTrack, format: AudioFormat, { front, trailer }: FileTags): PartedFile {
  const frames = arrange(track).totalFrames;
  const trailerBytes = trailer?.length ?? 0;
  const parts: FilePart[] =
    format === 'mp3'
      ? mp3Body(track)
      : format === 'wav'
        ? [bytesPart(wavHeader(frames, channels, sampleRate, trailerBytes)), ...pcmBody(track, true)]
        : [bytesPart(aiffHeader(frames, channels, sampleRate, trailerBytes)), ...pcmBody(track, false)];
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
