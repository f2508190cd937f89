import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { parseBuffer } from 'music-metadata';
import { afterAll, describe, expect, it } from 'vitest';
import type { TrackAnalysis } from '../../../../lib/contract/track-analysis.ts';
import { flacTagBlocks } from '../../../../lib/dj-formats/flac/tags.ts';
import type { AudioTags } from '../../../../lib/dj-formats/id3/writer.ts';
import { seratoObjects } from '../../../../lib/dj-formats/serato/frames.ts';
import { encodeFlac } from '../../../../server/audio/flac.ts';
import { interleave, type Pcm } from '../../../../server/audio/pcm.ts';
import { synthesize } from '../../../../server/audio/synth.ts';

const folder = mkdtempSync(join(tmpdir(), 'crate-flac-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let files = 0;

/** Writes the file where Debian's tools can judge it. */
function saved(bytes: Uint8Array): string {
  const path = join(folder, `${files++}.flac`);
  writeFileSync(path, bytes);
  return path;
}

/**
 * Debian's `flac` decoding to raw 16-bit little-endian interleaved samples (within `--skip` and
 * `--until` when given, which seek); it also checks MD5 and CRCs.
 */
const decoded = (path: string, range: string[] = []) =>
  new Uint8Array(
    execFileSync(
      'flac',
      ['-s', '-d', '-c', '--force-raw-format', '--endian=little', '--sign=signed', ...range, path],
      {
        maxBuffer: 256 * 1024 * 1024,
      },
    ),
  );

function expectLossless(pcm: Pcm) {
  const path = saved(encodeFlac(pcm));
  execFileSync('flac', ['-s', '-t', path]);
  expect(Buffer.compare(decoded(path), interleave(pcm.channels, true))).toBe(0);
  return path;
}

function noise(length: number, amplitude: number, seed: number): Int16Array {
  const samples = new Int16Array(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    samples[i] = Math.round((state / 2 ** 31 - 0.5) * 2 * amplitude);
  }
  return samples;
}

/** A chord with a little noise, as loud as the store's music. */
function music(length: number, seed: number): Int16Array {
  const hiss = noise(length, 1500, seed);
  return hiss.map((h, i) => {
    const t = i / 44_100;
    return Math.round(12_000 * (Math.sin(2 * Math.PI * 110 * t) + 0.5 * Math.sin(2 * Math.PI * 440 * t))) + h;
  });
}

describe('encodeFlac', () => {
  it('decodes to the same samples as the WAV, with the blocks and MD5 metaflac lists', () => {
    const pcm = { sampleRate: 44_100, channels: [music(3 * 44_100 + 123, 1), music(3 * 44_100 + 123, 2)] };
    const path = expectLossless(pcm);
    const listing = execFileSync('metaflac', ['--list', path], { encoding: 'utf8' });
    expect(listing).toContain('type: 0 (STREAMINFO)');
    expect(listing).toContain('type: 3 (SEEKTABLE)');
    expect(listing).toContain(`total samples: ${3 * 44_100 + 123}`);
    const md5 = execFileSync('metaflac', ['--show-md5sum', path], { encoding: 'utf8' }).trim();
    expect(md5).not.toBe('00000000000000000000000000000000');
    const probe = execFileSync(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'stream=codec_name,channels', path],
      {
        encoding: 'utf8',
      },
    );
    expect(probe).toContain('codec_name=flac');
    expect(probe).toContain('channels=2');
  });

  it("is under 70 % of the WAV on the store's audio, near Debian flac's default size", () => {
    const pcm = synthesize({ seed: 3, bpm: 124, key: 'F# Minor', seconds: 20, channels: 2 });
    const path = expectLossless(pcm);
    const ours = statSync(path).size;
    expect(ours).toBeLessThan(0.7 * (pcm.channels[0] as Int16Array).length * 4);
    const theirs = join(folder, 'reference.flac');
    execFileSync('flac', ['-s', '-f', '-5', '-o', theirs, path]);
    expect(ours).toBeLessThan(1.1 * statSync(theirs).size);
  });

  it('is lossless on silence, full scale, white noise, clicks, odd lengths and mono', () => {
    const full = new Int16Array(5000).map((_, i) => (i % 2 ? 32_767 : -32_768));
    expectLossless({ sampleRate: 44_100, channels: [new Int16Array(9000), new Int16Array(9000)] });
    expectLossless({ sampleRate: 44_100, channels: [full, full.map((s) => -1 - s)] });
    expectLossless({ sampleRate: 48_000, channels: [noise(10_001, 32_767, 5), noise(10_001, 32_767, 6)] });
    expectLossless({ sampleRate: 22_050, channels: [music(4097, 7)] });
    expectLossless({ sampleRate: 44_100, channels: [new Int16Array([1])] });
    // Hiss with rare full-scale clicks: residuals far past their partition's, whose Rice
    // quotients run longer than the bit writer's accumulator.
    const clicks = noise(20_000, 600, 8).map((s, i) =>
      i % 997 === 0 ? 32_767 : i % 1499 === 0 ? -32_768 : s,
    );
    expectLossless({ sampleRate: 44_100, channels: [clicks, clicks.map((s) => -1 - s)] });
  });

  it('is lossless on any 16-bit signal', () => {
    const signal = fc.integer({ min: 1, max: 9000 }).chain((length) =>
      fc.record({
        channels: fc.integer({ min: 1, max: 2 }),
        left: fc.array(fc.integer({ min: -32_768, max: 32_767 }), { minLength: length, maxLength: length }),
        right: fc.array(fc.integer({ min: -32_768, max: 32_767 }), { minLength: length, maxLength: length }),
      }),
    );
    fc.assert(
      fc.property(signal, ({ channels, left, right }) => {
        const all = [Int16Array.from(left), Int16Array.from(right)].slice(0, channels);
        expectLossless({ sampleRate: 44_100, channels: all });
      }),
      { numRuns: 25 },
    );
  });

  it("is seekable: every seek point lands on a frame's start, and Debian flac decodes from each one", () => {
    const length = 25 * 44_100 + 77;
    const pcm = { sampleRate: 44_100, channels: [music(length, 11), music(length, 12)] };
    const path = expectLossless(pcm);
    const bytes = new Uint8Array(readFileSync(path));
    // The frames start after the last metadata block (its header's first bit set).
    let firstFrame = 4;
    for (let last = false; !last; ) {
      last = ((bytes[firstFrame] as number) & 0x80) !== 0;
      firstFrame +=
        4 +
        (((bytes[firstFrame + 1] as number) << 16) |
          ((bytes[firstFrame + 2] as number) << 8) |
          (bytes[firstFrame + 3] as number));
    }
    const listing = execFileSync('metaflac', ['--list', '--block-type=SEEKTABLE', path], {
      encoding: 'utf8',
    });
    const points = [...listing.matchAll(/sample_number=(\d+), stream_offset=(\d+)/g)].map(
      ([, sample, offset]) => ({
        sample: Number(sample),
        offset: Number(offset),
      }),
    );
    // A point every 10 s, at the frame that holds 0, 10 and 20 s.
    expect(points).toHaveLength(3);
    for (const [index, { sample }] of points.entries()) {
      expect(sample).toBeLessThanOrEqual(index * 441_000);
      expect(sample + 4096).toBeGreaterThan(index * 441_000);
    }
    const whole = interleave(pcm.channels, true);
    for (const { sample, offset } of points) {
      // A fixed-blocksize frame's sync code, 0xFFF8.
      expect([bytes[firstFrame + offset], (bytes[firstFrame + offset + 1] as number) & 0xfe]).toEqual([
        0xff, 0xf8,
      ]);
      const from = decoded(path, [`--skip=${sample}`, `--until=${sample + 4410}`]);
      expect(Buffer.compare(from, whole.subarray(sample * 4, (sample + 4410) * 4)), `from ${sample}`).toBe(0);
    }
  });

  it('refuses what FLAC cannot hold', () => {
    expect(() => encodeFlac({ sampleRate: 44_100, channels: [] })).toThrow(/1 to 8 channels/);
    expect(() =>
      encodeFlac({ sampleRate: 44_100, channels: [new Int16Array(3), new Int16Array(2)] }),
    ).toThrow(/equally long/);
  });

  it('carries the tags, the cover and the Serato analysis, read by metaflac, mutagen and music-metadata', async () => {
    const cover = { bytes: Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9), etag: 'c1' };
    const analysis: TrackAnalysis = {
      version: 1,
      bpm: 124,
      firstDownbeatMs: 0,
      beatsPerBar: 4,
      beatCount: 8,
      durationMs: 2000,
      cues: [{ kind: 'first-downbeat', name: 'Start', positionMs: 0, color: '#ff0000' }],
      waveformOverview: '',
    };
    const tags: AudioTags = {
      title: 'Velvet Hours (Dub)',
      mixName: 'Dub',
      artists: ['Ana Reyes', 'Kō'],
      remixers: ['Lin'],
      album: 'Velvet Hours',
      label: 'Lowlight Audio',
      catalogNumber: 'LLA001',
      releaseDate: '2026-03-14',
      trackNumber: 2,
      trackTotal: 3,
      bpm: 124,
      key: 'A Minor',
      genre: 'Techno',
      isrc: 'GB0A12600001',
      cover,
      analysis,
    };
    const pcm = { sampleRate: 44_100, channels: [music(2 * 44_100, 8), music(2 * 44_100, 9)] };
    const bytes = encodeFlac(pcm, flacTagBlocks(tags, seratoObjects(analysis, 'flac')));
    const path = saved(bytes);
    execFileSync('flac', ['-s', '-t', path]);
    const listing = execFileSync('metaflac', ['--list', path], { encoding: 'utf8' });
    expect(listing).toContain('type: 4 (VORBIS_COMMENT)');
    expect(listing).toContain('type: 6 (PICTURE)');
    const exported = execFileSync('metaflac', ['--export-tags-to=-', path], { encoding: 'utf8' });
    expect(exported).toContain('CATALOGNUMBER=LLA001');
    expect(exported).toContain('SERATO_BEATGRID=');
    expect(exported).toContain('SERATO_MARKERS_V2=');
    expect(exported).toContain('SERATO_OVERVIEW=');
    const mutagen = execFileSync(
      '/usr/bin/python3',
      [
        '-c',
        'import sys, json, mutagen.flac as m; f = m.FLAC(sys.argv[1]); ' +
          'print(json.dumps({"tags": {k: f.tags[k] for k in ("title", "artists", "remixer", "bpm", "initialkey", "label", "isrc", "date")}, ' +
          '"picture": [len(f.pictures), f.pictures[0].type, f.pictures[0].mime], "length": round(f.info.length, 2)}))',
        path,
      ],
      { encoding: 'utf8' },
    );
    expect(JSON.parse(mutagen)).toEqual({
      tags: {
        title: ['Velvet Hours (Dub)'],
        artists: ['Ana Reyes', 'Kō'],
        remixer: ['Lin'],
        bpm: ['124'],
        initialkey: ['Am'],
        label: ['Lowlight Audio'],
        isrc: ['GB0A12600001'],
        date: ['2026-03-14'],
      },
      picture: [1, 3, 'image/jpeg'],
      length: 2,
    });
    const read = await parseBuffer(bytes, { mimeType: 'audio/flac' });
    expect(read.common.title).toBe('Velvet Hours (Dub)');
    expect(read.common.catalognumber).toEqual(['LLA001']);
    expect(read.common.bpm).toBe(124);
    expect([...(read.common.picture?.[0]?.data ?? [])]).toEqual([...cover.bytes]);
    expect(read.format.lossless).toBe(true);
  });
});
