import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import type { Artist } from '../../../lib/contract/wire.ts';
import { dayOptions, formatDate } from '../../../lib/i18n/dates.ts';
import { errorMessage } from '../../../lib/i18n/error-message.ts';
import { formatCount } from '../../../lib/i18n/intl.ts';
import { plural } from '../../../lib/i18n/plural.ts';
import {
  type ArtistSort,
  artistPageUrl,
  artistQuery,
  artistsCacheKey,
  noMatchText,
  offeredGenres,
} from '../../../lib/popup/artists/artist-search.ts';
import type { ArtistResults } from '../../../lib/protocol/messages.ts';
import { send } from '../../../lib/protocol/send.ts';
import type { FollowsByStore } from '../../../lib/storage/following.ts';
import { followsItem } from '../../../lib/storage/items.ts';
import { useCachedResource } from '../data-hooks/use-cached-resource.ts';
import { ErrorNotice } from '../notices/error-notice.tsx';
import { Notice } from '../notices/notice.tsx';
import { RefreshStatus } from '../notices/refresh-status.tsx';

export interface ArtistsTabProps {
  storeUrl: string;
  revalidate: number;
}

const searchDelayMs = 250;

/** Ids of the artists followed at this store, kept current (the worker writes them). */
function useFollowedArtists(storeUrl: string): ReadonlySet<number> {
  const [ids, setIds] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => {
    const take = (all: FollowsByStore | null) =>
      setIds(new Set(all?.[storeUrl]?.artists.map((follow) => follow.id) ?? []));
    void followsItem.getValue().then(take);
    return followsItem.watch(take);
  }, [storeUrl]);
  return ids;
}

/** "Follow" / "Following": what they publish comes to "New for you". */
function FollowToggle({ artist, followed }: { artist: Artist; followed: boolean }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const toggle = () => {
    setBusy(true);
    const done = followed
      ? send('unfollow', { kind: 'artist', id: artist.id })
      : send('follow', { kind: 'artist', id: artist.id, name: artist.name });
    done
      .then(
        () => setProblem(null),
        (error: unknown) => setProblem(errorMessage(error)),
      )
      .finally(() => setBusy(false));
  };
  return (
    <button
      type="button"
      class="follow"
      aria-pressed={followed}
      aria-label={i18n.t('popup.artists.followName', [artist.name])}
      title={problem ?? undefined}
      disabled={busy}
      onClick={toggle}
    >
      {followed ? i18n.t('popup.artists.following') : i18n.t('popup.artists.follow')}
    </button>
  );
}

/** The artist catalog: search by name, filter by genre, sort, page; each artist opens on the store. */
export function ArtistsTab({ storeUrl, revalidate }: ArtistsTabProps) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [genre, setGenre] = useState('');
  const [sort, setSort] = useState<ArtistSort>('latestRelease');
  const [page, setPage] = useState(1);
  const [genres, setGenres] = useState<ArtistResults['genres']>([]);
  const followed = useFollowedArtists(storeUrl);

  // Searching on every key would ask the store for each letter: wait until typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setPage(1);
    }, searchDelayMs);
    return () => clearTimeout(timer);
  }, [typed]);

  const query = artistQuery({ page, sort, search, genre });
  // The catalog is public and the same for everyone: cached per store, not per user.
  const artists = useCachedResource<ArtistResults>({
    scope: { storeUrl, username: '' },
    key: artistsCacheKey(query),
    load: () => send('artists', query),
    keepPrevious: true,
  });

  useEffect(() => {
    if (revalidate > 0) void artists.refresh();
  }, [revalidate]);

  // The genre choices come from an answer without a genre filter, so they stay while one is chosen.
  const value = artists.cached?.value;
  useEffect(() => {
    if (value && !genre) setGenres(value.genres);
  }, [value, genre]);

  const offered = offeredGenres(genre, genres, value);

  let body: ComponentChildren;
  if (!value) {
    body = artists.error ? (
      <ErrorNotice error={artists.error} onRetry={() => void artists.refresh()} />
    ) : (
      <div aria-busy="true">
        <Notice title={i18n.t('popup.artists.loading')} />
      </div>
    );
  } else if (value.results.length === 0) {
    body = <Notice title={i18n.t('popup.artists.noneTitle')}>{noMatchText(search, genre)}</Notice>;
  } else {
    body = (
      <ArtistList storeUrl={storeUrl} results={value} page={page} onPage={setPage} followed={followed} />
    );
  }

  return (
    <div class="artists-tab">
      <RefreshStatus
        refreshing={artists.refreshing}
        savedAt={artists.cached?.savedAt}
        error={artists.error}
        onRetry={() => void artists.refresh()}
      />
      <ArtistFilters
        typed={typed}
        onTyped={setTyped}
        genre={genre}
        genreChoices={offered}
        onGenre={(chosen) => {
          setGenre(chosen);
          setPage(1);
        }}
        sort={sort}
        onSort={(chosen) => {
          setSort(chosen);
          setPage(1);
        }}
      />
      {body}
    </div>
  );
}

