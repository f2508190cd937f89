/**
 * Serato's analysis objects read what they write: BeatGrid, Markers2 (hot cues with colours and
 * names) and Overview, each encoded then decoded, and the store's objects read back from the ID3
 * tag they are carried in (GEOB).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TrackAnalysis } from '../../../../../lib/contract/track-analysis.ts';
import { encapsulatedObjects } from '../../../../../lib/dj-formats/id3/reader.ts';
import { type AudioTags, id3v23 } from '../../../../../lib/dj-formats/id3/writer.ts';
import {
  type BeatGrid,
  bpmLockEntry,
  colorEntry,
  cueEntry,
  cueOf,
  decodeBeatGrid,
  decodeMarkers2,
  decodeOverview,
  encodeBeatGrid,
  encodeMarkers2,
  encodeOverview,
  overviewColumns,
  type SeratoCue,
  seratoMp3OffsetMs,
  seratoObjectOfVorbisComment,
  seratoObjects,
  seratoVorbisComment,
} from '../../../../../lib/dj-formats/serato/frames.ts';
import { propertyRuns } from '../../../../helpers/property-runs.ts';

const runs = { numRuns: propertyRuns(1000), seed: 46 };

const float32 = fc.float({ noNaN: true, noDefaultInfinity: true, min: 0, max: 3600 });
const color = fc
  .tuple(fc.nat(255), fc.nat(255), fc.nat(255))
  .map((rgb) => `#${rgb.map((byte) => byte.toString(16).padStart(2, '0')).join('')}`);
/** A cue's name: any text but NUL, which ends it. */
const cueName = fc.string({ unit: 'grapheme', maxLength: 40 }).map((name) => name.replaceAll('\0', ''));
const cue: fc.Arbitrary<SeratoCue> = fc.record({
  index: fc.nat(7),
  positionMs: fc.nat(0xffff_ffff),
  color,
  name: cueName,
});

describe('Serato BeatGrid', () => {
  it('reads the markers, the terminal marker and the footer it wrote', () => {
    const grid: fc.Arbitrary<BeatGrid> = fc.record({
      markers: fc.array(fc.record({ positionS: float32, beats: fc.nat(0xffff_ffff) }), { maxLength: 8 }),
      terminal: fc.record({ positionS: float32, bpm: fc.float({ noNaN: true, min: 1, max: 300 }) }),
      footer: fc.nat(255),
    });
    fc.assert(
      fc.property(grid, (written) => {
        expect(decodeBeatGrid(encodeBeatGrid(written))).toEqual(written);
      }),
      runs,
    );
  });
});

describe('Serato Markers2', () => {
  it('reads the hot cues with their colours and names, the track colour and the grid lock it wrote', () => {
    fc.assert(
      fc.property(fc.array(cue, { maxLength: 8 }), color, fc.boolean(), (cues, trackColor, locked) => {
        const entries = [colorEntry(trackColor), ...cues.map(cueEntry), bpmLockEntry(locked)];
        const read = decodeMarkers2(encodeMarkers2(entries));
        expect(read.map((entry) => entry.type)).toEqual(entries.map((entry) => entry.type));
        expect(read.map((entry) => [...entry.body])).toEqual(entries.map((entry) => [...entry.body]));
        expect(read.flatMap((entry) => cueOf(entry) ?? [])).toEqual(cues);
      }),
      runs,
    );
  });

  it('is at least 470 bytes, base64 in lines of 72 without padding, as Serato writes it', () => {
    const bytes = encodeMarkers2([colorEntry('#ffffff'), bpmLockEntry(true)]);
    expect(bytes.length).toBe(470);
    const text = new TextDecoder('latin1').decode(bytes.subarray(2, bytes.indexOf(0, 2)));
    expect(text).not.toContain('=');
    expect(text.split('\n').every((line) => line.length <= 72)).toBe(true);
  });
});

describe('Serato Overview', () => {
  it('reads the columns of levels it wrote', () => {
    const column = fc.uint8Array({ minLength: 16, maxLength: 16 });
    fc.assert(
      fc.property(fc.array(column, { minLength: overviewColumns, maxLength: overviewColumns }), (columns) => {
        expect(decodeOverview(encodeOverview(columns))).toEqual(columns);
      }),
      { ...runs, numRuns: propertyRuns(200) },
    );
  });
});

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
  genre: 'Techno',
  isrc: 'GB0A12600001',
};

