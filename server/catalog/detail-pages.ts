import type { CatalogPageResults, Chart, Ref } from '../../lib/contract/wire.ts';
import type { StoreContext } from '../context.ts';
import type { RowOf } from '../db/prepared.ts';
import { loadArtists } from './artist-records.ts';
import * as q from './page-queries.ts';
import { loadReleases, loadTracks, refOf, releasesInOrder, tracksInOrder } from './records.ts';

/**
 * The data of each catalog detail page (contract.md section 5), shared by the catalog API and the
 * store's website so both always show the same thing. `undefined` means no such id.
 *
 * The long track list of a chart, genre, label or artist page can be paged (`slice`): the website
 * shows the first rows and loads more through the API.
 */

export interface Slice {
  offset: number;
  limit: number;
}

/** How many rows of each list a page shows when no slice is asked for. */
export const listSizes = {
  featuredReleases: 12,
  newReleases: 24,
  topTracks: 100,
  releases: 60,
  charts: 60,
  chartTracks: 10_000,
  /** A genre's, label's or artist's "top tracks" ranks this many at most. */
  topTracksCap: 1000,
};

const topTrackQueries = q.topTracks(listSizes.topTracksCap);

/**
 * A genre's, label's or artist's top tracks, most popular first, capped at topTracksCap; the
 * slice asked for, and how many there are.
 */
async function topTracks(ctx: StoreContext, of: 'genre' | 'label' | 'artist', id: number, slice: Slice) {
  const queries = topTrackQueries[of];
  const count = (await ctx.db.get(queries.count, { id }))?.n ?? 0;
  const limit = Math.max(0, Math.min(slice.limit, count - slice.offset));
  const trackIds = await ctx.db.all(queries.ids, { id, limit, offset: slice.offset });
  return { tracks: await tracksInOrder(ctx, ids(trackIds)), count };
}

export interface PagedList {
  /** Total rows of the page's pageable list, for paging metadata. */
  count: number;
}

const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

type ChartRow = RowOf<typeof q.chartById>;

const chartOf = (row: ChartRow): Chart => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  genre:
    row.genre_id === null
      ? null
      : { id: row.genre_id, name: row.genre_name ?? '', slug: row.genre_slug ?? '' },
  curator:
    row.curator_id === null
      ? null
      : { id: row.curator_id, name: row.curator_name ?? '', slug: row.curator_slug ?? '' },
  publishDate: row.publish_date,
  trackCount: row.track_count,
});

const refRow = async (
  ctx: StoreContext,
  table: 'genres' | 'labels',
  id: number,
): Promise<Ref | undefined> => {
  const row = await ctx.db.get(table === 'genres' ? q.genreRef : q.labelRef, { id });
  return row && refOf(row);
};

export async function homePage(ctx: StoreContext): Promise<CatalogPageResults<'home'>> {
  const { db } = ctx;
  return {
    featuredReleases: await releasesInOrder(
      ctx,
      ids(await db.all(q.featuredReleaseIds, { limit: listSizes.featuredReleases })),
    ),
    newReleases: await releasesInOrder(
      ctx,
      ids(await db.all(q.newReleaseIds, { limit: listSizes.newReleases })),
    ),
    topTracks: await tracksInOrder(ctx, ids(await db.all(q.popularTrackIds, { limit: listSizes.topTracks }))),
    genres: (await db.all(q.genresByName)).map(refOf),
  };
}

export async function genrePage(
  ctx: StoreContext,
  id: number,
  slice: Slice = { offset: 0, limit: listSizes.topTracks },
): Promise<(CatalogPageResults<'genre'> & PagedList) | undefined> {
  const genre = await refRow(ctx, 'genres', id);
  if (!genre) return undefined;
  const { db } = ctx;
  const top = await topTracks(ctx, 'genre', id, slice);
  return {
    genre,
    topTracks: top.tracks,
    newReleases: await releasesInOrder(
      ctx,
      ids(await db.all(q.genreReleaseIds, { genreId: id, limit: listSizes.newReleases })),
    ),
    charts: (await db.all(q.chartsOfGenre, { genreId: id, limit: listSizes.charts })).map(chartOf),
    count: top.count,
  };
}

export async function labelPage(
  ctx: StoreContext,
  id: number,
  slice: Slice = { offset: 0, limit: listSizes.topTracks },
): Promise<(CatalogPageResults<'label'> & PagedList) | undefined> {
  const label = await refRow(ctx, 'labels', id);
  if (!label) return undefined;
  const { db } = ctx;
  const top = await topTracks(ctx, 'label', id, slice);
  return {
    label,
    releases: await releasesInOrder(
      ctx,
      ids(await db.all(q.labelReleaseIds, { labelId: id, limit: listSizes.releases })),
    ),
    topTracks: top.tracks,
    count: top.count,
  };
}

export async function artistPage(
  ctx: StoreContext,
  id: number,
  slice: Slice = { offset: 0, limit: listSizes.topTracks },
): Promise<(CatalogPageResults<'artist'> & PagedList) | undefined> {
  const artist = (await loadArtists(ctx, [id])).get(id);
  if (!artist) return undefined;
  const { db } = ctx;
  const top = await topTracks(ctx, 'artist', id, slice);
  return {
    artist,
    releases: await releasesInOrder(
      ctx,
      ids(await db.all(q.artistReleaseIds, { artistId: id, limit: listSizes.releases })),
    ),
    topTracks: top.tracks,
    count: top.count,
  };
}

export async function chartPage(
  ctx: StoreContext,
  id: number,
  slice: Slice = { offset: 0, limit: listSizes.chartTracks },
): Promise<(CatalogPageResults<'chart'> & PagedList) | undefined> {
  const row = await ctx.db.get(q.chartById, { id });
  if (!row) return undefined;
  const chart = chartOf(row);
  return {
    chart,
    tracks: await tracksInOrder(
      ctx,
      ids(await ctx.db.all(q.chartTrackIds, { chartId: id, limit: slice.limit, offset: slice.offset })),
    ),
    count: chart.trackCount,
  };
}

export async function chartOverviewPage(ctx: StoreContext): Promise<CatalogPageResults<'chart-overview'>> {
  return {
    charts: (await ctx.db.all(q.newestCharts, { limit: 100 })).map(chartOf),
  };
}

export async function releasePage(
  ctx: StoreContext,
  id: number,
): Promise<CatalogPageResults<'release'> | undefined> {
  const release = (await loadReleases(ctx, [id])).get(id);
  if (!release) return undefined;
  return { release, tracks: await tracksInOrder(ctx, release.trackIds) };
}

export async function trackPage(
  ctx: StoreContext,
  id: number,
): Promise<CatalogPageResults<'track'> | undefined> {
  const track = (await loadTracks(ctx, [id])).get(id);
  if (!track) return undefined;
  const release = (await loadReleases(ctx, [track.release.id])).get(track.release.id);
  if (!release) return undefined;
  return { track, release };
}
