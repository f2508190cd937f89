import { describe, expect, it } from 'vitest';
import type { LibraryEntry } from '../../../../../lib/contract/wire.ts';
import {
  entryMatches,
  filtersByHere,
  type LibraryView,
  narrowedOnlyByHere,
  queryOf,
  searchesAllPages,
  selectEntries,
  storeStatus,
  waitsForHere,
} from '../../../../../lib/popup/library/library-filter.ts';
import { allTracks } from '../../../../../lib/popup/track-facts.ts';
import { libraryEntry } from '../../../../helpers/popup-fixtures.ts';

const withBpm = (id: number, bpm: number): LibraryEntry => {
  const entry = libraryEntry(id);
  return { ...entry, track: { ...entry.track, bpm } };
};
/** Newest first, as the store pages them. */
const loaded = [4, 3, 2, 1].map((id) => withBpm(id, 120 + id));
const view = (over: Partial<LibraryView> = {}): LibraryView => ({
  shown: 'all',
  here: null,
  query: '',
  trackView: allTracks,
  pinned: new Map(),
  ...over,
});
const ids = (entries: LibraryEntry[] | null) => entries?.map((entry) => entry.id) ?? null;

describe('what the library filter shows', () => {
  it('matches the title, mix, artists and remixers, whatever the case typed', () => {
    const entry = libraryEntry(7);
    const remixed = {
      ...entry,
      track: { ...entry.track, remixers: [{ id: 9, name: 'Dub Man', slug: 'd', role: 'remixer' as const }] },
    };
    expect(queryOf('  Song 7 ')).toBe('song 7');
    expect(entryMatches(entry, queryOf('SONG 7'))).toBe(true);
    expect(entryMatches(entry, 'original')).toBe(true);
    expect(entryMatches(entry, 'artist 7')).toBe(true);
    expect(entryMatches(remixed, 'dub')).toBe(true);
    expect(entryMatches(entry, 'song 8')).toBe(false);
  });

  it('asks the store for a status, and for nothing else', () => {
    expect(storeStatus('available')).toBe('available');
    expect(storeStatus('downloaded')).toBe('downloaded');
    expect(storeStatus('here')).toBeUndefined();
    expect(storeStatus('notHere')).toBeUndefined();
    expect(storeStatus('all')).toBeUndefined();
  });

  it('narrows by this computer only once the worker has answered, and "not here" only when something is', () => {
    expect(filtersByHere('here', null)).toBe(false);
    expect(filtersByHere('here', new Set())).toBe(true);
    expect(filtersByHere('notHere', new Set())).toBe(false);
    expect(filtersByHere('notHere', new Set([1]))).toBe(true);
    expect(filtersByHere('all', new Set([1]))).toBe(false);
    expect(waitsForHere('here', null)).toBe(true);
    expect(waitsForHere('notHere', null)).toBe(false);
    expect(waitsForHere('here', new Set())).toBe(false);
  });

  it('leaves the whole library paged when no filter narrows it', () => {
    expect(selectEntries(loaded, view())).toBeNull();
    expect(selectEntries(loaded, view({ shown: 'notHere', here: new Set() }))).toBeNull();
    expect(searchesAllPages(view())).toBe(false);
  });

  it('keeps the entries here or not here, in library order, and those saved in this popup whatever the filter', () => {
    const here = new Set([3, 1]);
    expect(ids(selectEntries(loaded, view({ shown: 'here', here })))).toEqual([3, 1]);
    expect(ids(selectEntries(loaded, view({ shown: 'notHere', here })))).toEqual([4, 2]);
    const pinned = new Map([[3, { kind: 'saving' }]]);
    expect(ids(selectEntries(loaded, view({ shown: 'notHere', here, pinned })))).toEqual([4, 3, 2]);
    expect(narrowedOnlyByHere(view({ shown: 'here', here }))).toBe(true);
    expect(searchesAllPages(view({ shown: 'here', here }))).toBe(true);
  });

  it('combines the text with this computer and the track view', () => {
    const here = new Set([4, 3]);
    expect(ids(selectEntries(loaded, view({ query: 'song 3' })))).toEqual([3]);
    expect(ids(selectEntries(loaded, view({ shown: 'here', here, query: 'song' })))).toEqual([4, 3]);
    const slowFirst = { ...allTracks, sort: 'bpm' as const };
    expect(ids(selectEntries(loaded, view({ trackView: slowFirst })))).toEqual([1, 2, 3, 4]);
    expect(narrowedOnlyByHere(view({ shown: 'here', here, trackView: slowFirst }))).toBe(false);
    expect(searchesAllPages(view({ query: 'x' }))).toBe(true);
    expect(searchesAllPages(view({ trackView: slowFirst }))).toBe(true);
  });
});
