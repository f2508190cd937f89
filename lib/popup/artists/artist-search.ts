/**
 * The artists tab's search: what it asks the worker for a search, genre, sort and page, where it
 * caches the answer, which genres it offers and what it says when no artist is left.
 */
import { i18n } from '#i18n';
import { artistUrl } from '../../contract/store-urls.ts';
import type { Artist } from '../../contract/wire.ts';
import type { ArtistResults, ArtistSearch } from '../../protocol/messages.ts';

export const artistsPerPage = 20;
export type ArtistSort = ArtistSearch['sort'];

export interface ArtistChoices {
  page: number;
  sort: ArtistSort;
  /** The name typed, trimmed; empty for none. */
  search: string;
  /** The genre chosen; empty for all. */
  genre: string;
}

/** The worker's query for the choices: the search and the genre only when set. */
export const artistQuery = ({ page, sort, search, genre }: ArtistChoices): ArtistSearch => ({
  page,
  perPage: artistsPerPage,
  sort,
  ...(search ? { search } : {}),
  ...(genre ? { genreName: genre } : {}),
});

/** The popup cache's key for one query's answer (the catalog is public: cached per store, not per user). */
export const artistsCacheKey = (query: ArtistSearch): string => `artists:${JSON.stringify(query)}`;

/** The artist's page at the store, built as the store builds it (slug encoded). */
export const artistPageUrl = (storeUrl: string, artist: Artist): string => `${storeUrl}${artistUrl(artist)}`;

/**
 * The genres offered: those of the last answer without a genre filter (`remembered`) while one is
 * chosen, so the choice does not shrink to itself; the chosen genre first when no answer names it.
 */
export function offeredGenres(
  genre: string,
  remembered: ArtistResults['genres'],
  answer: ArtistResults | undefined,
): ArtistResults['genres'] {
  const known = genre ? remembered : (answer?.genres ?? remembered);
  return genre && !known.some((g) => g.name === genre) ? [{ name: genre, count: 0 }, ...known] : known;
}

/** Why no artist is listed, with the search and the genre that left none. */
export function noMatchText(search: string, genre: string): string {
  if (search && genre) return i18n.t('popup.artists.noneNameGenre', [search, genre]);
  if (search) return i18n.t('popup.artists.noneName', [search]);
  if (genre) return i18n.t('popup.artists.noneGenre', [genre]);
  return i18n.t('popup.artists.none');
}
