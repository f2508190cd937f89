import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { VNode } from 'preact';
import { type PageKind, pageUrl } from '../../lib/contract/store-urls.ts';
import { parseTracklistLine } from '../../lib/contract/tracklist-line.ts';
import type { Ref } from '../../lib/contract/wire.ts';
import { storedTrackAnalysis } from '../analysis/track-analyses.ts';
import {
  artistPage,
  chartOverviewPage,
  chartPage,
  genrePage,
  homePage,
  labelPage,
  releasePage,
  trackPage,
} from '../catalog/detail-pages.ts';
import { tracksInOrder } from '../catalog/records.ts';
import type { StoreContext } from '../context.ts';
import { searchTracks } from '../tracklist/track-search.ts';
import { listPageSize } from './components/track-list.tsx';
import { genreRefs } from './genre-refs.ts';
import type { PageShell } from './layout.tsx';
import { ArtistPage } from './pages/artist-page.tsx';
import { ChartPage } from './pages/chart-page.tsx';
import { ChartsPage } from './pages/charts-page.tsx';
import { GenrePage } from './pages/genre-page.tsx';
import { HomePage } from './pages/home-page.tsx';
import { LabelPage } from './pages/label-page.tsx';
import { ReleasePage } from './pages/release-page.tsx';
import { SearchPage } from './pages/search-page.tsx';
import { TrackPage } from './pages/track-page.tsx';
import { sendPage } from './render.ts';
import { pageShell } from './shell.ts';

/** A positive whole number without leading zeros, as the URL patterns allow; anything else is no page. */
export function parseId(raw: string): number | undefined {
  if (!/^[1-9][0-9]{0,15}$/.test(raw)) return undefined;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : undefined;
}

const firstRows = { offset: 0, limit: listPageSize };

interface DetailPage<T> {
  load(ctx: StoreContext, id: number): Promise<T | undefined>;
  /** The item whose slug and id make the page's canonical URL. */
  item(data: T): Pick<Ref, 'id' | 'slug'>;
  render(shell: PageShell, data: T, tab: string, ctx: StoreContext): VNode | Promise<VNode>;
}

// Each detail page's data comes from the same functions as the catalog API's detail calls.
const detailPages: Record<PageKind, DetailPage<unknown>> = {
  genre: detail({
    load: (ctx, id) => genrePage(ctx, id, firstRows),
    item: (data) => data.genre,
    render: (shell, data, tab) => <GenrePage shell={shell} data={data} count={data.count} tab={tab} />,
  }),
  label: detail({
    load: (ctx, id) => labelPage(ctx, id, firstRows),
    item: (data) => data.label,
    render: (shell, data, tab) => <LabelPage shell={shell} data={data} count={data.count} tab={tab} />,
  }),
  artist: detail({
    load: (ctx, id) => artistPage(ctx, id, firstRows),
    item: (data) => data.artist,
    render: async (shell, data, tab, ctx) => (
      <ArtistPage
        shell={shell}
        data={data}
        count={data.count}
        tab={tab}
        genres={
          await genreRefs(
            ctx,
            data.artist.genres.map((genre) => genre.id),
          )
        }
      />
    ),
  }),
  chart: detail({
    load: (ctx, id) => chartPage(ctx, id, firstRows),
    item: (data) => data.chart,
    render: (shell, data) => <ChartPage shell={shell} data={data} count={data.count} />,
  }),
  release: detail({
    load: releasePage,
    item: (data) => data.release,
    render: (shell, data) => <ReleasePage shell={shell} data={data} />,
  }),
  track: detail({
    load: trackPage,
    item: (data) => data.track,
    render: async (shell, data, _tab, ctx) => (
      <TrackPage
        shell={shell}
        data={data}
        releaseTracks={await tracksInOrder(ctx, data.release.trackIds)}
        analysis={await storedTrackAnalysis(ctx, data.track)}
      />
    ),
  }),
};

// Infers and checks each entry's data type; the table then holds them side by side.
function detail<T>(page: DetailPage<T>): DetailPage<unknown> {
  return page;
}

const queryOf = (url: string) => {
  const index = url.indexOf('?');
  return index === -1 ? '' : url.slice(index);
};

export function pageRoutes(
  app: FastifyInstance,
  ctx: StoreContext,
  notFound: (request: FastifyRequest, reply: FastifyReply) => unknown,
): void {
  app.get('/', async (request, reply) =>
    sendPage(reply, <HomePage shell={await pageShell(ctx, request)} data={await homePage(ctx)} />),
  );
  app.get('/charts', async (request, reply) =>
    sendPage(reply, <ChartsPage shell={await pageShell(ctx, request)} data={await chartOverviewPage(ctx)} />),
  );

  app.get<{ Querystring: { q?: unknown } }>('/search', async (request, reply) => {
    const query = typeof request.query.q === 'string' ? request.query.q.trim().slice(0, 300) : '';
    const line = parseTracklistLine(query);
    const ids = query
      ? await searchTracks(
          ctx,
          query,
          line.kind === 'track' ? { title: line.title, artists: line.artists } : null,
          50,
        )
      : [];
    const tracks = await tracksInOrder(ctx, ids);
    return sendPage(
      reply,
      <SearchPage shell={await pageShell(ctx, request)} query={query} tracks={tracks} />,
    );
  });

  for (const [kind, page] of Object.entries(detailPages) as [PageKind, DetailPage<unknown>][]) {
    app.get<{ Params: { slug: string; id: string }; Querystring: { tab?: unknown } }>(
      `/${kind}/:slug/:id`,
      async (request, reply) => {
        const id = parseId(request.params.id);
        const data = id === undefined ? undefined : await page.load(ctx, id);
        if (data === undefined) return notFound(request, reply);
        const item = page.item(data);
        if (request.params.slug !== item.slug) {
          return reply.redirect(`${pageUrl(kind, item)}${queryOf(request.url)}`, 301);
        }
        const tab = typeof request.query.tab === 'string' ? request.query.tab : '';
        return sendPage(reply, await page.render(await pageShell(ctx, request), data, tab, ctx));
      },
    );
  }
}
