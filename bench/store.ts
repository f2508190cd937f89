/**
 * Store service benchmark: starts the store in its own process (bench/store-process.ts) on a seeded
 * database (kept in .bench/ and reused), then
 *
 * - drives each scenario with autocannon: requests/s with one connection and with several, next to
 *   the same for an empty route of the same app (the floor: what Fastify and Node cost alone);
 * - measures latency itself, one request at a time with a sub-millisecond clock, for the artist
 *   catalog: the issue's query (2 facets + returnFacets) and a sweep over every `sortBy` and filter
 *   combination, each request with another page or value so that no cache answers twice. The
 *   worst p99 of the sweep is the figure no combination may exceed.
 *
 * The cart is emptied before each scenario.
 *
 * `--durable` (SQLite): the store commits with `synchronous=FULL` (every acknowledged write on
 * disk, like the durable PostgreSQL cluster) and only the cart adds run: their figures are named
 * `..._sqlite_durable_rps`, kept beside the default (`synchronous=NORMAL`) ones. `--cart-only`
 * runs only the cart adds on any engine.
 *
 * On PostgreSQL (`--db postgres://...`, or `--postgres` for a throwaway cluster made here),
 * `--instances N` starts N store processes on one database, one after another (the first seeds),
 * on consecutive ports; throughput is then N autocannon runs side by side, one per instance
 * (connections split between them), summed, and latency requests go round the instances.
 *
 *   npm run bench:store -- [--scale 1000000] [--seconds 5] [--connections 10] [--samples 300]
 *                          [--db PATH|postgres://...] [--postgres] [--instances N] [--durable] [--cart-only]
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { type PostgresCluster, startPostgresCluster } from '../scripts/postgres-cluster.ts';
import { Database, isPostgresUrl } from '../server/db/database.ts';
import { signIn } from '../test/helpers/tokens.ts';
import { median, recordFigures } from './figures.ts';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    samples: { type: 'string', default: '300' },
    port: { type: 'string', default: '8790' },
    db: { type: 'string' },
    postgres: { type: 'boolean' },
    instances: { type: 'string', default: '1' },
    durable: { type: 'boolean', default: false },
    'cart-only': { type: 'boolean', default: false },
  },
});
const scale = Number(values.scale);
const port = Number(values.port);
const samples = Number(values.samples);
const connections = Number(values.connections);
const instanceCount = Number(values.instances);
const baseUrl = `http://127.0.0.1:${port}`;
const instanceUrls = Array.from({ length: instanceCount }, (_, i) => `http://127.0.0.1:${port + i}`);
mkdirSync('.bench', { recursive: true });
let cluster: PostgresCluster | undefined;
// Durable, as a store runs in production: every acknowledged write is on disk.
if (values.postgres) cluster = await startPostgresCluster({ durable: true });
const dbPath = cluster
  ? await cluster.createDatabase('bench')
  : (values.db ?? process.env.DATABASE_URL ?? `.bench/store-${scale}.db`);
if (instanceCount > 1 && !isPostgresUrl(dbPath)) {
  console.error('--instances N needs PostgreSQL (--db postgres://... or --postgres): SQLite is one process.');
  process.exit(2);
}
const engine = isPostgresUrl(dbPath) ? 'postgres' : 'sqlite';
const durableSqlite = values.durable && engine === 'sqlite';

const stores: ChildProcessWithoutNullStreams[] = [];
const started = performance.now();
let seedSeconds: number | undefined;
for (const [i, url] of instanceUrls.entries()) {
  const store = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'bench/store-process.ts',
      '--db',
      dbPath,
      '--port',
      String(port + i),
      '--scale',
      String(scale),
      ...(durableSqlite ? ['--synchronous', 'full'] : []),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] } as never,
  ) as ChildProcessWithoutNullStreams;
  stores.push(store);
  await new Promise<void>((resolve, reject) => {
    store.once('exit', (code) => reject(new Error(`store exited with ${code}`)));
    store.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      if (/^Seed/m.test(text)) process.stdout.write(text);
      const seeded = /^Seeded in ([0-9.]+) s/m.exec(text);
      if (seeded) seedSeconds = Number(seeded[1]);
      if (text.includes('listening on')) resolve();
    });
  });
  console.log(`store ready at ${url} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
console.log(
  `${engine}${durableSqlite ? ' (synchronous=FULL)' : ''}, ${instanceCount} instance(s)${engine === 'sqlite' ? ` (${dbPath})` : ''}, ${availableParallelism()} cores`,
);

const db = await Database.open(dbPath);
const samples_ = new Map<string, unknown[]>();
for (const [key, sql] of Object.entries({
  tracks: "SELECT id FROM tracks WHERE sale_type = 'purchase' ORDER BY random() LIMIT 300",
  genres:
    'SELECT g.id, g.name FROM artist_genres ag JOIN genres g ON g.id = ag.genre_id GROUP BY g.id, g.name ORDER BY count(*) DESC',
  labels: 'SELECT id FROM labels ORDER BY random() LIMIT 50',
  artists: 'SELECT name FROM artists ORDER BY random() LIMIT 50',
})) {
  samples_.set(key, await db.all(sql));
}
const sample = <T>(key: string) => samples_.get(key) as T[];
const trackIds = sample<{ id: number }>('tracks').map((r) => r.id);
const plus = (name: string) => encodeURIComponent(name).replaceAll('%20', '+');
const genres = sample<{ id: number; name: string }>('genres');
const labelIds = sample<{ id: number }>('labels').map((r) => r.id);
const artistNames = sample<{ name: string }>('artists').map((r) => r.name);
await db.close();

const { accessToken } = await signIn(baseUrl, 'dj2', 'dj2');
const auth = { authorization: `Bearer ${accessToken}` };
const at = <T>(list: T[], i: number) => list[i % list.length] as T;

interface Scenario {
  name: string;
  figure?: string;
  requests: autocannon.Request[];
  /** Runs after the cart is emptied, before the scenario. */
  prepare?: () => Promise<unknown>;
}
let next = 0;
const [first, second] = [genres[0]?.name ?? '', genres[1]?.name ?? ''];
const twoFacets = `/catalog/3/artists?facets[]=genreName:${plus(first)}&facets[]=genreName:${plus(second)}&returnFacets=genreName,performerName`;
const scenarios: Scenario[] = [
  { name: 'empty route (floor)', figure: 'store_empty_route_rps', requests: [{ path: '/bench/empty' }] },
  {
    name: 'catalog track detail',
    figure: 'store_track_detail_rps',
    requests: [
      {
        setupRequest: (req) => ({ ...req, path: `/catalog/3/platform/track?id=${at(trackIds, next++)}` }),
      },
    ],
  },
  { name: 'artist catalog, 2 facets + returnFacets', requests: [{ path: twoFacets }] },
  {
    name: 'cart view, 25 items',
    requests: [{ path: '/cart/1/?sourceType=bench', headers: auth }],
    prepare: () =>
      fetch(
        `${baseUrl}/cart/1/?sourceType=bench&items=${encodeURIComponent(
          JSON.stringify(trackIds.slice(0, 25).map((id) => ({ id, type: 'track', audioFormat: 'wav' }))),
        )}`,
        { method: 'POST', headers: auth },
      ),
  },
  {
    name: 'cart add (cycling 50 tracks)',
    figure: 'cart_add_rps',
    requests: [
      {
        method: 'POST',
        headers: auth,
        setupRequest: (req) => ({
          ...req,
          path: `/cart/1/?sourceType=bench&items=${encodeURIComponent(
            JSON.stringify([{ id: at(trackIds, next++ % 50), type: 'track', audioFormat: 'mp3' }]),
          )}`,
        }),
      },
    ],
  },
  {
    // Ten buyers' carts at once (one account's ten named carts): how a store with many buyers
    // adds, where one cart's row lock does not put every request in one line.
    name: 'cart add, 10 carts (cycling 50 tracks)',
    figure: 'cart_add_10_carts_rps',
    requests: [
      {
        method: 'POST',
        headers: auth,
        setupRequest: (req) => {
          const n = next++;
          return {
            ...req,
            path: `/cart/1/?sourceType=bench&name=bench-${n % 10}&items=${encodeURIComponent(
              JSON.stringify([{ id: at(trackIds, n % 50), type: 'track', audioFormat: 'mp3' }]),
            )}`,
          };
        },
      },
    ],
  },
];

