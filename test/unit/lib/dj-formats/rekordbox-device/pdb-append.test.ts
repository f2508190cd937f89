import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addToExportPdb } from '../../../../../lib/dj-formats/rekordbox-device/pdb-append.ts';
import { readExportPdb } from '../../../../../lib/dj-formats/rekordbox-device/pdb-reader.ts';
import { writeExportPdb } from '../../../../../lib/dj-formats/rekordbox-device/pdb-writer.ts';
import { propertyRuns } from '../../../../helpers/property-runs.ts';
import { kaitaiRowsByKey, makeStickTrack } from '../../../../helpers/usb-stick.ts';

const name = fc.string({ unit: 'grapheme', maxLength: 20 });

describe('addToExportPdb', () => {
  it('gives the library written plus the tracks and playlist added, every old page kept (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(name, name, name), { maxLength: 40 }),
        fc.array(fc.tuple(name, name, name), { minLength: 1, maxLength: 40 }),
        name,
        (before, added, playlistName) => {
          const track = (id: number, [title, artist, genre]: [string, string, string]) =>
            makeStickTrack(id, { title, artist, genre, album: artist === '' ? '' : `${artist} LP` });
          const old = before.map((names, i) => track(i + 1, names));
          const library = {
            tracks: old,
            playlists: [
              {
                id: 1,
                name: 'Old',
                parentId: 0,
                isFolder: false,
                sortOrder: 0,
                trackIds: old.length > 0 ? [1] : [],
              },
            ],
          };
          const file = writeExportPdb(library, '2026-01-01');
          const tracks = added.map((names, i) => track(old.length + i + 1, names));
          const trackIds = [...tracks.map((t) => t.id), ...old.slice(0, 2).map((t) => t.id)];
          const result = addToExportPdb(file, { tracks, playlistName, trackIds }, '2026-01-01');
          // Every data page as it was but for its link to the next page; index pages list more.
          for (let page = 1; page * 4096 < file.length; page++) {
            if (((file[page * 4096 + 27] ?? 0) & 0x40) !== 0) continue;
            const unlinked = (bytes: Uint8Array) => {
              const copy = bytes.slice(page * 4096, (page + 1) * 4096);
              copy.fill(0, 12, 16);
              return copy;
            };
            expect(unlinked(result)).toEqual(unlinked(file));
          }
          const read = readExportPdb(result);
          expect(read.tracks).toEqual([...old, ...tracks]);
          const playlist = read.playlists.find((p) => p.id === 2);
          expect(playlist?.name === playlistName && playlist.trackIds).toEqual(
            playlistName === 'Old' ? undefined : trackIds,
          );
          expect(kaitaiRowsByKey(result).rows.size).toBeGreaterThan(0);
        },
      ),
      { numRuns: propertyRuns(50) },
    );
  });
});
