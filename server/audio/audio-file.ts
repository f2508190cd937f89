import type { AudioFormat } from '../../lib/contract/wire.ts';
import { flacTagBlocks } from '../../lib/dj-formats/flac/tags.ts';
import { type AudioTags, id3v23 } from '../../lib/dj-formats/id3/writer.ts';
import { seratoObjects } from '../../lib/dj-formats/serato/frames.ts';
import { runJob } from '../jobs/job-runner.ts';
import { ByteLruCache } from '../jobs/lru-cache.ts';
import { aiffHeader } from './aiff.ts';
import { arrange, beatFramesFor, mp3FrameSamples, type Section, unitFramesFor } from './arrangement.ts';
import { encodeChunks } from './chunks.ts';
import { encodeFlacAudio, type FlacEncoding, flacFile } from './flac.ts';
import { decoderDelay, encodeFrames, encoderDelay, lameInfoFrame } from './mp3.ts';
import { oggFlacFile } from './ogg-flac.ts';
import { bytesPart, type FilePart, type Loop, loopOf, loopPart, PartedFile } from './parted-file.ts';
import { interleave, type Pcm } from './pcm.ts';
import { riffInfoChunks } from './riff-info.ts';
import { type Mp3Encoding, type Mp3Frames, type Mp3Job, type Sound, trackSound } from './sound.ts';
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

const contentTypes = { mp3: 'audio/mpeg', wav: 'audio/wav', aiff: 'audio/aiff' } as const;
/** The formats this module can make; the store's list (audio_formats) may name more. */
type MadeFormat = keyof typeof contentTypes;

/** The format, if this module can make it; a sold format it cannot make is a plain error, not a broken file. */
function madeFormat(format: AudioFormat): MadeFormat {
  if (!Object.hasOwn(contentTypes, format)) throw new Error(`The store cannot make ${format} files yet.`);
  return format as MadeFormat;
}

// A purchased file is a track's loop repeated to its length, between its header and its tags: the
// loop is made once per track and format (a bar of PCM, or up to 8 bars of MP3 frames, since
// lamejs encodes one channel only about 45 times faster than real time here) and shared by every
// file made of it; a file keeps only its header, tags and fades. Keys hold what the bytes are made
// from, so two catalogs never share an entry. Together with the covers' cache, at most 96 MB.
const loops = new ByteLruCache<Loop & { frames?: number[] }>(48 * 1024 * 1024);
const files = new ByteLruCache<PartedFile>(16 * 1024 * 1024);
const previews = new ByteLruCache(16 * 1024 * 1024);
// A FLAC is encoded whole (its frames number their samples, so no loop repeats byte for byte): a
// full-length one weighs 10 to 25 MB here, more than `files` holds, and each range request of a
// resumed download would encode it again (1.5 s of CPU). Its own cache keeps the last few.
const wholeFiles = new ByteLruCache<PartedFile>(64 * 1024 * 1024);

// The sound depends on the track's id (the seed), tempo, key and, through its arrangement, length.
const soundKey = (track: Sound) => `${track.id}:${track.bpm}:${track.key}:${track.lengthMs}`;
// The cover is named by its ETag rather than spelled out byte by byte.
const tagsKey = (track: AudioTrack) => JSON.stringify({ ...track, cover: track.cover?.etag });

const barOf = (track: Sound, variant: BarVariant, channels: 1 | 2 = 2) =>
  synthesizeBar({
    seed: track.id,
    bpm: track.bpm,
    key: track.key,
    channels,
    variant,
    beatFrames: beatFramesFor(track.bpm),
  });

// What an MP3 encode plays: a bar's samples mixed to one channel, made once per track and variant
// (a worker thread runs several encodes of each) and laid end to end.
const midBars = new ByteLruCache<Int16Array>(8 * 1024 * 1024);

const midBarOf = (track: Sound, variant: BarVariant) =>
  midBars.getOrCreate(`${soundKey(track)}:${variant}`, () => {
    const bar = barOf(track, variant, 1);
    return renderFrames(bar, 0, bar.frames, Number.POSITIVE_INFINITY)[0] as Int16Array;
  });

