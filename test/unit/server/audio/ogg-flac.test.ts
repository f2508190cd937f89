import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseBuffer } from 'music-metadata';
import { describe, expect, it } from 'vitest';
import {
  type AudioTrack,
  flacTrackFile,
  trackFile,
  untaggedTrackFile,
} from '../../../../server/audio/audio-file.ts';

/**
 * The store's `ogg` files (FLAC in Ogg, server/audio/ogg-flac.ts), judged by FFmpeg (the container,
 * its codec, every sample) and mutagen (the Vorbis comments; music-metadata 11 reads an Ogg FLAC's
 * first page only, so not its tags).
 */
const track: AudioTrack = {
  id: 71,
  lengthMs: 12_000,
  title: 'Cold Vision (Original Mix)',
  mixName: 'Original Mix',
  artists: ['Frank Silva'],
  remixers: [],
  album: 'Cold Vision EP',
  label: 'Crate Records',
  catalogNumber: 'CRT001',
  releaseDate: '2026-11-20',
  trackNumber: 1,
  trackTotal: 2,
  bpm: 128,
  key: 'F# Minor',
  genre: 'Techno',
  isrc: 'USCRT2600001',
  cover: { bytes: Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9), etag: '"ogg-cover"' },
};

const decodedBy = (bytes: Uint8Array, format: string) =>
  execFileSync('ffmpeg', ['-v', 'error', '-f', format, '-i', '-', '-f', 's16le', '-'], {
    input: bytes,
    maxBuffer: 64 * 1024 * 1024,
  });

/** A file on disk, for readers that want one. */
function onDisk(bytes: Uint8Array): string {
  const path = join(mkdtempSync(join(tmpdir(), 'ogg-flac-')), 'track.ogg');
  writeFileSync(path, bytes);
  return path;
}

describe('Ogg FLAC files', () => {
  it("are an Ogg stream of FLAC holding exactly the WAV's samples, read by FFmpeg", () => {
    const ogg = trackFile(track, 'ogg');
    expect(ogg.contentType).toBe('audio/ogg');
    expect(ogg.extension).toBe('ogg');
    const bytes = ogg.bytes();
    const probe = JSON.parse(
      execFileSync('ffprobe', [
        '-v',
        'error',
        '-show_streams',
        '-show_format',
        '-of',
        'json',
        onDisk(bytes),
      ]).toString(),
    ) as {
      format: { format_name: string; duration: string };
      streams: { codec_name: string; tags?: Record<string, string> }[];
    };
    expect(probe.format.format_name).toBe('ogg');
    const [audio] = probe.streams;
    expect(audio?.codec_name).toBe('flac');
    expect(audio?.tags?.TITLE).toBe(track.title);
    expect(Math.abs(Number(probe.format.duration) - track.lengthMs / 1000)).toBeLessThan(0.05);
    const wav = untaggedTrackFile(track, 'wav').bytes();
    expect(Buffer.compare(decodedBy(bytes, 'ogg'), decodedBy(wav, 'wav'))).toBe(0);
  });

  it('carry the FLAC file’s Vorbis comments, read by mutagen’s Ogg FLAC reader', async () => {
    const path = onDisk(trackFile(track, 'ogg').bytes());
    const read = JSON.parse(
      execFileSync('/usr/bin/python3', [
        '-c',
        'import json, sys, mutagen.oggflac as o; f = o.OggFLAC(sys.argv[1]); print(json.dumps({"length": f.info.length, "tags": dict(f.tags)}))',
        path,
      ]).toString(),
    ) as { length: number; tags: Record<string, string[]> };
    const flac = await parseBuffer(flacTrackFile(track).bytes(), { mimeType: 'audio/flac' });
    expect(read.length).toBeCloseTo(track.lengthMs / 1000, 2);
    expect(read.tags.title).toEqual([flac.common.title]);
    expect(read.tags.artist).toEqual([flac.common.artist]);
    expect(read.tags.bpm).toEqual([String(flac.common.bpm)]);
    expect(read.tags.initialkey).toEqual(['F#m']);
    expect(read.tags.isrc).toEqual(flac.common.isrc);
    expect(read.tags.label).toEqual(flac.common.label);
  });
});
