/** Traktor NML reads what it writes: every entry's names and file, and the crate's playlist keys. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { artistsLine, trackDisplayTitle } from '../../../../../lib/contract/track-display.ts';
import { readTraktorNml } from '../../../../../lib/dj-formats/traktor-nml/reader.ts';
import { traktorKey, traktorNml } from '../../../../../lib/dj-formats/traktor-nml/writer.ts';
import { volumePath } from '../../../../../lib/dj-formats/volume-path.ts';
import { nameText, savedEntryArbitrary } from '../../../../helpers/crate-files.ts';
import { propertyRuns } from '../../../../helpers/property-runs.ts';

describe('Traktor NML', () => {
  it('reads back every entry, its file and the playlist of the crate it wrote', () => {
    fc.assert(
      fc.property(nameText(), fc.array(savedEntryArbitrary, { maxLength: 6 }), (crateName, saved) => {
        const options = {
          os: 'win' as const,
          now: new Date('2026-03-14T12:00:00Z'),
          uuid: 'a'.repeat(32),
          store: 'shop.example',
        };
        const nml = readTraktorNml(traktorNml(crateName, saved, options));
        expect(nml.version).toBe('19');
        expect(nml.playlistNode).toEqual({ TYPE: 'PLAYLIST', NAME: crateName });
        expect(nml.playlistKeys.map((key) => key.KEY)).toEqual(
          saved.map(({ location }) => traktorKey(volumePath(location, 'win'))),
        );
        expect(
          nml.entries.map(({ entry, key, album, info }) => [
            entry.TITLE,
            entry.ARTIST,
            key,
            album.TITLE,
            info.LABEL,
            info.MIX,
          ]),
        ).toEqual(
          saved.map(({ entry, location }) => [
            trackDisplayTitle(entry.track),
            artistsLine(entry.track),
            traktorKey(volumePath(location, 'win')),
            entry.track.release.name,
            entry.track.label.name,
            entry.track.mixName,
          ]),
        );
      }),
      { numRuns: propertyRuns(500), seed: 46 },
    );
  });
});
