import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ArtistCatalogMetadata,
  Artist as ArtistSchema,
  type CatalogPage,
  catalogPages,
  envelopeOf,
  PagingMetadata,
} from '../../lib/contract/wire.ts';
import type { StoreContext } from '../context.ts';
import { badParameter, notFound } from '../http/api-error.ts';
import { apiRoute } from '../http/api-route.ts';
import { envelope, pagingMetadata } from '../http/envelope.ts';
import { refuseOtherMethods } from '../http/methods.ts';
import { component } from '../http/openapi-schemas.ts';
import { idList, paging, pagingParams, parsedWith, wholeNumber } from '../http/param-schemas.ts';
import { maxFacets, parseFacets, parseReturnFacets, parseSortBy, queryArtists } from './artist-catalog.ts';
import { catalogTables } from './catalog-tables.ts';
import {
  artistPage,
  chartOverviewPage,
  chartPage,
  genrePage,
  homePage,
  labelPage,
  type PagedList,
  releasePage,
  type Slice,
  trackPage,
} from './detail-pages.ts';

type PageLoader = (
  ctx: StoreContext,
  id: number,
  slice?: Slice,
) => Promise<(object & Partial<PagedList>) | undefined>;

const loaders: Record<CatalogPage, { load: PageLoader; needsId: boolean; pageable: boolean; list?: string }> =
  {
    home: { load: (ctx) => homePage(ctx), needsId: false, pageable: false },
    genre: { load: genrePage, needsId: true, pageable: true, list: 'topTracks' },
    label: { load: labelPage, needsId: true, pageable: true, list: 'topTracks' },
    artist: { load: artistPage, needsId: true, pageable: true, list: 'topTracks' },
    chart: { load: chartPage, needsId: true, pageable: true, list: 'tracks' },
    'chart-overview': { load: (ctx) => chartOverviewPage(ctx), needsId: false, pageable: false },
    release: { load: releasePage, needsId: true, pageable: false },
    track: { load: trackPage, needsId: true, pageable: false },
  };

const operationName = (page: string) =>
  `get${page.replace(/(^|-)([a-z])/g, (_match, _dash, letter: string) => letter.toUpperCase())}Page`;

const pageParams = ({ needsId, pageable }: { needsId: boolean; pageable: boolean }) =>
  z.object({
    ...(needsId ? { id: wholeNumber('Numeric id of the item the page is about.') } : {}),
    ...(pageable
      ? {
          page: pagingParams.page.describe('Page of the main track list (1-based).'),
          perPage: pagingParams.perPage.describe('Rows per page of the main track list (default 25).'),
        }
      : {}),
  });

const facetNote = 'Repeated `<facet>:<value>` (genreName, performerName); all must match. `+` is a space.';

export function catalogRoutes(app: FastifyInstance, ctx: StoreContext): void {
  catalogPageRoutes(app, ctx);
  artistListRoute(app, ctx);
}

/** One route per catalog page: everything the page shows, its main list paged on request. */
function catalogPageRoutes(app: FastifyInstance, ctx: StoreContext): void {
  for (const [page, { load, needsId, pageable, list }] of Object.entries(loaders) as [
    CatalogPage,
    (typeof loaders)[CatalogPage],
  ][]) {
    const url = `/catalog/3/platform/${page}`;
    const name = operationName(page);
    const response = component(
      envelopeOf(catalogPages[page], pageable ? PagingMetadata.partial() : undefined),
      `${name.slice(3)}Response`,
    );
    apiRoute(app, ctx, {
      method: 'GET',
      url,
      operationId: name,
      summary: `Everything the ${page} page shows`,
      description: pageable
        ? `Without page/perPage, ${list} holds the whole list (top-tracks lists rank at most 1,000). With page or perPage, ${list} holds that page and metadata carries page, perPage, count and totalPages.`
        : undefined,
      tag: 'catalog',
      scope: undefined,
      params: pageParams({ needsId, pageable }),
      response,
      errors: needsId ? [404] : [],
      cachedUntilWritten: catalogTables,
      handler: async ({ params }) => {
        const given = params as { id?: number; page?: number; perPage?: number };
        const id = given.id ?? 0;
        const paged =
          pageable && (given.page !== undefined || given.perPage !== undefined) ? paging(given) : undefined;
        const results = await load(
          ctx,
          id,
          paged ? { offset: (paged.page - 1) * paged.perPage, limit: paged.perPage } : undefined,
        );
        if (!results) throw notFound(`There is no ${page} with id ${id}.`);
        const { count, ...body } = results;
        return envelope(body, paged && count !== undefined ? pagingMetadata(paged, count) : {}) as never;
      },
    });
    refuseOtherMethods(app, url, ['GET']);
  }
}

