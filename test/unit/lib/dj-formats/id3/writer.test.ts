import { parseBuffer } from 'music-metadata';
import { describe, expect, it } from 'vitest';
import type { TrackAnalysis } from '../../../../../lib/contract/track-analysis.ts';
import { type AudioTags, id3v23 } from '../../../../../lib/dj-formats/id3/writer.ts';
import { seratoObjects } from '../../../../../lib/dj-formats/serato/frames.ts';

const tags: AudioTags = {
  title: 'Velvet Hours (Original Mix)',
  mixName: 'Original Mix',
  artists: ['Ana Reyes'],
  remixers: [],
  album: 'Velvet Hours',
  label: 'Lowlight Audio',
  catalogNumber: 'LLA001',
  releaseDate: '2026-03-14',
  trackNumber: 1,
  trackTotal: 1,
  bpm: 145,
  key: 'A Minor',
  genre: 'Techno (Peak Time)',
  isrc: 'GB0A12600001',
};

const analysisAt = (bpm: number): TrackAnalysis => ({
  version: 1,
  bpm,
  firstDownbeatMs: 120,
  beatsPerBar: 4,
  beatCount: 96,
  durationMs: 40_000,
  cues: [{ kind: 'first-downbeat', name: 'Start', positionMs: 120, color: '#ff0000' }],
  waveformOverview: '',
});

/** Each v2.3 frame of a tag: id, then a plain 32-bit size and two flag bytes, then the body. */
function framesOf(tag: Uint8Array): { id: string; body: Buffer }[] {
  const bytes = Buffer.from(tag);
  // The tag's size: four 7-bit bytes (syncsafe).
  const size = [6, 7, 8, 9].reduce((sum, at) => sum * 128 + (bytes[at] as number), 0);
  const frames: { id: string; body: Buffer }[] = [];
  for (let at = 10; at < 10 + size && bytes[at] !== 0; ) {
    const length = bytes.readUInt32BE(at + 4);
    frames.push({
      id: bytes.subarray(at, at + 4).toString('latin1'),
      body: bytes.subarray(at + 10, at + 10 + length),
    });
    at += 10 + length;
  }
  return frames;
}

/** A Latin-1 text frame's text (encoding byte 0). */
const textOf = (tag: Uint8Array, id: string) => {
  const body = framesOf(tag).find((frame) => frame.id === id)?.body;
  expect(body?.[0], id).toBe(0);
  return body?.subarray(1).toString('latin1');
};

/** The tempo of Serato's BeatGrid: its terminal marker's float after the position. */
function seratoGridBpm(tag: Uint8Array): number {
  const geob = framesOf(tag).find(
    (frame) => frame.id === 'GEOB' && frame.body.includes(Buffer.from('Serato BeatGrid\0', 'latin1')),
  )?.body as Buffer;
  const grid = geob.subarray(geob.indexOf('Serato BeatGrid\0') + 'Serato BeatGrid\0'.length);
  const markers = grid.readUInt32BE(2);
  return grid.readFloatBE(10 + 8 * (markers - 1));
}

describe('id3v23', () => {
  it.each([
    [144.97, '145'],
    [144.49, '144'],
    [127.5, '128'],
    [128, '128'],
  ])(
    'writes the measured tempo %d as TBPM "%s", a whole number as ID3v2.3 defines it',
    async (bpm, written) => {
      const tag = id3v23({ ...tags, analysis: analysisAt(bpm) });
      expect(textOf(tag, 'TBPM')).toBe(written);
      // music-metadata reads TBPM as an integer: "144.97" was read as 144.
      const { common } = await parseBuffer(tag, { mimeType: 'audio/mpeg' });
      expect(common.bpm).toBe(Number(written));
    },
  );

  it('keeps the tempo with its decimals in Serato’s BeatGrid beside the rounded TBPM', () => {
    const analysis = analysisAt(144.97);
    const tag = id3v23({ ...tags, analysis }, seratoObjects(analysis, 'mp3'));
    expect(textOf(tag, 'TBPM')).toBe('145');
    expect(seratoGridBpm(tag)).toBeCloseTo(144.97, 4);
  });

  it('writes the catalog’s tempo when the track has no analysis', () => {
    expect(textOf(id3v23({ ...tags, bpm: 124 }), 'TBPM')).toBe('124');
  });
});