interface FiltersProps {
  typed: string;
  onTyped: (typed: string) => void;
  genre: string;
  genreChoices: ArtistResults['genres'];
  onGenre: (genre: string) => void;
  sort: ArtistSort;
  onSort: (sort: ArtistSort) => void;
}

function ArtistFilters({ typed, onTyped, genre, genreChoices, onGenre, sort, onSort }: FiltersProps) {
  return (
    <form
      class="filters"
      aria-label={i18n.t('popup.artists.find')}
      onSubmit={(event) => event.preventDefault()}
    >
      <label class="inline grow">
        {i18n.t('popup.artists.search')}
        <input
          type="search"
          placeholder={i18n.t('popup.artists.namePlaceholder')}
          value={typed}
          onInput={(event) => onTyped(event.currentTarget.value)}
        />
      </label>
      <label class="inline">
        {i18n.t('popup.artists.genre')}
        <select value={genre} onChange={(event) => onGenre(event.currentTarget.value)}>
          <option value="">{i18n.t('popup.artists.allGenres')}</option>
          {genreChoices.map((choice) => (
            <option key={choice.name} value={choice.name}>
              {choice.count > 0 ? `${choice.name} (${formatCount(choice.count)})` : choice.name}
            </option>
          ))}
        </select>
      </label>
      <label class="inline">
        {i18n.t('popup.artists.sortBy')}
        <select value={sort} onChange={(event) => onSort(event.currentTarget.value as ArtistSort)}>
          <option value="latestRelease">{i18n.t('popup.artists.latestRelease')}</option>
          <option value="name">{i18n.t('popup.artists.byName')}</option>
        </select>
      </label>
    </form>
  );
}

interface ListProps {
  storeUrl: string;
  results: ArtistResults;
  page: number;
  onPage: (page: number) => void;
  followed: ReadonlySet<number>;
}

/** One page of artists, each a link to their page on the store with its Follow toggle, and the pager. */
function ArtistList({ storeUrl, results, page, onPage, followed }: ListProps) {
  const { count, totalPages } = results.paging;
  return (
    <>
      <p class="result-count">{plural('popup.artists.count', count)}</p>
      <ul class="artist-list" aria-label={i18n.t('popup.artists.listLabel')}>
        {results.results.map((artist) => (
          <li key={artist.id} class="artist">
            <span class="artist-head">
              <a href={artistPageUrl(storeUrl, artist)} target="_blank" rel="noreferrer">
                {artist.name}
              </a>
              <FollowToggle artist={artist} followed={followed.has(artist.id)} />
            </span>
            <span class="item-sub">
              {plural('popup.artists.trackCount', artist.trackCount)}
              {artist.lastPublishDate &&
                ` · ${i18n.t('popup.artists.latest', [formatDate(artist.lastPublishDate, dayOptions)])}`}
              {' · '}
              {artist.genres.map((g) => g.name).join(', ') || i18n.t('popup.artists.noGenre')}
            </span>
          </li>
        ))}
      </ul>
      <nav class="pager" aria-label={i18n.t('popup.artists.pagesLabel')}>
        <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {i18n.t('popup.artists.previous')}
        </button>
        <span>
          {i18n.t('popup.artists.page', [
            formatCount(results.paging.page),
            formatCount(Math.max(1, totalPages)),
          ])}
        </span>
        <button type="button" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
          {i18n.t('popup.artists.next')}
        </button>
      </nav>
    </>
  );
}
