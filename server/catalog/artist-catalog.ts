import type { Artist } from '../../lib/wire.ts';
import type { StoreContext } from '../context.ts';
import type { SqlValue } from '../db/database.ts';
import { badParameter } from '../http/api-error.ts';
import type { Paging } from '../http/envelope.ts';
import { loadArtists } from './artist-records.ts';
import { inOrder } from './records.ts';

/** The artist catalog's query (contract.md section 6), parsed from request parameters. */

export const facetNames = ['genreName', 'performerName'] as const;
export type FacetName = (typeof facetNames)[number];

export const sortFields = {
  publishDate: 'a.last_publish_date',
  artistId: 'a.id',
  name: 'a.name COLLATE NOCASE',
} as const;
export type SortField = keyof typeof sortFields;

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
  if (facets.length > 20) throw badParameter('facets', 'At most 20 facets can be combined.');
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
    if (!field || !(field in sortFields) || rest.length > 0) {
      throw badParameter(
        'sortBy',
        `Sort by ${Object.keys(sortFields).join(', ')}, each followed by ASC or DESC.`,
      );
    }
    const upper = direction.toUpperCase();
    if (upper !== 'ASC' && upper !== 'DESC') {
      throw badParameter('sortBy', `Sort direction "${direction}" must be ASC or DESC.`);
    }
    sort.push({ field: field as SortField, direction: upper });
  }
  return sort;
}

function whereClause(query: ArtistQuery): { sql: string; params: SqlValue[] } {
  const conditions: string[] = [];
  const params: SqlValue[] = [];
  if (query.ids) {
    conditions.push('a.id IN (SELECT value FROM json_each(?))');
    params.push(JSON.stringify(query.ids));
  }
  for (const facet of query.facets) {
    if (facet.name === 'genreName') {
      conditions.push(
        `a.id IN (SELECT ag.artist_id FROM artist_genres ag
                   WHERE ag.genre_id = (SELECT id FROM genres WHERE name = ? COLLATE NOCASE))`,
      );
    } else {
      conditions.push('a.name = ? COLLATE NOCASE');
    }
    params.push(facet.value);
  }
  if (query.genreId !== undefined) {
    conditions.push('a.id IN (SELECT artist_id FROM artist_genres WHERE genre_id = ?)');
    params.push(query.genreId);
  }
  if (query.labelId !== undefined) {
    conditions.push('a.id IN (SELECT artist_id FROM artist_labels WHERE label_id = ?)');
    params.push(query.labelId);
  }
  if (query.search) {
    conditions.push("a.name LIKE ? ESCAPE '\\'");
    params.push(`%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  }
  return { sql: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

export interface ArtistCatalogResult {
  artists: Artist[];
  count: number;
  facets?: Record<string, { name: string; count: number }[]>;
}

const facetLimit = 100;

export function queryArtists(ctx: StoreContext, query: ArtistQuery): ArtistCatalogResult {
  const { db } = ctx;
  const where = whereClause(query);
  const count =
    db.get<{ n: number }>(`SELECT count(*) AS n FROM artists a ${where.sql}`, ...where.params)?.n ?? 0;
  const order = query.sort.map(({ field, direction }) => `${sortFields[field]} ${direction}`);
  // A stable tiebreak, so that paging never shows an artist twice or skips one.
  if (!query.sort.some(({ field }) => field === 'artistId')) order.push('a.id ASC');
  const { page, perPage } = query.paging;
  const ids = db
    .all<{ id: number }>(
      `SELECT a.id FROM artists a ${where.sql} ORDER BY ${order.join(', ')} LIMIT ? OFFSET ?`,
      ...where.params,
      perPage,
      (page - 1) * perPage,
    )
    .map((row) => row.id);
  const result: ArtistCatalogResult = { artists: inOrder(ids, loadArtists(ctx, ids)), count };
  if (query.returnFacets.length > 0) {
    result.facets = {};
    for (const name of query.returnFacets) {
      result.facets[name] =
        name === 'genreName'
          ? db.all(
              `SELECT g.name, count(*) AS count FROM artist_genres ag JOIN genres g ON g.id = ag.genre_id
                WHERE ag.artist_id IN (SELECT a.id FROM artists a ${where.sql})
                GROUP BY g.id ORDER BY count DESC, g.name LIMIT ${facetLimit}`,
              ...where.params,
            )
          : db.all(
              `SELECT a.name, count(*) AS count FROM artists a ${where.sql}
                GROUP BY a.name ORDER BY count DESC, a.name LIMIT ${facetLimit}`,
              ...where.params,
            );
    }
  }
  return result;
}