const artistListParams = z.object({
  ...pagingParams,
  ids: idList('Comma-separated artist ids.', 500).optional(),
  id: idList('Alias of ids; with both, their union.', 500).optional(),
  'facets[]': z
    .array(z.string().max(300, 'must be at most 300 characters long'))
    .max(maxFacets, `At most ${maxFacets} facets can be combined.`)
    .transform(parsedWith(parseFacets))
    .optional()
    .describe(facetNote),
  facets: z
    .string()
    .max(2000, 'must be at most 2000 characters long')
    .transform(parsedWith((value: string) => parseFacets([value])))
    .optional()
    .describe('Comma-separated `<facet>:<value>`, the other spelling of facets[].'),
  returnFacets: z
    .string()
    .max(200, 'must be at most 200 characters long')
    .transform(parsedWith(parseReturnFacets))
    .optional()
    .describe('Comma-separated facet names whose value counts to return.'),
  sortBy: z
    .string()
    .max(200, 'must be at most 200 characters long')
    .transform(parsedWith(parseSortBy))
    .optional()
    .describe(
      'Comma-separated `<field> <ASC|DESC>`; fields publishDate, artistId, name. Default artistId ASC.',
    ),
  genreId: wholeNumber('Artists with a track in this genre.').optional(),
  labelId: wholeNumber('Artists with a track on this label.').optional(),
  search: z
    .string()
    .max(200, 'must be at most 200 characters long')
    .optional()
    .describe('Case-insensitive part of the artist name (Crate extension).'),
});

function artistListRoute(app: FastifyInstance, ctx: StoreContext): void {
  apiRoute(app, ctx, {
    method: 'GET',
    url: '/catalog/3/artists',
    operationId: 'listArtists',
    summary: 'Search, filter, sort and page the artist catalog',
    tag: 'catalog',
    scope: undefined,
    params: artistListParams,
    response: component(envelopeOf(z.array(ArtistSchema), ArtistCatalogMetadata), 'ArtistCatalogResponse'),
    handler: async ({ params }) => {
      const union =
        params.ids || params.id ? [...new Set([...(params.ids ?? []), ...(params.id ?? [])])] : undefined;
      const paged = paging(params);
      const search = params.search?.trim();
      const facets = [...(params['facets[]'] ?? []), ...(params.facets ?? [])];
      if (facets.length > maxFacets) {
        throw badParameter('facets', `At most ${maxFacets} facets can be combined.`);
      }
      const result = await queryArtists(ctx, {
        ids: union,
        facets,
        genreId: params.genreId,
        labelId: params.labelId,
        search: search || undefined,
        sort: params.sortBy ?? parseSortBy(undefined),
        returnFacets: params.returnFacets ?? [],
        paging: paged,
      });
      const metadata: z.input<typeof ArtistCatalogMetadata> = pagingMetadata(paged, result.count);
      if (result.facets) metadata.facets = { fields: result.facets };
      return envelope(result.artists, metadata);
    },
  });
  refuseOtherMethods(app, '/catalog/3/artists', ['GET']);
}
