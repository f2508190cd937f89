import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readExportPdb } from '../../../../../lib/dj-formats/rekordbox-device/pdb-reader.ts';
import { writeExportPdb } from '../../../../../lib/dj-formats/rekordbox-device/pdb-writer.ts';
import type { StickLibrary } from '../../../../../lib/dj-formats/rekordbox-device/stick-library.ts';
import { makeStickTrack } from '../../../../helpers/usb-stick.ts';

describe('readExportPdb', () => {
  it('reads back the library it was written from, tracks and playlists', () => {
    const tracks = Array.from({ length: 1100 }, (_, i) =>
      makeStickTrack(i + 1, {
        colorId: i % 9,
        fileType: i % 2 ? 'wav' : 'mp3',
        artworkPath: i % 3 ? '' : `/PIONEER/Artwork/00000/a${i + 1}.jpg`,
      }),
    );
    const input: StickLibrary = {
      tracks,
      playlists: [
        { id: 1, name: 'Friday', parentId: 0, isFolder: false, sortOrder: 0, trackIds: [3, 1, 2] },
        {
          id: 2,
          name: 'Everything',
          parentId: 0,
          isFolder: false,
          sortOrder: 1,
          trackIds: tracks.map((t) => t.id),
        },
      ],
    };
    expect(readExportPdb(writeExportPdb(input, '2026-11-27'))).toEqual(input);
  });

  it('round-trips any names (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'grapheme', maxLength: 40 }), { minLength: 1, maxLength: 30 }),
        (names) => {
          const tracks = names.map((name, i) =>
            makeStickTrack(i + 1, { title: name, artist: name, label: name, key: name }),
          );
          const input = {
            tracks,
            playlists: [
              { id: 7, name: names[0] ?? '', parentId: 0, isFolder: false, sortOrder: 0, trackIds: [1] },
            ],
          };
          expect(readExportPdb(writeExportPdb(input, '2026-11-27'))).toEqual(input);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('refuses a file that is not a DeviceSQL database', () => {
    expect(() => readExportPdb(new TextEncoder().encode('not a database'))).toThrow(
      /Not a rekordbox export.pdb/,
    );
    const garbage = new Uint8Array(8192).fill(0xff);
    expect(() => readExportPdb(garbage)).toThrow();
  });
});