/** One autocannon run per instance, side by side, connections split between them; the sums. */
async function run(scenario: Scenario, connections: number) {
  const results = await Promise.all(
    instanceUrls.map((url, i) =>
      autocannon({
        url,
        connections: Math.max(
          1,
          Math.floor(connections / instanceCount) + (i < connections % instanceCount ? 1 : 0),
        ),
        duration: Number(values.seconds),
        requests: scenario.requests,
      }),
    ),
  );
  const sum = (pick: (result: autocannon.Result) => number) =>
    results.reduce((total, r) => total + pick(r), 0);
  return {
    requests: { average: sum((r) => r.requests.average) },
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
  };
}
let turn = 0;
const nextUrl = () => instanceUrls[turn++ % instanceCount] as string;
const emptyCart = () => fetch(`${baseUrl}/cart/1/?sourceType=bench`, { method: 'DELETE', headers: auth });

interface Latency {
  p50: number;
  p99: number;
  /** The same, of the time the store itself took (its server-timing header). */
  serverP50: number;
  serverP99: number;
}

const percentiles = (times: number[]) => {
  times.sort((a, b) => a - b);
  return {
    p50: median(times),
    // Nearest rank: the smallest time at least 99% of the requests took no longer than.
    p99: times[Math.ceil(times.length * 0.99) - 1] as number,
  };
};

