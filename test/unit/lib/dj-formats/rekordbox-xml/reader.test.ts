/** rekordbox XML reads what it writes: every track's fields, grid and cues, and the crate's playlist. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TrackAnalysis } from '../../../../../lib/contract/track-analysis.ts';
import { artistsLine, trackDisplayTitle } from '../../../../../lib/contract/track-display.ts';
import { pathOfLocation, readRekordboxXml } from '../../../../../lib/dj-formats/rekordbox-xml/reader.ts';
import { fileLocation, rekordboxXml } from '../../../../../lib/dj-formats/rekordbox-xml/writer.ts';
import { tonality } from '../../../../../lib/dj-formats/saved-file.ts';
import { absolutePath, nameText, savedEntryArbitrary } from '../../../../helpers/crate-files.ts';
import { propertyRuns } from '../../../../helpers/property-runs.ts';

const runs = { numRuns: propertyRuns(1000), seed: 46 };

const analysis: fc.Arbitrary<TrackAnalysis> = fc.record({
  version: fc.constant(1),
  bpm: fc.integer({ min: 6000, max: 20000 }).map((centi) => centi / 100),
  firstDownbeatMs: fc.integer({ min: 0, max: 5000 }),
  beatsPerBar: fc.constant(4),
  beatCount: fc.constant(100),
  durationMs: fc.constant(400_000),
  cues: fc.array(
    fc.record({
      kind: fc.constant('intro' as const),
      name: nameText(),
      positionMs: fc.integer({ min: 0, max: 400_000 }),
      hotCue: fc.option(fc.nat(7), { nil: undefined }),
      color: fc.constantFrom('#e62828', '#28e214', '#0055ff'),
    }),
    { maxLength: 4 },
  ),
  waveformOverview: fc.constant(''),
});

describe('rekordbox XML', () => {
  it('gives back a Location as the path it was written from', () => {
    fc.assert(
      fc.property(absolutePath, (path) => {
        expect(pathOfLocation(fileLocation(path))).toBe(path.replaceAll('\\', '/'));
      }),
      runs,
    );
  });

  it('reads back every track, its tempo and cues, and the playlist of the crate it wrote', () => {
    const saved = fc.array(
      fc
        .tuple(savedEntryArbitrary, fc.option(analysis, { nil: undefined }))
        .map(([entry, analysed]) => (analysed ? { ...entry, analysis: analysed } : entry)),
      { maxLength: 6 },
    );
    fc.assert(
      fc.property(nameText(), saved, (crateName, files) => {
        const read = readRekordboxXml(
          rekordboxXml(crateName, files, { version: '1.2.3', store: 'shop.example' }),
        );
        expect(read.product).toEqual({ Name: 'Crate', Version: '1.2.3', Company: 'Crate' });
        expect(read.playlists).toEqual([
          { name: crateName, keyType: '0', keys: files.map((_, index) => String(index + 1)) },
        ]);
        expect(read.tracks).toHaveLength(files.length);
        read.tracks.forEach(({ attributes, tempos, marks }, index) => {
          const { entry, location, release, analysis: analysed } = files[index] as (typeof files)[number];
          const { track } = entry;
          expect(attributes).toMatchObject({
            TrackID: String(index + 1),
            Name: trackDisplayTitle(track),
            Artist: artistsLine(track),
            Album: track.release.name,
            Mix: track.mixName,
            Remixer: track.remixers.map((remixer) => remixer.name).join(', '),
            Label: track.label.name,
            Genre: track.genre.name,
            AverageBpm: (analysed?.bpm ?? track.bpm).toFixed(2),
            Tonality: tonality(track.key),
            ...(release ? { TrackNumber: String(release.trackNumber) } : {}),
          });
          expect(pathOfLocation(attributes.Location ?? '')).toBe(location.replaceAll('\\', '/'));
          expect(tempos.map((tempo) => Number(tempo.Bpm))).toEqual(analysed ? [analysed.bpm] : []);
          expect(
            marks.map((mark) => [mark.Name, Math.round(Number(mark.Start) * 1000), Number(mark.Num)]),
          ).toEqual((analysed?.cues ?? []).map((cue) => [cue.name, cue.positionMs, cue.hotCue ?? -1]));
        });
      }),
      { ...runs, numRuns: propertyRuns(500) },
    );
  });
});
