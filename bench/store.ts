/**
 * Store service benchmark: starts the store in its own process on a seeded database (1,000,000
 * tracks by default; the database is kept in .bench/ and reused), then drives it with autocannon
 * and prints, per scenario, p50/p99 latency and requests/s with one connection, and requests/s with
 * several, next to the targets of the store issue. The cart is emptied before each scenario.
 *
 *   npm run bench:store -- [--scale 1000000] [--seconds 5] [--connections 10]
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { signIn } from '../test/helpers/tokens.ts';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    port: { type: 'string', default: '8790' },
  },
});
const scale = Number(values.scale);
const port = Number(values.port);
const baseUrl = `http://127.0.0.1:${port}`;
mkdirSync('.bench', { recursive: true });
const dbPath = `.bench/store-${scale}.db`;

const store = spawn(
  process.execPath,
  ['--import', 'tsx', 'server/main.ts', '--db', dbPath, '--port', String(port), '--scale', String(scale)],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, CRATE_LOG_LEVEL: 'warn' },
  },
);
const started = performance.now();
await new Promise<void>((resolve, reject) => {
  store.once('exit', (code) => reject(new Error(`store exited with ${code}`)));
  store.stdout.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    if (/^(Seeding|Seeded)/m.test(text)) process.stdout.write(text);
    if (text.includes('listening on')) resolve();
  });
});
console.log(`store ready in ${((performance.now() - started) / 1000).toFixed(1)} s (${dbPath})`);

const db = new DatabaseSync(dbPath, { readOnly: true });
const sample = <T>(sql: string) => db.prepare(sql).all() as T[];
const trackIds = sample<{ id: number }>(
  "SELECT id FROM tracks WHERE sale_type = 'purchase' ORDER BY random() LIMIT 300",
).map((r) => r.id);
const genres = sample<{ name: string }>(
  'SELECT g.name FROM artist_genres ag JOIN genres g ON g.id = ag.genre_id GROUP BY g.id ORDER BY count(*) DESC LIMIT 2',
).map((r) => encodeURIComponent(r.name).replaceAll('%20', '+'));
db.close();

const { accessToken } = await signIn(baseUrl, 'dj2', 'dj2');
const auth = { authorization: `Bearer ${accessToken}` };

interface Scenario {
  name: string;
  target: string;
  requests: autocannon.Request[];
  /** Runs after the cart is emptied, before the scenario. */
  prepare?: () => Promise<unknown>;
  method?: string;
}
let next = 0;
const scenarios: Scenario[] = [
  {
    name: 'catalog track detail',
    target: 'p50 < 2 ms',
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          path: `/catalog/3/platform/track?id=${trackIds[next++ % trackIds.length]}`,
        }),
      },
    ],
  },
  {
    name: 'artist catalog, 2 facets + returnFacets',
    target: 'p50 < 15 ms',
    requests: [
      {
        path: `/catalog/3/artists?facets[]=genreName:${genres[0]}&facets[]=genreName:${genres[1]}&returnFacets=genreName,performerName`,
      },
    ],
  },
  {
    name: 'cart view, 25 items',
    target: '',
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
    target: '> 2000 req/s',
    requests: [
      {
        method: 'POST',
        headers: auth,
        setupRequest: (req) => ({
          ...req,
          path: `/cart/1/?sourceType=bench&items=${encodeURIComponent(
            JSON.stringify([{ id: trackIds[next++ % 50], type: 'track', audioFormat: 'mp3' }]),
          )}`,
        }),
      },
    ],
  },
];

// Latency is measured with one connection (a person waiting), throughput with several.
const run = (scenario: Scenario, connections: number) =>
  autocannon({ url: baseUrl, connections, duration: Number(values.seconds), requests: scenario.requests });
const emptyCart = () => fetch(`${baseUrl}/cart/1/?sourceType=bench`, { method: 'DELETE', headers: auth });

console.log(
  `\n${'scenario'.padEnd(42)} ${'mean ms'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'req/s'.padStart(7)} ${`req/s@${values.connections}`.padStart(9)}  errors  target`,
);
for (const scenario of scenarios) {
  await emptyCart();
  await scenario.prepare?.();
  const latency = await run(scenario, 1);
  const throughput = await run(scenario, Number(values.connections));
  console.log(
    [
      scenario.name.padEnd(42),
      // autocannon's percentiles are whole milliseconds; the mean shows what lies below one.
      latency.latency.average.toFixed(2).padStart(7),
      latency.latency.p50.toFixed(0).padStart(7),
      latency.latency.p99.toFixed(0).padStart(7),
      Math.round(latency.requests.average).toString().padStart(7),
      Math.round(throughput.requests.average).toString().padStart(9),
      String(latency.non2xx + throughput.non2xx + latency.errors + throughput.errors).padStart(7),
      ` ${scenario.target}`,
    ].join(' '),
  );
}
await emptyCart();
store.kill('SIGTERM');
