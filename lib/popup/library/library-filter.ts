/**
 * What the library tab's list shows: the "Show" choice (by this computer, everything, or the
 * store's account-wide status), the text filter and the track view (sort, BPM, key), applied to the
 * entries loaded so far. Plain functions: the tab only holds the choices and draws the result.
 */
import type { LibraryEntry } from '../../contract/wire.ts';
import { isAllTracks, type TrackView, viewTracks } from '../track-facts.ts';
import type { LibraryStatus } from './library-pages.ts';
import type { Here } from './this-computer.ts';

/**
 * The "Show" choice: by this computer (its browser's records; `notHere` is the default), everything,
 * or by the store's account-wide status.
 */
export type Shown = 'notHere' | 'here' | 'all' | LibraryStatus;

export interface LibraryView {
  shown: Shown;
  here: Here;
  /** The text filter as matched: trimmed, lower case; empty for none. */
  query: string;
  trackView: TrackView;
  /** Entries downloaded (or tried) from their row in this popup: they stay in view whatever the filter. */
  pinned: ReadonlyMap<number, unknown>;
}

/** The text filter as typed, as it is matched. */
export const queryOf = (text: string): string => text.trim().toLowerCase();

/** The status the store filters by (it pages only those entries); undefined for the other choices. */
export const storeStatus = (shown: Shown): LibraryStatus | undefined =>
  shown === 'available' || shown === 'downloaded' ? shown : undefined;

/** Whether an entry's title, mix, artists or remixers hold `query` (already lower case). */
export function entryMatches(entry: LibraryEntry, query: string): boolean {
  const { track } = entry;
  const haystack = [
    track.name,
    track.mixName,
    ...track.artists.map((a) => a.name),
    ...track.remixers.map((a) => a.name),
  ];
  return haystack.some((text) => text.toLowerCase().includes(query));
}

/**
 * Whether the this-computer filter narrows the list now: nothing known here yet is the whole
 * library, which pages as it scrolls and loads nothing more.
 */
export const filtersByHere = (shown: Shown, here: Here): here is ReadonlySet<number> =>
  here !== null && (shown === 'here' || (shown === 'notHere' && here.size > 0));

/** Whether a filter narrows the list, so every page must be loaded to search them all. */
export const searchesAllPages = ({ shown, here, query, trackView }: Omit<LibraryView, 'pinned'>): boolean =>
  query !== '' || !isAllTracks(trackView) || filtersByHere(shown, here);

/** Whether only the this-computer filter narrows the list (an empty result then says "none here"). */
export const narrowedOnlyByHere = (view: LibraryView): boolean =>
  filtersByHere(view.shown, view.here) && isAllTracks(view.trackView);

/** "On this computer" waits for the worker's answer rather than showing everything first. */
export const waitsForHere = (shown: Shown, here: Here): boolean => shown === 'here' && here === null;

/** The loaded entries a text, track or this-computer filter leaves; null when none narrows the list. */
export function selectEntries(loaded: readonly LibraryEntry[], view: LibraryView): LibraryEntry[] | null {
  const { shown, here, query, trackView, pinned } = view;
  const byHere = filtersByHere(shown, here);
  if (!query && isAllTracks(trackView) && !byHere) return null;
  const inView = (entry: LibraryEntry) =>
    !byHere || pinned.has(entry.id) || (shown === 'here') === here.has(entry.id);
  const textMatches = loaded.filter((entry) => inView(entry) && (!query || entryMatches(entry, query)));
  return viewTracks(textMatches, (entry) => entry.track, trackView);
}