describe("the store's Serato objects in an ID3 tag", () => {
  it('give back the analysis: the grid from the first downbeat at the tempo, each hot cue, the overview', () => {
    const analysis = fc.record({
      bpm: fc.double({ noNaN: true, min: 60, max: 200 }),
      firstDownbeatMs: fc.double({ noNaN: true, min: 0, max: 2000 }),
      durationMs: fc.double({ noNaN: true, min: 60_000, max: 600_000 }),
      hotCues: fc.array(
        fc.record({ name: cueName, positionMs: fc.double({ noNaN: true, min: 0, max: 60_000 }), color }),
        { maxLength: 8 },
      ),
      overview: fc.uint8Array({ minLength: 1200, maxLength: 1200 }),
      format: fc.constantFrom('mp3' as const, 'aiff' as const),
    });
    fc.assert(
      fc.property(analysis, ({ bpm, firstDownbeatMs, durationMs, hotCues, overview, format }) => {
        const written: TrackAnalysis = {
          version: 1,
          bpm,
          firstDownbeatMs,
          beatsPerBar: 4,
          beatCount: 0,
          durationMs,
          cues: hotCues.map((hot, hotCue) => ({ kind: 'intro', ...hot, hotCue })),
          waveformOverview: btoa(String.fromCharCode(...overview)),
        };
        const offset = format === 'mp3' ? seratoMp3OffsetMs : 0;
        const objects = encapsulatedObjects(id3v23(tags, seratoObjects(written, format)));
        const object = (description: string) => {
          const found = objects.find((o) => o.description === description);
          expect(found?.mimeType).toBe('application/octet-stream');
          return found?.data ?? new Uint8Array();
        };
        const grid = decodeBeatGrid(object('Serato BeatGrid'));
        expect(grid.markers[0]?.positionS).toBe(Math.fround((firstDownbeatMs + offset) / 1000));
        expect(grid.terminal.bpm).toBe(Math.fround(bpm));
        const cues = decodeMarkers2(object('Serato Markers2')).flatMap((entry) => cueOf(entry) ?? []);
        expect(cues).toEqual(
          hotCues.map((hot, index) => ({ ...hot, index, positionMs: Math.round(hot.positionMs + offset) })),
        );
        const columns = decodeOverview(object('Serato Overview'));
        expect(columns).toHaveLength(overviewColumns);
        // The low band's bins, from the source column the Serato column starts in (at least 1).
        expect(columns[0]?.[0]).toBe(Math.max(1, overview[0] as number));
      }),
      { ...runs, numRuns: propertyRuns(300) },
    );
  });
});

/** Objects Serato DJ wrote (test/fixtures/serato-frames/, from Holzhaus/serato-tags, MIT). */
const sample = (folder: string, object: string) =>
  new Uint8Array(
    readFileSync(
      join(
        import.meta.dirname,
        '../../../../fixtures/serato-frames',
        folder,
        `Serato ${object}.octet-stream`,
      ),
    ),
  );
const samples = ['analyzed', 'flips', 'hotcue-colors', 'hotcues-with-names', 'saved-loops'];

describe("Serato's own objects", () => {
  it.each(samples)('%s: BeatGrid and Overview are written again byte for byte', (folder) => {
    const grid = sample(folder, 'BeatGrid');
    expect(encodeBeatGrid(decodeBeatGrid(grid))).toEqual(grid);
    expect(decodeBeatGrid(grid).terminal.bpm).toBe(115);
    const overview = sample(folder, 'Overview');
    expect(decodeOverview(overview)).toHaveLength(overviewColumns);
    expect(encodeOverview(decodeOverview(overview))).toEqual(overview);
  });

  it('reads the hot cues with their names, positions and colours', () => {
    const cues = decodeMarkers2(sample('hotcues-with-names', 'Markers2')).flatMap(
      (entry) => cueOf(entry) ?? [],
    );
    expect(cues).toEqual([
      { index: 0, positionMs: 0, color: '#cc0000', name: 'Hello, World!' },
      { index: 1, positionMs: 218_456, color: '#cc8800', name: 'äöüß' },
      { index: 2, positionMs: 60_004, color: '#0000cc', name: 'éèê' },
    ]);
    const colours = decodeMarkers2(sample('hotcue-colors', 'Markers2')).flatMap(
      (entry) => cueOf(entry)?.color ?? [],
    );
    expect(colours).toEqual([
      '#cc0000',
      '#cc8800',
      '#0000cc',
      '#cccc00',
      '#00cc00',
      '#cc00cc',
      '#00cccc',
      '#8800cc',
    ]);
  });

  // Serato sizes the object itself (a 2,006-byte one holds 1,919 bytes of entries) and may drop the
  // base64's last character, so its bytes are not ours to repeat: what it holds is.
  it.each(samples)(
    '%s: Markers2 is written again with every entry as it was, loops and flips carried through',
    (folder) => {
      const entries = decodeMarkers2(sample(folder, 'Markers2'));
      const again = decodeMarkers2(encodeMarkers2(entries));
      expect(again.map(({ type, body }) => [type, [...body]])).toEqual(
        entries.map(({ type, body }) => [type, [...body]]),
      );
      expect(entries.at(0)?.type).toBe('COLOR');
    },
  );

  it('writes byte for byte the Markers2 Serato sized at its minimum', () => {
    for (const folder of ['analyzed', 'hotcue-colors', 'hotcues-with-names']) {
      const bytes = sample(folder, 'Markers2');
      expect(encodeMarkers2(decodeMarkers2(bytes)), folder).toEqual(bytes);
    }
  });
});

