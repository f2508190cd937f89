import { describe, expect, it } from 'vitest';
import {
  arrange,
  beatFramesFor,
  mp3FrameSamples,
  unitBars,
  unitFramesFor,
} from '../../../../server/audio/arrangement.ts';

describe('a track’s arrangement', () => {
  it('keeps the catalog’s tempo to a tenth of a BPM, with 8 bars a whole number of MP3 frames', () => {
    for (const bpm of [100, 118, 124, 128, 140, 174]) {
      const beat = beatFramesFor(bpm);
      expect(Math.abs((60 * 44_100) / beat - bpm)).toBeLessThan(0.11 * (bpm / 128) ** 2);
      expect((unitBars * 4 * beat) % mp3FrameSamples).toBe(0);
    }
  });

  it('repeats a section’s MP3 frames after the fewest whole frames that hold whole bars', () => {
    // A beat of 36·j samples: 8 bars are j frames, fewer where j is even.
    const unitFrames = (beat: number) => unitFramesFor(4 * beat);
    expect(unitFrames(36 * 583)).toBe(583); // 126 BPM: 8 bars
    expect(unitFrames(36 * 574)).toBe(287); // 128 BPM: 4 bars
    expect(unitFrames(36 * 4 * 147)).toBe(147); // 2 bars
    expect(unitFrames(36 * 8 * 73)).toBe(73); // 1 bar
    for (const bpm of [100, 118, 124, 128, 140, 174]) {
      const barFrames = 4 * beatFramesFor(bpm);
      const frames = unitFramesFor(barFrames);
      expect((frames * mp3FrameSamples) % barFrames).toBe(0);
      expect(frames * mp3FrameSamples).toBeLessThanOrEqual(unitBars * barFrames);
    }
  });

  it('plays intro, main, breakdown, drop and outro in phrases of 16 bars after a lead-in', () => {
    const { leadInFrames, barFrames, totalFrames, sections } = arrange({
      id: 7,
      bpm: 128,
      lengthMs: 400_000,
    });
    expect(leadInFrames / 44_100).toBeGreaterThan(0.18);
    expect(leadInFrames / 44_100).toBeLessThan(0.65);
    expect(leadInFrames % mp3FrameSamples).toBe(0);
    expect(sections.map((section) => section.kind)).toEqual(['intro', 'main', 'breakdown', 'drop', 'outro']);
    expect(sections.map((section) => section.variant)).toEqual([
      'intro',
      'main',
      'breakdown',
      'main',
      'outro',
    ]);
    expect(sections[0]?.start).toBe(leadInFrames);
    for (const [index, section] of sections.entries()) {
      const next = sections[index + 1];
      if (next) {
        expect(next.start).toBe(section.start + section.frames);
        expect((section.frames / barFrames) % 16).toBe(0);
      } else expect(section.start + section.frames).toBe(totalFrames);
    }
    expect(totalFrames).toBe(400 * 44_100);
  });

  it('gives each track its own lead-in, the same every time', () => {
    const leadIns = new Set(
      [1, 2, 3, 4, 5, 6].map((id) => arrange({ id, bpm: 124, lengthMs: 300_000 }).leadInFrames),
    );
    expect(leadIns.size).toBeGreaterThan(2);
    expect(arrange({ id: 3, bpm: 124, lengthMs: 300_000 })).toEqual(
      arrange({ id: 3, bpm: 124, lengthMs: 300_000 }),
    );
  });

  it('plays a short file as one groove, and a long one with two-phrase intro and outro', () => {
    expect(arrange({ id: 1, bpm: 124, lengthMs: 6000 }).sections.map((s) => s.kind)).toEqual(['main']);
    const long = arrange({ id: 1, bpm: 124, lengthMs: 540_000 });
    const barFrames = long.barFrames;
    // 9 minutes at 124 BPM: 18 phrases, the last one cut by the file's end.
    expect(long.sections.map((s) => [s.kind, Math.ceil(s.frames / barFrames / 16)])).toEqual([
      ['intro', 2],
      ['main', 6],
      ['breakdown', 2],
      ['drop', 6],
      ['outro', 2],
    ]);
  });
});
