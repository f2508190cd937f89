import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gridBeats, writeAnlzFiles } from '../../../../../lib/dj-formats/rekordbox-device/anlz-writer.ts';
import { Mp3SeekIndexBuilder } from '../../../../../lib/dj-formats/rekordbox-device/mp3-seek-index.ts';
import {
  makeAnalysis,
  makeMp3,
  makeWaveformDetail,
  readAnlzWithKaitai,
} from '../../../../helpers/usb-stick.ts';

// biome-ignore lint/suspicious/noExplicitAny: Kaitai's generated sections are untyped
type Section = any;

function sections(bytes: Uint8Array): Section[] {
  const file = readAnlzWithKaitai(bytes);
  expect(file.lenFile).toBe(bytes.length);
  return file.sections;
}

function fourcc(section: Section): string {
  return String.fromCharCode(...[24, 16, 8, 0].map((shift) => (section.fourcc >>> shift) & 0xff));
}

const filePath = '/Contents/Artist/Album/Track.mp3';

describe('writeAnlzFiles, read by crate-digger’s Kaitai definitions', () => {
  it('writes the DAT sections: path, seek index, beat grid, previews, hot and memory cues', () => {
    const builder = new Mp3SeekIndexBuilder();
    builder.push(makeMp3(800));
    const { dat } = writeAnlzFiles({
      filePath,
      analysis: makeAnalysis(),
      waveformDetail: makeWaveformDetail(4),
      mp3SeekIndex: builder.finish(),
    });
    const read = sections(dat);
    expect(read.map(fourcc)).toEqual(['PPTH', 'PVBR', 'PQTZ', 'PWAV', 'PWV2', 'PCOB', 'PCOB']);
    const [path, vbr, grid, preview, tiny, hot, memory] = read;
    expect(path.body.path).toBe(filePath);
    expect(vbr.body.index).toHaveLength(400);
    expect(vbr.body.index[1]).toBe(2 * 417);
    expect(grid.body.beats[0]).toMatchObject({ beatNumber: 1, tempo: 12800, time: 120 });
    expect(grid.body.beats[1]).toMatchObject({ beatNumber: 2, time: Math.round(120 + 60000 / 128) });
    expect(grid.body.beats).toHaveLength(512);
    expect(preview.body.data).toHaveLength(400);
    expect(tiny.body.data).toHaveLength(100);
    expect(hot.body.type).toBe(1);
    expect(hot.body.cues.map((c: Section) => [c.hotCue, c.time])).toEqual([
      [1, 120],
      [2, 60_120],
    ]);
    expect(memory.body.type).toBe(0);
    expect(memory.body.cues.map((c: Section) => [c.hotCue, c.time])).toEqual([[0, 180_120]]);
  });

  it('writes the EXT sections: detail waveforms, and the cues with their names and colours', () => {
    const { ext, dat } = writeAnlzFiles({
      filePath,
      analysis: makeAnalysis(),
      waveformDetail: makeWaveformDetail(4),
    });
    expect(sections(dat).map(fourcc)).not.toContain('PVBR');
    const read = sections(ext);
    expect(read.map(fourcc)).toEqual(['PPTH', 'PWV3', 'PWV5', 'PCOB', 'PCOB', 'PCO2', 'PCO2']);
    const detail = read[1];
    expect(detail.body.lenEntries).toBe(600);
    expect(read[2].body.lenEntries).toBe(600);
    const hot = read[5].body.cues;
    expect(
      hot.map((c: Section) => [
        c.hotCue,
        c.time,
        c.comment.replace(/\0$/, ''),
        c.colorRed,
        c.colorGreen,
        c.colorBlue,
      ]),
    ).toEqual([
      [1, 120, 'Start', 0x28, 0xe2, 0x14],
      [2, 60_120, 'Drop', 0xe6, 0x28, 0x28],
    ]);
    expect(read[6].body.cues.map((c: Section) => c.comment.replace(/\0$/, ''))).toEqual(['Outro']);
  });

  it('puts hot cues A to C in the DAT’s list and D to H in the EXT’s, all of them in PCO2', () => {
    const cues = [0, 2, 3, 7].map((hotCue) => ({
      kind: 'main' as const,
      name: `Pad ${hotCue}`,
      positionMs: 1000 * (hotCue + 1),
      hotCue,
      color: '#ffffff',
    }));
    const { dat, ext } = writeAnlzFiles({
      filePath,
      analysis: makeAnalysis({ cues }),
      waveformDetail: makeWaveformDetail(1),
    });
    const hotList = (bytes: Uint8Array, tag: string) =>
      sections(bytes)
        .filter((s) => fourcc(s) === tag && s.body.type === 1)
        .flatMap((s) => s.body.cues.map((c: Section) => c.hotCue));
    expect(hotList(dat, 'PCOB')).toEqual([1, 3]);
    expect(hotList(ext, 'PCOB')).toEqual([4, 8]);
    expect(hotList(ext, 'PCO2')).toEqual([1, 3, 4, 8]);
  });

  it('starts the grid at the first beat in the audio, the downbeat still beat 1', () => {
    const beats = gridBeats(
      makeAnalysis({ bpm: 120, firstDownbeatMs: 1250, beatCount: 8, durationMs: 10_000 }),
    );
    expect(beats.slice(0, 4)).toEqual([
      { beatNumber: 3, timeMs: 250 },
      { beatNumber: 4, timeMs: 750 },
      { beatNumber: 1, timeMs: 1250 },
      { beatNumber: 2, timeMs: 1750 },
    ]);
  });

  it('reads back any grid and cue names (property)', () => {
    const cue = fc.record({
      name: fc.string({ unit: 'grapheme', maxLength: 30 }),
      positionMs: fc.integer({ min: 0, max: 600_000 }),
      hotCue: fc.option(fc.integer({ min: 0, max: 7 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(
        fc.double({ min: 60, max: 200, noNaN: true }),
        fc.integer({ min: 0, max: 5000 }),
        fc.array(cue, { maxLength: 8 }),
        (bpm, firstDownbeatMs, cues) => {
          const analysis = makeAnalysis({
            bpm,
            firstDownbeatMs,
            beatCount: 100,
            durationMs: 600_000,
            cues: cues.map((c) => ({ ...c, kind: 'main', color: '#102030' })),
          });
          const { dat, ext } = writeAnlzFiles({ filePath, analysis, waveformDetail: makeWaveformDetail(1) });
          const grid = sections(dat).find((s) => fourcc(s) === 'PQTZ');
          expect(grid.body.beats.every((b: Section) => b.tempo === Math.round(bpm * 100))).toBe(true);
          const names = sections(ext)
            .filter((s) => fourcc(s) === 'PCO2')
            .flatMap((s) => s.body.cues.map((c: Section) => c.comment.replace(/\0$/, '')));
          expect(names.sort()).toEqual(cues.map((c) => c.name).sort());
        },
      ),
      { numRuns: 60 },
    );
  });
});
