import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  type Artist,
  ArtistCatalogMetadata,
  Artist as ArtistSchema,
  type CatalogPage,
  catalogPages,
  envelopeOf,
} from '../../lib/contract/wire.ts';
import type { StoreContext } from '../context.ts';
import { notFound } from '../http/api-error.ts';
import { envelope, pagingMetadata } from '../http/envelope.ts';
import { refuseOtherMethods } from '../http/methods.ts';
import { Params } from '../http/params.ts';
import { parseFacets, parseReturnFacets, parseSortBy, queryArtists } from './artist-catalog.ts';
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

type PageLoader = (ctx: StoreContext, id: number, slice?: Slice) => (object & Partial<PagedList>) | undefined;

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

const idSchema = { type: 'integer', minimum: 1, description: 'Numeric id of the item the page is about.' };
const pagingSchema = {
  page: { type: 'integer', minimum: 1, description: 'Page of the main track list (1-based).' },
  perPage: {
    type: 'integer',
    minimum: 1,
    maximum: 150,
    description: 'Rows per page of the main track list.',
  },
};

export function catalogRoutes(app: FastifyInstance, ctx: StoreContext): void {
  for (const [page, { load, needsId, pageable, list }] of Object.entries(loaders) as [
    CatalogPage,
    (typeof loaders)[CatalogPage],
  ][]) {
    const url = `/catalog/3/platform/${page}`;
    app.get(url, {
      schema: {
        summary: `Everything the ${page} page shows`,
        description: pageable
          ? `Without page/perPage, ${list} holds the whole list (top-tracks lists rank at most 1,000). With page or perPage, ${list} holds that page and metadata carries page, perPage, count and totalPages.`
          : undefined,
        tags: ['catalog'],
        querystring: {
          type: 'object',
          properties: { ...(needsId ? { id: idSchema } : {}), ...(pageable ? pagingSchema : {}) },
          required: needsId ? ['id'] : [],
        },
        response: { 200: z.toJSONSchema(envelopeOf(catalogPages[page]), { io: 'output' }) },
      },
      handler: async (request) => {
        const params = new Params(request);
        const id = needsId ? params.int('id', { required: true }) : 0;
        const paged = pageable && (params.has('page') || params.has('perPage'));
        const paging = paged ? params.paging() : undefined;
        const results = load(
          ctx,
          id,
          paging ? { offset: (paging.page - 1) * paging.perPage, limit: paging.perPage } : undefined,
        );
        if (!results) throw notFound(`There is no ${page} with id ${id}.`);
        const { count, ...body } = results;
        return envelope(body, paging && count !== undefined ? pagingMetadata(paging, count) : {});
      },
    });
    refuseOtherMethods(app, url, ['GET']);
  }

  app.get('/catalog/3/artists', {
    schema: {
      summary: 'Search, filter, sort and page the artist catalog',
      tags: ['catalog'],
      querystring: {
        type: 'object',
        properties: {
          page: pagingSchema.page,
          perPage: { ...pagingSchema.perPage, description: 'Artists per page (default 25).' },
          ids: { type: 'string', description: 'Comma-separated artist ids.' },
          id: { type: 'string', description: 'Alias of ids; with both, their union.' },
          'facets[]': {
            type: 'array',
            items: { type: 'string' },
            description:
              'Repeated `<facet>:<value>` (genreName, performerName); all must match. `+` is a space.',
          },
          returnFacets: {
            type: 'string',
            description: 'Comma-separated facet names whose value counts to return.',
          },
          sortBy: {
            type: 'string',
            description:
              'Comma-separated `<field> <ASC|DESC>`; fields publishDate, artistId, name. Default artistId ASC.',
          },
          genreId: { type: 'integer', minimum: 1, description: 'Artists with a track in this genre.' },
          labelId: { type: 'integer', minimum: 1, description: 'Artists with a track on this label.' },
          search: {
            type: 'string',
            description: 'Case-insensitive part of the artist name (Crate extension).',
          },
        },
      },
      response: {
        200: z.toJSONSchema(envelopeOf(z.array(ArtistSchema), ArtistCatalogMetadata), { io: 'output' }),
      },
    },
    handler: async (request) => {
      const params = new Params(request);
      const ids = params.idList('ids');
      const aliasIds = params.idList('id');
      const union = ids || aliasIds ? [...new Set([...(ids ?? []), ...(aliasIds ?? [])])] : undefined;
      const paging = params.paging();
      const search = params.string('search', { max: 200 })?.trim();
      const result = queryArtists(ctx, {
        ids: union,
        facets: parseFacets(params.list('facets')),
        genreId: params.int('genreId'),
        labelId: params.int('labelId'),
        search: search || undefined,
        sort: parseSortBy(params.string('sortBy', { max: 200 })),
        returnFacets: parseReturnFacets(params.string('returnFacets', { max: 200 })),
        paging,
      });
      const metadata: Record<string, unknown> = pagingMetadata(paging, result.count);
      if (result.facets) metadata.facets = { fields: result.facets };
      return envelope<Artist[]>(result.artists, metadata);
    },
  });
  refuseOtherMethods(app, '/catalog/3/artists', ['GET']);
}
