/** M3U8 reads what it writes: each entry's seconds, "Artist - Title (Mix)" and path. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readM3u, readPlaylist } from '../../../../../lib/dj-formats/m3u8/reader.ts';
import { m3u8 } from '../../../../../lib/dj-formats/m3u8/writer.ts';
import { entryArtistsAndTitle, seconds } from '../../../../../lib/dj-formats/saved-file.ts';
import { savedEntryArbitrary } from '../../../../helpers/crate-files.ts';
import { propertyRuns } from '../../../../helpers/property-runs.ts';

describe('M3U8', () => {
  it('reads back the seconds, the title and the path of every entry it wrote', () => {
    fc.assert(
      fc.property(fc.array(savedEntryArbitrary, { maxLength: 8 }), (saved) => {
        expect(readM3u(m3u8(saved))).toEqual(
          saved.map(({ entry, path }) => ({
            seconds: seconds(entry),
            // A line break would start a new line: the writer makes it a space; a line's end space is not kept.
            title: entryArtistsAndTitle(entry)
              .replace(/[\r\n]+/g, ' ')
              .trimEnd(),
            path,
          })),
        );
      }),
      { numRuns: propertyRuns(1000), seed: 46 },
    );
  });

  it('names a plain entry by its file, and skips one it cannot name', () => {
    expect(readPlaylist('#EXTM3U\nMusic/A - B.mp3\n#EXTINF:12,C - D\nx.mp3\nnoname.mp3\n')).toEqual([
      { track: expect.objectContaining({ artists: 'A', title: 'B', location: 'Music/A - B.mp3' }) },
      { track: expect.objectContaining({ artists: 'C', title: 'D', location: 'x.mp3' }) },
      { skipped: 'unnamedEntry' },
    ]);
  });
});
