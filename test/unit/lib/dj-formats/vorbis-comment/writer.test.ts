import { describe, expect, it } from 'vitest';
import type { TrackAnalysis } from '../../../../../lib/contract/track-analysis.ts';
import type { AudioTags } from '../../../../../lib/dj-formats/id3/writer.ts';
import { seratoObjectOfVorbisComment, seratoObjects } from '../../../../../lib/dj-formats/serato/frames.ts';
import { parseVorbisComment } from '../../../../../lib/dj-formats/vorbis-comment/reader.ts';
import { vorbisCommentBlock, vorbisComments } from '../../../../../lib/dj-formats/vorbis-comment/writer.ts';

const tags: AudioTags = {
  title: 'Velvet Hours (Dub)',
  mixName: 'Dub',
  artists: ['Ana Reyes', 'Björk Ø'],
  remixers: ['Kō'],
  album: 'Velvet Hours',
  label: 'Lowlight Audio',
  catalogNumber: 'LLA001',
  releaseDate: '2026-03-14',
  trackNumber: 2,
  trackTotal: 3,
  bpm: 145,
  key: 'A Minor',
  genre: 'Techno (Peak Time)',
  isrc: 'GB0A12600001',
};

describe('vorbisCommentBlock', () => {
  it('writes what the collection import reads back, names in UTF-8', () => {
    const read = parseVorbisComment(vorbisCommentBlock(vorbisComments(tags)));
    expect(read).toMatchObject({
      title: 'Velvet Hours (Dub)',
      mix: 'Dub',
      remixers: 'Kō',
      album: 'Velvet Hours',
      label: 'Lowlight Audio',
      key: 'Am',
      bpm: '145',
      isrc: 'GB0A12600001',
    });
    expect(read.artists).toContain('Björk Ø');
  });

  it("keeps Serato's objects in the comments Serato reads them from", () => {
    const analysis: TrackAnalysis = {
      version: 1,
      bpm: 144.97,
      firstDownbeatMs: 120,
      beatsPerBar: 4,
      beatCount: 96,
      durationMs: 40_000,
      cues: [{ kind: 'first-downbeat', name: 'Start', positionMs: 120, color: '#ff0000' }],
      waveformOverview: '',
    };
    const objects = seratoObjects(analysis, 'flac');
    const comments = vorbisComments({ ...tags, analysis }, objects);
    const kept = comments.flatMap(([name, value]) => seratoObjectOfVorbisComment(name, value) ?? []);
    expect(kept.map((object) => object.description)).toEqual(objects.map((object) => object.description));
    expect(kept.map((object) => [...object.data])).toEqual(objects.map((object) => [...object.data]));
    expect(comments.find(([name]) => name === 'BPM')?.[1]).toBe('145');
  });

  it('refuses a field name Vorbis comments cannot hold', () => {
    expect(() => vorbisCommentBlock([['A=B', 'x']])).toThrow(/cannot name/);
  });
});
