import type { Track } from '../../../lib/contract/wire.ts';
import { formatCount } from '../format.ts';
import type { Tab } from './tabs.tsx';
import { TrackRow } from './track-row.tsx';

/** Where the client script fetches a long list's next rows: a catalog detail call and its list. */
export interface ListSource {
  page: 'chart' | 'genre' | 'label' | 'artist';
  id: number;
  list: 'tracks' | 'topTracks';
}

/** Rows a long list shows at first and fetches per "load more". */
export const listPageSize = 50;

export const listStatus = (shown: number, count: number) =>
  `Showing ${formatCount(shown)} of ${formatCount(count)} tracks`;

/**
 * A long track list: the first rows, then a "Load more" control that the client script drives
 * (button and infinite scroll) with the paging of the source's catalog call.
 */
export function TrackList({
  tracks,
  count,
  source,
  numbered = false,
}: {
  tracks: Track[];
  count: number;
  source: ListSource;
  numbered?: boolean;
}) {
  if (tracks.length === 0) return <p class="empty">No tracks yet.</p>;
  return (
    <div class="track-list-block">
      <ol
        class="track-list"
        data-source-page={source.page}
        data-source-id={source.id}
        data-source-list={source.list}
        data-page-size={listPageSize}
        data-count={count}
        data-numbered={numbered ? 'true' : undefined}
      >
        {tracks.map((track, index) => (
          <TrackRow key={track.id} track={track} position={numbered ? index + 1 : undefined} />
        ))}
      </ol>
      <div class="list-footer">
        <p class="list-status" aria-live="polite">
          {listStatus(tracks.length, count)}
        </p>
        {tracks.length < count && (
          <button type="button" class="load-more">
            Load more
          </button>
        )}
      </div>
    </div>
  );
}

/** A short, complete track list (a release's tracks, a home page's top tracks). */
export function TrackRows({
  tracks,
  numbered = false,
  currentId,
}: {
  tracks: Track[];
  numbered?: boolean;
  /** The track whose page this is, highlighted. */
  currentId?: number;
}) {
  if (tracks.length === 0) return <p class="empty">No tracks yet.</p>;
  return (
    <ol class="track-list">
      {tracks.map((track, index) => (
        <TrackRow
          key={track.id}
          track={track}
          position={numbered ? index + 1 : undefined}
          current={track.id === currentId}
        />
      ))}
    </ol>
  );
}

/** The "Top tracks" tab of a genre, label or artist page: its long list and how many it has. */
export function topTracksTab(tracks: Track[], count: number, source: ListSource, numbered = false): Tab {
  return {
    id: 'tracks',
    label: `Top tracks (${formatCount(count)})`,
    content: <TrackList tracks={tracks} count={count} source={source} numbered={numbered} />,
  };
}
