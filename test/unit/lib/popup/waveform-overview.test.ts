import { describe, expect, it } from 'vitest';
import { cueLine, overviewHeight, overviewPaths } from '../../../../lib/popup/waveform-overview.ts';

/** An overview of 400 columns where each band's level is given per column. */
const overview = (level: (column: number, band: number) => number) =>
  Buffer.from(Uint8Array.from({ length: 1200 }, (_, i) => level(Math.floor(i / 3), i % 3))).toString(
    'base64',
  );

const strokes = (path: string) =>
  [...path.matchAll(/M([\d.]+) ([\d.]+)V([\d.]+)/g)].map((m) => m.slice(1).map(Number));

describe('overviewPaths', () => {
  it('draws each band mirrored around the middle, a full level over the whole height', () => {
    const paths = overviewPaths(
      overview((_, band) => [255, 0, 0][band] as number),
      100,
    );
    expect(strokes(paths.low)).toHaveLength(100);
    expect(strokes(paths.low)[0]).toEqual([0.5, 0, overviewHeight]);
    expect(paths.mid).toBe('');
    expect(paths.high).toBe('');
  });

  it('keeps the loudest of the columns it joins, so a short hit still shows', () => {
    const paths = overviewPaths(
      overview((column, band) => (column === 7 && band === 2 ? 255 : 0)),
      100,
    );
    expect(strokes(paths.high)).toEqual([[1.5, 0, overviewHeight]]);
  });

  it('draws a half level half as tall, and nothing for silence', () => {
    const paths = overviewPaths(
      overview((column, band) => (band === 1 && column < 200 ? 128 : 0)),
      4,
    );
    expect(
      strokes(paths.mid).map(([x, top, bottom]) => [
        x,
        Math.round(((bottom as number) - (top as number)) * 10) / 10,
      ]),
    ).toEqual([
      [0.5, 8],
      [1.5, 8],
    ]);
  });
});

describe('cueLine', () => {
  it('names each cue with its position', () => {
    const cue = { kind: 'intro', color: '#00ff00' } as const;
    expect(
      cueLine([
        { ...cue, name: 'Intro', positionMs: 412 },
        { ...cue, kind: 'drop', name: 'Drop', positionMs: 125_300, hotCue: 3 },
      ]),
    ).toBe('Intro 0:00 · Drop 2:05');
  });
});
