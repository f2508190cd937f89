/**
 * "New for you" benchmark: one feed refresh for 200 followed artists and 50 labels against a real
 * store, the calls it makes and its time, side by side in one run with the naive refresh (a
 * detail call for every followed artist and label, its track list cut the same way). Ten releases are published first (five by
 * followed artists, five on followed labels), so the refresh finds something:
 *
 *   npm run bench:following -- [--scale 20000] [--runs 7]
 */
import { parseArgs } from 'node:util';
import { createApiClient } from '../lib/background/api-client.ts';
import { utcDay } from '../lib/background/following/feed-model.ts';
import { refreshFeed } from '../lib/background/following/feed-refresh.ts';
import { forEachPooled } from '../lib/background/pool.ts';
import type { StoreFollows } from '../lib/storage/following.ts';
import { publishRelease } from '../server/operator/publish.ts';
import { startTestStore } from '../test/helpers/store.ts';
import { median, recordFigures } from './figures.ts';

const { values } = parseArgs({
  options: { scale: { type: 'string', default: '20000' }, runs: { type: 'string', default: '7' } },
});
const runs = Number(values.runs);
const store = await startTestStore({ scale: Number(values.scale), listen: true });
const { db } = store.ctx;

// The artists who published most recently and the labels with most releases: a DJ's real follows.
const artists = await db.all<{ id: number; name: string }>(
  'SELECT id, name FROM artists ORDER BY last_publish_date DESC, id LIMIT 200',
);
const labels = await db.all<{ id: number; name: string }>(
  'SELECT l.id, l.name FROM labels l ORDER BY (SELECT count(*) FROM releases r WHERE r.label_id = l.id) DESC, l.id LIMIT 50',
);
const since = { day: utcDay(Date.now()), ids: [] };
const follows: StoreFollows = {
  artists: artists.map(({ id, name }) => ({ id, name, since })),
  labels: labels.map(({ id, name }) => ({ id, name, since })),
};
for (let i = 0; i < 5; i++) {
  await publishRelease(store.ctx, { artistId: artists[i * 37]?.id, tracks: 2 });
  await publishRelease(store.ctx, { labelId: labels[i * 9]?.id, tracks: 2 });
}

let calls = 0;
const counting: typeof fetch = (input, init) => {
  calls++;
  return fetch(input, init);
};
const client = createApiClient({ storeUrl: store.baseUrl, sourceType: 'bench', fetch: counting });
const nothingSeen = { day: '', ids: [] };

async function timed(work: () => Promise<unknown>): Promise<{ ms: number; calls: number }> {
  calls = 0;
  const start = performance.now();
  await work();
  return { ms: performance.now() - start, calls };
}

const naive = () =>
  forEachPooled(
    [
      ...follows.artists.map((follow) => ['artist', follow.id] as const),
      ...follows.labels.map((follow) => ['label', follow.id] as const),
    ],
    6,
    async ([kind, id]) => {
      await client.catalogPage(kind, id, { page: 1, perPage: 1 });
    },
  );

let found = 0;
const feed = { ms: [] as number[], calls: 0 };
const all = { ms: [] as number[], calls: 0 };
await timed(() => refreshFeed(client, follows, nothingSeen)); // warm both paths' caches alike
await timed(naive);
for (let run = 0; run < runs; run++) {
  const refresh = await timed(async () => {
    found = (await refreshFeed(client, follows, nothingSeen)).releases.length;
  });
  feed.ms.push(refresh.ms);
  feed.calls = refresh.calls;
  const every = await timed(naive);
  all.ms.push(every.ms);
  all.calls = every.calls;
}
await store.close();

const figures = {
  following_refresh_calls_200_50: feed.calls,
  following_refresh_ms_200_50: median(feed.ms),
  following_naive_calls_200_50: all.calls,
  following_naive_ms_200_50: median(all.ms),
  following_refresh_vs_naive_time_ratio: median(feed.ms) / median(all.ms),
};
console.log(
  `Followed: ${follows.artists.length} artists, ${follows.labels.length} labels; new releases found: ${found}`,
);
console.log(
  `Feed refresh: ${feed.calls} calls, median ${median(feed.ms).toFixed(1)} ms; a detail call for each: ${all.calls} calls, median ${median(all.ms).toFixed(1)} ms (ratio ${figures.following_refresh_vs_naive_time_ratio.toFixed(2)})`,
);
recordFigures(figures);