describe('Serato objects in a FLAC file', () => {
  it('reads back each object from the Vorbis comment it wrote, base64 in lines of 72 without padding', () => {
    const object = fc.record({
      description: fc.constantFrom(
        'Serato Analysis',
        'Serato BeatGrid',
        'Serato Markers2',
        'Serato Overview',
      ),
      data: fc.uint8Array({ maxLength: 4000 }),
    });
    fc.assert(
      fc.property(object, (written) => {
        const comment = seratoVorbisComment(written);
        // The BeatGrid's one character past its base64 may make its last line 73 long.
        expect(comment?.value).not.toMatch(
          written.description === 'Serato BeatGrid' ? /=|[^\n]{74}/ : /=|[^\n]{73}/,
        );
        expect(seratoObjectOfVorbisComment(comment?.name ?? '', comment?.value ?? '')).toEqual(written);
      }),
      runs,
    );
  });

  it("names the objects by Serato's comments, and has none for an object FLAC does not keep", () => {
    const data = Uint8Array.of(1, 0);
    expect(seratoVorbisComment({ description: 'Serato Markers2', data })?.name).toBe('SERATO_MARKERS_V2');
    expect(seratoVorbisComment({ description: 'Serato Offsets_', data })).toBeNull();
    expect(seratoObjectOfVorbisComment('TITLE', 'x')).toBeNull();
  });
});

describe("Serato's own objects in a FLAC file's comments", () => {
  const comment = (object: string) =>
    readFileSync(
      join(
        import.meta.dirname,
        '../../../../fixtures/serato-frames/flac-hotcues-and-loops',
        `Serato ${object}.octet-stream`,
      ),
      'latin1',
    );
  const read = (name: string, object: string) => {
    const found = seratoObjectOfVorbisComment(name, comment(object));
    expect(found?.description).toBe(`Serato ${object}`);
    return found?.data ?? new Uint8Array();
  };

  it('reads the grid, the hot cues with their names, the loops and the overview', () => {
    const grid = read('SERATO_BEATGRID', 'BeatGrid');
    expect(decodeBeatGrid(grid).terminal.bpm).toBe(115);
    expect(encodeBeatGrid(decodeBeatGrid(grid))).toEqual(grid);
    const entries = decodeMarkers2(read('SERATO_MARKERS_V2', 'Markers2'));
    expect(entries.map((entry) => entry.type)).toEqual([
      'COLOR',
      ...Array(5).fill('CUE'),
      ...Array(3).fill('LOOP'),
      'BPMLOCK',
    ]);
    expect(entries.flatMap((entry) => cueOf(entry) ?? []).map(({ index, name }) => [index, name])).toEqual([
      [0, 'Start of Track'],
      [1, ''],
      [3, ''],
      [5, ''],
      [7, 'End of Track'],
    ]);
    expect(decodeOverview(read('SERATO_OVERVIEW', 'Overview'))).toHaveLength(overviewColumns);
  });

  // Serato's base64 sometimes ends in a character past the last whole byte (bits it read beyond
  // the data): the reader passes it by, so the comment is written again byte for byte only where
  // Serato left none.
  it('ends the BeatGrid comment with one character past its base64, as Serato does and Mixxx expects', () => {
    const data = read('SERATO_BEATGRID', 'BeatGrid');
    const written = seratoVorbisComment({ description: 'Serato BeatGrid', data })?.value ?? '';
    // Serato's own comment, but for the extra character, which Serato picks and Mixxx writes as 'A'.
    expect(written.slice(0, -1)).toBe(comment('BeatGrid').slice(0, -1));
    expect(written.at(-1)).toBe('A');
  });

  it('writes the Overview comment again byte for byte', () => {
    const data = read('SERATO_OVERVIEW', 'Overview');
    expect(seratoVorbisComment({ description: 'Serato Overview', data })?.value).toBe(comment('Overview'));
  });
});