/** Samples [start, start + count) of a bar repeated from sample 0 on. */
function repeated(bar: Int16Array, start: number, count: number): Int16Array {
  const out = new Int16Array(count);
  for (let at = 0, phase = start % bar.length; at < count; phase = 0) {
    const take = Math.min(count - at, bar.length - phase);
    out.set(bar.subarray(phase, phase + take), at);
    at += take;
  }
  return out;
}

const channels = 2;
/** A purchased MP3: two channels, 320 kbps, the music in the middle (server/audio/mp3.ts). */
const fileEncoding: Mp3Encoding = { channels: 2, kbps: 320 };
/** The public preview: mono, 128 kbps, to stay small. */
const previewEncoding: Mp3Encoding = { channels: 1, kbps: 128 };

/** Frames of context encoded before a section's unit, so its first frame is encoded as in a stream. */
const contextFrames = 4;

type Mp3Loop = Loop & { frames: number[] };

/** An MP3 encode for the worker threads (server/job-thread/job-table.ts): its frames come back. */
export interface Mp3EncodeJob {
  kind: 'mp3';
  job: Mp3Job;
}

const mp3JobKey = (job: Mp3Job) =>
  job.kind === 'loop'
    ? `mp3:${soundKey(job.sound)}:${job.variant}:${job.count}:${job.encoding.channels}x${job.encoding.kbps}`
    : `mp3:${soundKey(job.sound)}:${job.before}>${job.after}`;

/** Encodes a job's frames: what the store's worker threads run (server/job-thread/job-table.ts). */
export const encodeMp3Job = (job: Mp3Job): Mp3Frames => (job.kind === 'loop' ? mp3Loop(job) : mp3Seam(job));

/** Samples in the period of a track's MP3 frames: whole bars that are whole frames (unitFramesFor). */
const unitSamples = (sound: Sound) => unitFramesFor(arrange(sound).barFrames) * mp3FrameSamples;

/**
 * The frames of a section's bars, `count` frames of its unit repeated (at most one unit: the
 * section repeats it). The unit is the fewest whole frames that hold whole bars, encoded with its
 * own end before it and start after it: frame i then holds exactly samples i·1152 − 576 onward of
 * the unit, as the same frame of a whole-track encode would, so every repeat lands on the same beat.
 * lamejs writes no bit reservoir: a frame needs no bytes of the frames before it.
 */
function mp3Loop({ sound, variant, count, encoding }: Extract<Mp3Job, { kind: 'loop' }>): Mp3Frames {
  const from = -contextFrames * mp3FrameSamples;
  const frames = count * mp3FrameSamples - from + mp3FrameSamples;
  const samples =
    variant === 'silence'
      ? new Int16Array(frames)
      : repeated(midBarOf(sound, variant), unitSamples(sound) + from, frames);
  const all = encodeFrames(samples, encoding).slice(contextFrames, contextFrames + count);
  return { bytes: Buffer.concat(all), frames: all.map((frame) => frame.length) };
}

/**
 * The frame where one section gives way to the next: samples −576 to 576 around the downbeat,
 * encoded from the end of the one and the start of the other, so the change is heard where it is.
 */
function mp3Seam({ sound, before, after }: Extract<Mp3Job, { kind: 'seam' }>): Mp3Frames {
  const context = contextFrames * mp3FrameSamples;
  const joined = new Int16Array(context + 2 * mp3FrameSamples);
  if (before !== 'silence')
    joined.set(repeated(midBarOf(sound, before), unitSamples(sound) - context, context));
  joined.set(repeated(midBarOf(sound, after), 0, 2 * mp3FrameSamples), context);
  const frame = encodeFrames(joined, fileEncoding)[contextFrames] as Uint8Array;
  return { bytes: Buffer.from(frame), frames: [frame.length] };
}

