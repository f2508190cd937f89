/** Which of a cart's tracks a crate export puts in the file, and how the rest is named. */
import { describe, expect, it } from 'vitest';
import type { AudioFormat, LibraryEntry } from '../../../../../lib/contract/wire.ts';
import { cartTracks, chooseFiles } from '../../../../../lib/popup/crates/crate-tracks.ts';
import { cartItem, libraryEntry } from '../../../../helpers/popup-fixtures.ts';

/** A library entry of track `trackId` (on release `releaseId`) in `format`, entry id `id`. */
function owned(id: number, trackId: number, format: AudioFormat, releaseId = 500 + trackId): LibraryEntry {
  const entry = libraryEntry(trackId, 'downloaded');
  return {
    ...entry,
    id,
    audioFormat: format,
    track: { ...entry.track, release: { ...entry.track.release, id: releaseId } },
  };
}

describe('a cart as a crate', () => {
  it("takes each track item and each release's tracks in order, once, owned ones with the cart's format first", () => {
    const library = [
      owned(11, 1, 'mp3'),
      owned(12, 1, 'wav'),
      owned(13, 2, 'aiff'),
      owned(21, 21, 'mp3', 7),
      owned(23, 23, 'mp3', 7),
    ];
    const { owned: tracks, notBought } = cartTracks(
      [
        cartItem(1, { format: 'wav' }),
        cartItem(2, { format: 'mp3' }),
        cartItem(3),
        cartItem(7, { type: 'release', format: 'mp3' }),
        // The same track again (on its own and in a release) is one track of the crate.
        cartItem(1, { format: 'aiff' }),
        cartItem(8, { type: 'release' }),
        cartItem(9, { type: 'release' }),
      ],
      library,
      new Map([
        [7, [21, 22, 23, 1]],
        [8, [31, 32]],
      ]),
    );
    expect(tracks.map(({ trackId, entries }) => [trackId, entries.map((entry) => entry.id)])).toEqual([
      [1, [12, 11]],
      [2, [13]],
      [21, [21]],
      [23, [23]],
    ]);
    expect(notBought).toEqual([
      { key: 'track:3', title: 'Artist 3 - Track 3 (Original Mix)', reason: 'not bought yet' },
      { key: 'release:7', title: 'Artist 7 - Release 7', reason: '1 of its 4 tracks not bought yet' },
      { key: 'release:8', title: 'Artist 8 - Release 8', reason: 'not bought yet' },
      // Not in the catalog's answer, nothing of it in the library.
      { key: 'release:9', title: 'Artist 9 - Release 9', reason: 'not bought yet' },
    ]);
  });

  it('counts the owned tracks of a release the catalog did not list', () => {
    const { owned: tracks, notBought } = cartTracks(
      [cartItem(7, { type: 'release', format: 'wav' })],
      [owned(21, 21, 'wav', 7), owned(22, 22, 'mp3', 7), owned(30, 30, 'wav')],
      new Map(),
    );
    expect(tracks.map((track) => track.trackId)).toEqual([21, 22]);
    expect(notBought).toEqual([]);
  });

  it("exports each track's first file on disk, and lists owned tracks with none as not downloaded", () => {
    const first = owned(11, 1, 'wav');
    const second = owned(12, 1, 'mp3');
    const other = owned(13, 2, 'aiff');
    const { saved, notDownloaded } = chooseFiles(
      [
        { trackId: 1, entries: [first, second] },
        { trackId: 2, entries: [other] },
      ],
      new Map([
        [11, { path: 'a.wav', location: null }],
        [12, { path: 'a.mp3', location: '/dl/a.mp3' }],
        [13, { path: 'b.aiff', location: null }],
      ]),
    );
    expect(saved).toEqual([{ entry: second, path: 'a.mp3', location: '/dl/a.mp3' }]);
    expect(notDownloaded).toEqual([
      { key: 'entry:13', title: 'Artist 2 - Song 2 (Original Mix)', reason: 'not downloaded yet' },
    ]);
  });
});