async function timed(path: string): Promise<{ total: number; server: number }> {
  const started = performance.now();
  const response = await fetch(`${nextUrl()}${path}`);
  await response.arrayBuffer();
  const total = performance.now() - started;
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  const server = Number(/dur=([0-9.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? Number.NaN);
  return { total, server };
}

/**
 * Latency one request at a time, in milliseconds with the clock's full resolution; with `floor`,
 * each request is followed by one to the empty route, so that both see the same moments of the
 * machine, and the floor's figures come back too.
 */
async function latencies(
  path: (i: number) => string,
  count: number,
  floor?: string,
): Promise<{ query: Latency; floor?: Latency }> {
  for (let i = 0; i < 20; i++) await timed(path(i));
  const query = { total: [] as number[], server: [] as number[] };
  const empty = { total: [] as number[], server: [] as number[] };
  for (let i = 0; i < count; i++) {
    const one = await timed(path(i + 20));
    query.total.push(one.total);
    query.server.push(one.server);
    if (floor) {
      const other = await timed(floor);
      empty.total.push(other.total);
      empty.server.push(other.server);
    }
  }
  const summary = (times: { total: number[]; server: number[] }): Latency => {
    const total = percentiles(times.total);
    const server = percentiles(times.server);
    return { ...total, serverP50: server.p50, serverP99: server.p99 };
  };
  return { query: summary(query), ...(floor ? { floor: summary(empty) } : {}) };
}

const figures: Record<string, number> = {};
const cartOnly = durableSqlite || values['cart-only'];
const chosenScenarios = cartOnly
  ? scenarios.filter((scenario) => scenario.figure?.startsWith('cart_add'))
  : scenarios;
console.log(
  `\n${'scenario'.padEnd(42)} ${'req/s@1'.padStart(8)} ${`req/s@${connections}`.padStart(9)}  errors`,
);
for (const scenario of chosenScenarios) {
  await emptyCart();
  await scenario.prepare?.();
  const one = await run(scenario, 1);
  const many = await run(scenario, connections);
  const errors = one.non2xx + many.non2xx + one.errors + many.errors;
  if (scenario.figure) figures[scenario.figure] = many.requests.average;
  console.log(
    `${scenario.name.padEnd(42)} ${Math.round(one.requests.average).toString().padStart(8)} ${Math.round(many.requests.average).toString().padStart(9)}  ${String(errors).padStart(6)}`,
  );
}
await emptyCart();
if (!cartOnly) await catalogFigures();

/** The track detail's throughput ratio, and the artist catalog's latencies. */
async function catalogFigures() {
  figures.store_track_detail_floor_ratio =
    (figures.store_track_detail_rps ?? 0) / (figures.store_empty_route_rps ?? Number.NaN);
  console.log(
    `track detail / empty route throughput: ${figures.store_track_detail_floor_ratio.toFixed(2)} (goal >= 0.6)`,
  );
  // The artist catalog: the issue's query, then every sort and filter combination. The floor of
  // a latency: the empty route, a request after each of the query's. On a loaded machine its p99
  // shows what scheduling alone adds to any request; the server's own time shows the store's part.
  const main = await latencies(() => twoFacets, samples, '/bench/empty');
  const floor = main.floor as Latency;
  figures.artist_catalog_p99_ms = main.query.p99;
  figures.artist_catalog_server_p99_ms = main.query.serverP99;
  figures.store_empty_route_p99_ms = floor.p99;
  console.log(
    `\nartist catalog, 2 facets + returnFacets: p50 ${main.query.p50.toFixed(2)} ms, p99 ${main.query.p99.toFixed(2)} ms (goal p99 <= 2 ms; in the store ${main.query.serverP50.toFixed(2)} / ${main.query.serverP99.toFixed(2)} ms); empty route p50 ${floor.p50.toFixed(2)} ms, p99 ${floor.p99.toFixed(2)} ms`,
  );
  await catalogSweep();
}

/**
 * Every sortBy x filter x returnFacets combination, each request another page or value so that
 * no cached answer stands for a slow path. At least 100 requests each: the p99 is then a
 * percentile, not the one slowest request.
 */
async function catalogSweep() {
  const sorts = [
    '',
    'publishDate DESC',
    'publishDate ASC',
    'name ASC',
    'name DESC',
    'artistId DESC',
    'publishDate DESC,artistId ASC',
    'name ASC,publishDate DESC',
  ];
  const filters: Record<string, (i: number) => string> = {
    none: () => '',
    'genreName facet': (i) => `&facets[]=genreName:${plus(at(genres, i).name)}`,
    '2 genreName facets': (i) =>
      `&facets[]=genreName:${plus(at(genres, i).name)}&facets[]=genreName:${plus(at(genres, i + 1).name)}`,
    'performerName facet': (i) => `&facets[]=performerName:${plus(at(artistNames, i))}`,
    genreId: (i) => `&genreId=${at(genres, i).id}`,
    labelId: (i) => `&labelId=${at(labelIds, i)}`,
    search: (i) => `&search=${plus(at(artistNames, i).slice(0, 3))}`,
  };
  const results: { query: string; latency: Latency; floor: Latency }[] = [];
  const sweepSamples = Math.max(100, Math.round(samples / 2));
  for (const sortBy of sorts) {
    for (const [filterName, filter] of Object.entries(filters)) {
      for (const returnFacets of [false, true]) {
        const path = (i: number) =>
          `/catalog/3/artists?page=${(i % 20) + 1}&perPage=25${sortBy ? `&sortBy=${plus(sortBy)}` : ''}${filter(i)}${returnFacets ? '&returnFacets=genreName,performerName' : ''}`;
        const measured = await latencies(path, sweepSamples, '/bench/empty');
        results.push({
          query: `sortBy=${sortBy || '(default)'}, ${filterName}${returnFacets ? ', returnFacets' : ''}`,
          latency: measured.query,
          floor: measured.floor as Latency,
        });
      }
    }
  }
  const worst = (pick: (result: (typeof results)[number]) => number) =>
    Math.max(...results.map((result) => pick(result)));
  figures.artist_catalog_worst_p99_ms = worst((result) => result.latency.p99);
  figures.artist_catalog_worst_server_p99_ms = worst((result) => result.latency.serverP99);
  figures.artist_catalog_worst_server_p50_ms = worst((result) => result.latency.serverP50);
  figures.store_empty_route_worst_p99_ms = worst((result) => result.floor.p99);
  console.log(
    `artist catalog, worst p99 over ${results.length} combinations (${sweepSamples} requests each): ${figures.artist_catalog_worst_p99_ms.toFixed(2)} ms (goal <= 10 ms); in the store: worst p99 ${figures.artist_catalog_worst_server_p99_ms.toFixed(2)} ms, worst p50 ${figures.artist_catalog_worst_server_p50_ms.toFixed(2)} ms; the empty route's worst p99 beside them: ${figures.store_empty_route_worst_p99_ms.toFixed(2)} ms`,
  );
  // The slowest by the whole request, then by the store's own time: where the time goes.
  const header = (title: string) =>
    console.log(
      `\n${title.padEnd(58)} ${'p50'.padStart(6)} ${'p99'.padStart(7)} ${'store p50'.padStart(10)} ${'store p99'.padStart(10)} ${'floor p99'.padStart(10)}`,
    );
  const slowest = (pick: (result: (typeof results)[number]) => number) => {
    for (const { query, latency, floor } of [...results].sort((a, b) => pick(b) - pick(a)).slice(0, 5)) {
      console.log(
        `${query.padEnd(58)} ${latency.p50.toFixed(2).padStart(6)} ${latency.p99.toFixed(2).padStart(7)} ${latency.serverP50.toFixed(2).padStart(10)} ${latency.serverP99.toFixed(2).padStart(10)} ${floor.p99.toFixed(2).padStart(10)}`,
      );
    }
  };
  header('slowest combinations (p99)');
  slowest((result) => result.latency.p99);
  header("slowest in the store (the store's p99)");
  slowest((result) => result.latency.serverP99);
}

// PostgreSQL figures are kept beside SQLite's, never in their place: cart_add_rps becomes
// cart_add_postgres_2_instances_rps (the unit stays last).
recordFigures(
  engine === 'sqlite'
    ? durableSqlite
      ? Object.fromEntries(
          Object.entries(figures).map(([key, value]) => [key.replace(/_rps$/, '_sqlite_durable_rps'), value]),
        )
      : figures
    : Object.fromEntries(
        Object.entries(figures).map(([key, value]) => [
          key.replace(
            /_([a-z]+(?:_per_s)?)$/,
            `_postgres_${instanceCount}_instance${instanceCount > 1 ? 's' : ''}_$1`,
          ),
          value,
        ]),
      ),
);
// The PostgreSQL seed (COPY) when this run made the database; SQLite's is bench/seed.ts.
if (seedSeconds && engine === 'postgres') recordFigures({ seed_postgres_tracks_per_s: scale / seedSeconds });
for (const store of stores) store.kill('SIGTERM');
await Promise.all(stores.map((store) => new Promise((resolve) => store.once('exit', resolve))));
cluster?.stop();