// Bytes posted from a worker arrive as a plain Uint8Array: a Buffer again, as an encode here makes.
const loopOfFrames = ({ bytes, frames }: Mp3Frames): Mp3Loop => ({
  ...loopOf(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
  frames,
});

/** Where a file's MP3 loops come from: the cache, or an encode. */
type Mp3Loops = (job: Mp3Job) => Mp3Loop;

/** Loops encoded on the calling thread when not cached (tests, benches, the sync API). */
const encodedHere: Mp3Loops = (job) =>
  loops.getOrCreate(mp3JobKey(job), () => loopOfFrames(encodeMp3Job(job))) as Mp3Loop;

/**
 * The loops of these jobs, the ones not cached encoded in the store's worker threads so the main
 * thread keeps answering (a 7-minute track's are one to two seconds of work); a job another
 * request has already started is shared (server/jobs/job-runner.ts).
 */
async function encodedInWorkers(jobs: Mp3Job[], urgent = false): Promise<Mp3Loops> {
  const ready = new Map<string, Mp3Loop>();
  await Promise.all(
    jobs.map(async (job) => {
      const key = mp3JobKey(job);
      let loop = loops.get(key) as Mp3Loop | undefined;
      if (!loop) {
        loop = loopOfFrames(await runJob<Mp3Frames, Mp3EncodeJob>(key, { kind: 'mp3', job }, { urgent }));
        loops.set(key, loop);
      }
      ready.set(key, loop);
    }),
  );
  return (job) => ready.get(mp3JobKey(job)) ?? encodedHere(job);
}

/** `count` frames of a loop repeated, from its frame `first` on. */
function framesPart(loop: Mp3Loop, first: number, count: number): FilePart {
  const sizes = loop.frames;
  const sum = (from: number, n: number) => {
    let bytes = 0;
    for (let k = 0; k < n; k++) bytes += sizes[(from + k) % sizes.length] as number;
    return bytes;
  };
  const size = Math.floor(count / sizes.length) * loop.bytes.length + sum(first, count % sizes.length);
  return loopPart(loop, size, [], sum(0, first));
}

/**
 * What a track's MP3 stream is made of: per section, the frame of its change and its unit's loop,
 * and how many frames of it the section plays; `total` frames in all.
 */
function mp3Plan(track: Sound) {
  const arrangement = arrange(track);
  const sound = trackSound(track);
  const total = Math.ceil((arrangement.totalFrames + encoderDelay + decoderDelay) / mp3FrameSamples);
  const unitFrames = unitFramesFor(arrangement.barFrames);
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
  return {
    arrangement,
    total,
    silence: { kind: 'loop', sound, variant: 'silence', count: 1, encoding: fileEncoding } satisfies Mp3Job,
    runs: runs.map(({ before, after, count }) => ({
      seam: { kind: 'seam', sound, before, after } satisfies Mp3Job,
      loop: {
        kind: 'loop',
        sound,
        variant: after,
        count: longest.get(after) as number,
        encoding: fileEncoding,
      } satisfies Mp3Job,
      count,
    })),
  };
}

/**
 * The MP3 stream: an Info frame with the LAME tag, then frame j holding samples j·1152 − 576 on of
 * the arrangement (silence, then each section: the frame of its change, then its unit's frames),
 * enough that a decoder which trims the declared delay and padding plays exactly the track's
 * samples, as many as the WAV has.
 */
function mp3Body(track: Sound, loopFor: Mp3Loops): FilePart[] {
  const { arrangement, total, silence, runs } = mp3Plan(track);
  const parts = [
    framesPart(loopFor(silence), 0, arrangement.leadInFrames / mp3FrameSamples),
    ...runs.flatMap(({ seam, loop, count }) => [
      framesPart(loopFor(seam), 0, 1),
      framesPart(loopFor(loop), 1, count - 1),
    ]),
  ].filter((part) => part.size > 0);
  const musicBytes = parts.reduce((sum, part) => sum + part.size, 0);
  const [first] = (parts[0] as FilePart).slices(0, 4);
  const padding = total * mp3FrameSamples - encoderDelay - arrangement.totalFrames;
  return [bytesPart(lameInfoFrame(Buffer.from(first as Uint8Array), total, musicBytes, padding)), ...parts];
}

/** A bar of 16-bit PCM, interleaved in the format's byte order: what a WAV or AIFF section repeats. */
const pcmLoop = (track: Sound, variant: BarVariant | 'silence', littleEndian: boolean) =>
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
function pcmBody(track: Sound, littleEndian: boolean): FilePart[] {
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
const taggers: Record<MadeFormat, (track: AudioTrack) => FileTags> = {
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
function assemble(
  track: Sound,
  format: AudioFormat,
  { front, trailer }: FileTags,
  loopFor: Mp3Loops = encodedHere,
): PartedFile {
  const frames = arrange(track).totalFrames;
  const trailerBytes = trailer?.length ?? 0;
  const parts: FilePart[] =
    format === 'mp3'
      ? mp3Body(track, loopFor)
      : format === 'wav'
        ? [bytesPart(wavHeader(frames, channels, sampleRate, trailerBytes)), ...pcmBody(track, true)]
        : [bytesPart(aiffHeader(frames, channels, sampleRate, trailerBytes)), ...pcmBody(track, false)];
  return new PartedFile(
    [...(front ? [bytesPart(front)] : []), ...parts, ...(trailer ? [bytesPart(trailer)] : [])],
    contentTypes[madeFormat(format)],
    format,
  );
}

/** A track's sound in a format, with no tags: stereo, 44.1 kHz; MP3 at 320 kbps. */
export function untaggedTrackFile(track: Sound, format: AudioFormat): AudioFile {
  return assemble(track, format, {});
}

const fileKey = (track: AudioTrack, format: AudioFormat) => `${format}:${tagsKey(track)}`;

/** The purchased file of a track in a format, as long as the track: its sound with every tag and the cover. */
export function trackFile(track: AudioTrack, format: AudioFormat): AudioFile {
  if (isFlacFormat(format)) return flacTrackFile(track, format);
  return files.getOrCreate(fileKey(track, format), () =>
    assemble(track, format, taggers[madeFormat(format)](track)),
  );
}

/** The purchased file, as `trackFile`, its MP3 frames or FLAC encoded in the worker threads the first time. */
export async function trackFileOffThread(track: AudioTrack, format: AudioFormat): Promise<AudioFile> {
  if (isFlacFormat(format)) return flacTrackFileOffThread(track, format);
  const cached = files.get(fileKey(track, format));
  if (cached || format !== 'mp3') return cached ?? trackFile(track, format);
  const { silence, runs } = mp3Plan(track);
  const loopFor = await encodedInWorkers([silence, ...runs.flatMap(({ seam, loop }) => [seam, loop])]);
  return files.getOrCreate(fileKey(track, format), () =>
    assemble(track, format, taggers[madeFormat(format)](track), loopFor),
  );
}

const sampleTags = (track: AudioTrack) => ({ ...track, cover: undefined });
const sampleKey = (track: AudioTrack) => `sample:${tagsKey(sampleTags(track))}`;

/**
 * The public preview: 30 seconds of mono MP3 at 128 kbps from the drop, where a DJ listens first
 * (the main part, or the only section, in a track without one), on the same steady beat as the
 * file and gapless with its LAME header; tagged but without the cover, to stay small.
 */
export function sampleFile(track: AudioTrack, loopFor: Mp3Loops = encodedHere): AudioFile {
  const bytes = previews.getOrCreate(sampleKey(track), () =>
    Buffer.concat([id3v23(sampleTags(track)), previewStream(track, loopFor)]),
  );
  return new PartedFile([bytesPart(bytes)], contentTypes.mp3, 'mp3');
}

/**
 * The public preview, as `sampleFile`, its frames encoded in a worker thread the first time: before
 * the analyses and files waiting for the threads, as someone pressed play (the popup's library asks
 * for a row's analysis as it shows it; a preview behind ten of them took five seconds).
 */
export async function sampleFileOffThread(track: AudioTrack): Promise<AudioFile> {
  if (previews.get(sampleKey(track))) return sampleFile(track);
  return sampleFile(track, await encodedInWorkers([previewPlan(track).job], true));
}

/** The preview's section loop, and how many frames of it the preview plays: `total`. */
function previewPlan(track: AudioTrack) {
  const arrangement = arrange(track);
  const { sections } = arrangement;
  const section =
    sections.find((candidate) => candidate.kind === 'drop') ??
    sections.find((candidate) => candidate.kind === 'main') ??
    (sections[0] as Section);
  const total = Math.ceil((sampleSeconds * sampleRate + encoderDelay + decoderDelay) / mp3FrameSamples);
  const unitFrames = unitFramesFor(arrangement.barFrames);
  const job: Mp3Job = {
    kind: 'loop',
    sound: trackSound(track),
    variant: section.variant,
    count: Math.min(unitFrames, total),
    encoding: previewEncoding,
  };
  return { job, total };
}

function previewStream(track: AudioTrack, loopFor: Mp3Loops): Uint8Array {
  const { job, total } = previewPlan(track);
  const part = framesPart(loopFor(job), 0, total);
  const body = Buffer.concat([...part.slices(0, part.size)]);
  const padding = total * mp3FrameSamples - encoderDelay - sampleSeconds * sampleRate;
  return Buffer.concat([lameInfoFrame(body.subarray(0, 4), total, body.length, padding), body]);
}

/**
 * A track's whole sound as samples per channel, made as pcmBody makes the WAV's: the lead-in's
 * silence, each section's bar (rendered as pcmLoop renders it) repeated, the fade-out laid over the end.
 */
export function trackPcm(track: Sound): Pcm {
  const { totalFrames, sections, barFrames } = arrange(track);
  const fadeStart = Math.max(0, totalFrames - fadeFrames.out);
  const out = [new Int16Array(totalFrames), new Int16Array(totalFrames)];
  for (const section of sections) {
    const bar = barOf(track, section.variant);
    const loop = renderFrames(bar, 0, barFrames, Number.POSITIVE_INFINITY);
    const end = section.start + section.frames;
    out.forEach((channel, c) => {
      const samples = loop[c] as Int16Array;
      for (let at = section.start; at < end; at += barFrames) {
        channel.set(samples.subarray(0, Math.min(barFrames, end - at)), at);
      }
    });
    const from = Math.max(fadeStart, section.start);
    if (from < end) {
      const faded = renderFrames(bar, from, end - from, totalFrames, section.start);
      for (const [c, samples] of faded.entries()) out[c]?.set(samples, from);
    }
  }
  return { sampleRate, channels: out };
}

/** A track's sound encoded as FLAC in a worker thread: the frames and the blocks describing them. */
export interface FlacEncodeJob {
  kind: 'flac';
  sound: Sound;
}

export const encodeFlacJob = (sound: Sound): FlacEncoding => encodeFlacAudio(trackPcm(sound));

/** The containers FLAC's frames are sold in: native FLAC, and Ogg FLAC as the store's `ogg`. */
const flacContainers = {
  flac: { contentType: 'audio/flac', file: flacFile },
  ogg: { contentType: 'audio/ogg', file: oggFlacFile },
} as const;
type FlacFormat = keyof typeof flacContainers;
const isFlacFormat = (format: AudioFormat): format is FlacFormat => Object.hasOwn(flacContainers, format);

const flacKey = (track: AudioTrack, format: FlacFormat) => `${format}:${tagsKey(track)}`;

/**
 * The purchased FLAC file of a track: its whole sound encoded at once (server/audio/flac.ts), the
 * tags as Vorbis comments with the cover and Serato's analysis at positions as they are (a FLAC
 * decoder adds no delay); in an Ogg container for `ogg`. Kept whole in a cache of its own.
 */
export function flacTrackFile(
  track: AudioTrack,
  format: FlacFormat = 'flac',
  audio?: FlacEncoding,
): AudioFile {
  return wholeFiles.getOrCreate(flacKey(track, format), () => {
    const objects = track.analysis ? seratoObjects(track.analysis, 'flac') : [];
    const { contentType, file } = flacContainers[format];
    const bytes = file(audio ?? encodeFlacJob(trackSound(track)), flacTagBlocks(track, objects));
    return new PartedFile([bytesPart(bytes)], contentType, format);
  });
}

/** The purchased FLAC file, as `flacTrackFile`, its sound encoded in a worker thread the first time. */
export async function flacTrackFileOffThread(
  track: AudioTrack,
  format: FlacFormat = 'flac',
): Promise<AudioFile> {
  const cached = wholeFiles.get(flacKey(track, format));
  if (cached) return cached;
  const sound = trackSound(track);
  const audio = await runJob<FlacEncoding, FlacEncodeJob>(`flac:${soundKey(sound)}`, { kind: 'flac', sound });
  return flacTrackFile(track, format, audio);
}
