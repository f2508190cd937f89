import type { Artist } from '../../lib/contract/wire.ts';
import type { StoreContext } from '../context.ts';
import { badParameter } from '../http/api-error.ts';
import type { Paging } from '../http/envelope.ts';
import { type ArtistSet, artistIndex, facetLimit, intersect } from './artist-index.ts';

/** The artist catalog's query (contract.md section 6), parsed from request parameters. */

export const facetNames = ['genreName', 'performerName'] as const;
export type FacetName = (typeof facetNames)[number];

export const sortFields = ['publishDate', 'artistId', 'name'] as const;
export type SortField = (typeof sortFields)[number];

export interface ArtistQuery {
  ids?: number[];
  facets: { name: FacetName; value: string }[];
  genreId?: number;
  labelId?: number;
  /** Case-insensitive match anywhere in the name (the popup's artist finder). */
  search?: string;
  sort: { field: SortField; direction: 'ASC' | 'DESC' }[];
  returnFacets: FacetName[];
  paging: Paging;
}

/** Facets one query may combine. */
export const maxFacets = 20;

const isFacetName = (name: string): name is FacetName => (facetNames as readonly string[]).includes(name);

/** `facets[]=genreName:Techno+House` entries, and the `facets=a:x,b:y` spelling. */
export function parseFacets(entries: string[]): ArtistQuery['facets'] {
  const facets: ArtistQuery['facets'] = [];
  for (const entry of entries.flatMap((value) => value.split(','))) {
    const colon = entry.indexOf(':');
    const name = colon < 0 ? entry : entry.slice(0, colon);
    const value =
      colon < 0
        ? ''
        : entry
            .slice(colon + 1)
            .replaceAll('+', ' ')
            .trim();
    if (!isFacetName(name)) {
      throw badParameter('facets', `Unknown facet "${name}"; facets are ${facetNames.join(', ')}.`);
    }
    if (!value || value.length > 200) {
      throw badParameter('facets', `Facet "${name}" needs a value: facets[]=${name}:<value>.`);
    }
    facets.push({ name, value });
  }
  if (facets.length > maxFacets) throw badParameter('facets', `At most ${maxFacets} facets can be combined.`);
  return facets;
}

export function parseReturnFacets(value: string | undefined): FacetName[] {
  if (value === undefined) return [];
  const names = [...new Set(value.split(',').map((name) => name.trim()))];
  for (const name of names) {
    if (!isFacetName(name)) {
      throw badParameter('returnFacets', `Unknown facet "${name}"; facets are ${facetNames.join(', ')}.`);
    }
  }
  return names as FacetName[];
}

/** `publishDate DESC,artistId ASC`: fields applied in order; direction is case-insensitive. */
export function parseSortBy(value: string | undefined): ArtistQuery['sort'] {
  if (value === undefined) return [{ field: 'artistId', direction: 'ASC' }];
  const sort: ArtistQuery['sort'] = [];
  for (const entry of value.split(',')) {
    const [field, direction = 'ASC', ...rest] = entry.trim().split(/\s+/);
    if (!field || !(sortFields as readonly string[]).includes(field) || rest.length > 0) {
      throw badParameter('sortBy', `Sort by ${sortFields.join(', ')}, each followed by ASC or DESC.`);
    }
    const upper = direction.toUpperCase();
    if (upper !== 'ASC' && upper !== 'DESC') {
      throw badParameter('sortBy', `Sort direction "${direction}" must be ASC or DESC.`);
    }
    sort.push({ field: field as SortField, direction: upper });
  }
  return sort;
}

export interface ArtistCatalogResult {
  artists: Artist[];
  count: number;
  facets?: Record<string, { name: string; count: number }[]>;
}

export async function queryArtists(ctx: StoreContext, query: ArtistQuery): Promise<ArtistCatalogResult> {
  const index = await artistIndex(ctx.db);
  let set: ArtistSet = 'all';
  const narrow = (ids: Int32Array) => {
    set = set === 'all' ? ids : intersect(set, ids);
  };
  if (query.ids) narrow(index.existing(query.ids));
  for (const facet of query.facets) {
    narrow(facet.name === 'genreName' ? index.genreNamed(facet.value) : index.performerNamed(facet.value));
  }
  if (query.genreId !== undefined) narrow(index.genre(query.genreId));
  if (query.labelId !== undefined) narrow(index.label(query.labelId));
  if (query.search) narrow(index.nameContains(query.search));

  const { page, perPage } = query.paging;
  const ids = index.page(set, query.sort, (page - 1) * perPage, perPage);
  const result: ArtistCatalogResult = {
    artists: index.artists(ids),
    count: index.count(set),
  };
  if (query.returnFacets.length > 0) {
    result.facets = {};
    for (const name of query.returnFacets) {
      result.facets[name] = index.facetCounts(name, set, facetLimit);
    }
  }
  return result;
}
