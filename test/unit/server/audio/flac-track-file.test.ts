import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { type AudioTrack, flacTrackFile, untaggedTrackFile } from '../../../../server/audio/audio-file.ts';

const track: AudioTrack = {
  id: 43,
  lengthMs: 20_000,
  title: 'Été (Dub)',
  mixName: 'Dub',
  artists: ['Chloé'],
  remixers: [],
  album: 'Été EP',
  label: 'Velvet Echo Records',
  catalogNumber: 'VER043',
  releaseDate: '2026-03-14',
  trackNumber: 1,
  trackTotal: 1,
  bpm: 124,
  key: 'F# Minor',
  genre: 'Techno',
  isrc: 'GB0A12600043',
};

/** FFmpeg's decoding of a file to 16-bit little-endian interleaved samples. */
const decoded = (bytes: Uint8Array, format: string) =>
  execFileSync('ffmpeg', ['-v', 'error', '-f', format, '-i', '-', '-f', 's16le', '-'], {
    input: bytes,
    maxBuffer: 64 * 1024 * 1024,
  });

describe('flacTrackFile', () => {
  it("holds exactly the WAV's samples, read by FFmpeg", () => {
    const flac = flacTrackFile(track);
    expect(flac.contentType).toBe('audio/flac');
    const wav = untaggedTrackFile(track, 'wav').bytes();
    expect(Buffer.compare(decoded(flac.bytes(), 'flac'), decoded(wav, 'wav'))).toBe(0);
    expect(flac.size).toBeLessThan(0.7 * wav.length);
  });
});
