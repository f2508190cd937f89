import type { CatalogPageResults, Chart, Ref } from '../../lib/contract/wire.ts';
import type { StoreContext } from '../context.ts';
import { loadArtists } from './artist-records.ts';
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

/**
 * A genre's, label's or artist's top tracks: the tracks `where` selects (with `?` the page's id),
 * most popular first, capped at topTracksCap; the slice asked for, and how many there are.
 */
async function topTracks(ctx: StoreContext, where: string, id: number, slice: Slice) {
  const count =
    (
      await ctx.db.get<{ n: number }>(
        `SELECT count(*) AS n FROM (SELECT 1 FROM tracks t ${where} LIMIT ${listSizes.topTracksCap}) AS top`,
        id,
      )
    )?.n ?? 0;
  const limit = Math.max(0, Math.min(slice.limit, count - slice.offset));
  const trackIds = await ctx.db.all<{ id: number }>(
    `SELECT t.id FROM tracks t ${where} ORDER BY t.popularity DESC, t.id LIMIT ? OFFSET ?`,
    id,
    limit,
    slice.offset,
  );
  return { tracks: await tracksInOrder(ctx, ids(trackIds)), count };
}

export interface PagedList {
  /** Total rows of the page's pageable list, for paging metadata. */
  count: number;
}

const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

interface ChartRow {
  id: number;
  name: string;
  slug: string;
  publish_date: string;
  genre_id: number | null;
  genre_name: string | null;
  genre_slug: string | null;
  curator_id: number | null;
  curator_name: string | null;
  curator_slug: string | null;
  track_count: number;
}

const chartSelect = `
  SELECT c.id, c.name, c.slug, c.publish_date,
         g.id AS genre_id, g.name AS genre_name, g.slug AS genre_slug,
         a.id AS curator_id, a.name AS curator_name, a.slug AS curator_slug,
         (SELECT count(*) FROM chart_tracks ct WHERE ct.chart_id = c.id) AS track_count
    FROM charts c
    LEFT JOIN genres g ON g.id = c.genre_id
    LEFT JOIN artists a ON a.id = c.curator_artist_id`;

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
  const row = await ctx.db.get<Ref>(`SELECT id, name, slug FROM ${table} WHERE id = ?`, id);
  return row && refOf(row);
};

export async function homePage(ctx: StoreContext): Promise<CatalogPageResults<'home'>> {
  const { db } = ctx;
  return {
    featuredReleases: await releasesInOrder(
      ctx,
      ids(
        await db.all(
          'SELECT id FROM releases WHERE featured = 1 ORDER BY publish_date DESC, id DESC LIMIT ?',
          listSizes.featuredReleases,
        ),
      ),
    ),
    newReleases: await releasesInOrder(
      ctx,
      ids(
        await db.all(
          'SELECT id FROM releases ORDER BY publish_date DESC, id DESC LIMIT ?',
          listSizes.newReleases,
        ),
      ),
    ),
    topTracks: await tracksInOrder(
      ctx,
      ids(await db.all('SELECT id FROM tracks ORDER BY popularity DESC, id LIMIT ?', listSizes.topTracks)),
    ),
    genres: (await db.all<Ref>('SELECT id, name, slug FROM genres ORDER BY name')).map(refOf),
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
  const top = await topTracks(ctx, 'WHERE t.genre_id = ?', id, slice);
  return {
    genre,
    topTracks: top.tracks,
    newReleases: await releasesInOrder(
      ctx,
      ids(
        await db.all(
          'SELECT id FROM releases WHERE genre_id = ? ORDER BY publish_date DESC, id DESC LIMIT ?',
          id,
          listSizes.newReleases,
        ),
      ),
    ),
    charts: (
      await db.all<ChartRow>(
        `${chartSelect} WHERE c.genre_id = ? ORDER BY c.publish_date DESC, c.id DESC LIMIT ?`,
        id,
        listSizes.charts,
      )
    ).map(chartOf),
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
  const top = await topTracks(ctx, 'WHERE t.label_id = ?', id, slice);
  return {
    label,
    releases: await releasesInOrder(
      ctx,
      ids(
        await db.all(
          'SELECT id FROM releases WHERE label_id = ? ORDER BY publish_date DESC, id DESC LIMIT ?',
          id,
          listSizes.releases,
        ),
      ),
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
  const top = await topTracks(
    ctx,
    'WHERE t.id IN (SELECT track_id FROM track_artists WHERE artist_id = ?)',
    id,
    slice,
  );
  return {
    artist,
    releases: await releasesInOrder(
      ctx,
      ids(
        await db.all(
          `SELECT r.id FROM release_artists ra JOIN releases r ON r.id = ra.release_id
            WHERE ra.artist_id = ? ORDER BY r.publish_date DESC, r.id DESC LIMIT ?`,
          id,
          listSizes.releases,
        ),
      ),
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
  const row = await ctx.db.get<ChartRow>(`${chartSelect} WHERE c.id = ?`, id);
  if (!row) return undefined;
  const chart = chartOf(row);
  return {
    chart,
    tracks: await tracksInOrder(
      ctx,
      ids(
        await ctx.db.all(
          'SELECT track_id AS id FROM chart_tracks WHERE chart_id = ? ORDER BY position LIMIT ? OFFSET ?',
          id,
          slice.limit,
          slice.offset,
        ),
      ),
    ),
    count: chart.trackCount,
  };
}

export async function chartOverviewPage(ctx: StoreContext): Promise<CatalogPageResults<'chart-overview'>> {
  return {
    charts: (
      await ctx.db.all<ChartRow>(`${chartSelect} ORDER BY c.publish_date DESC, c.id DESC LIMIT 100`)
    ).map(chartOf),
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
