import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnalysisCue } from '../../../../../lib/contract/track-analysis.ts';
import {
  anlzBeats,
  anlzCues,
  anlzPath,
  readAnlz,
} from '../../../../../lib/dj-formats/rekordbox-device/anlz-reader.ts';
import { gridBeats, writeAnlzFiles } from '../../../../../lib/dj-formats/rekordbox-device/anlz-writer.ts';
import { propertyRuns } from '../../../../helpers/property-runs.ts';
import { makeAnalysis, makeWaveformDetail, rekordboxDemoStickPath } from '../../../../helpers/usb-stick.ts';

const cue = fc.record({
  name: fc.string({ maxLength: 12 }).filter((name) => !name.includes('\u0000')),
  positionMs: fc.integer({ min: 0, max: 600_000 }),
  color: fc.integer({ min: 0, max: 0xffffff }).map((c) => `#${c.toString(16).padStart(6, '0')}`),
});

describe('readAnlz', () => {
  it('reads back what writeAnlzFiles wrote: path, grid, hot and memory cues with names and colours (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 60 }).filter((p) => !p.includes('\u0000')),
        fc.integer({ min: 6000, max: 20000 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 7 }), { maxLength: 8 }),
        fc.array(cue, { maxLength: 4 }),
        fc.array(cue, { minLength: 8, maxLength: 8 }),
        (filePath, centiBpm, hotCues, memory, hot) => {
          const cues: AnalysisCue[] = [
            ...hotCues.map((hotCue, i) => ({
              kind: 'drop' as const,
              hotCue,
              ...(hot[i] ?? { name: '', positionMs: 0, color: '#000000' }),
            })),
            ...memory.map((m) => ({ kind: 'outro' as const, ...m })),
          ];
          const analysis = makeAnalysis({ bpm: centiBpm / 100, beatCount: 64, cues });
          const { dat, ext } = writeAnlzFiles({ filePath, analysis, waveformDetail: makeWaveformDetail(1) });
          const datSections = readAnlz(dat);
          const extSections = readAnlz(ext);
          expect(anlzPath(datSections)).toBe(filePath);
          expect(anlzPath(extSections)).toBe(filePath);
          expect(anlzBeats(datSections).map((b) => [b.beatNumber, b.time])).toEqual(
            gridBeats(analysis).map((b) => [b.beatNumber, b.timeMs]),
          );
          const byHotCue = [...cues]
            .filter((c) => c.hotCue !== undefined)
            .sort((a, b) => (a.hotCue ?? 0) - (b.hotCue ?? 0));
          const named = anlzCues(extSections, 1, true);
          expect(named).toEqual(
            byHotCue.map((c) => ({
              hotCue: (c.hotCue ?? 0) + 1,
              timeMs: c.positionMs,
              name: c.name,
              color: c.color,
            })),
          );
          const plainHot = [...anlzCues(datSections, 1), ...anlzCues(extSections, 1)];
          expect(plainHot.map((c) => [c.hotCue, c.timeMs])).toEqual(named.map((c) => [c.hotCue, c.timeMs]));
          const memoryTimes = memory.map((m) => m.positionMs).sort((a, b) => a - b);
          expect(anlzCues(datSections, 0).map((c) => c.timeMs)).toEqual(memoryTimes);
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });

  it('reads every section of the analysis files rekordbox wrote', () => {
    const root = join(rekordboxDemoStickPath, 'PIONEER', 'USBANLZ');
    const files = readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(files).toHaveLength(6);
    for (const entry of files) {
      const bytes = new Uint8Array(readFileSync(join(entry.parentPath, entry.name)));
      const sections = readAnlz(bytes);
      expect(sections.reduce((sum, s) => sum + s.bytes.length, 0) + 28, entry.name).toBe(bytes.length);
      expect(anlzPath(sections)).toMatch(/^\/Contents\/Loopmasters\/UnknownAlbum\/Demo Track [12]\.mp3$/);
    }
  });

  it('refuses a file that is not an analysis file', () => {
    expect(() => readAnlz(new TextEncoder().encode('not an analysis file at all'))).toThrow(
      /Not a rekordbox/,
    );
  });
});
