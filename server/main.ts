import { isIP } from 'node:net';
import { parseArgs } from 'node:util';
import { defaultCartLimits } from '../lib/contract/cart-limits.ts';
import { defaultPort } from './runtime/store-command.ts';

const usage = `Usage: npm run store -- [options]

  --port N                 port to listen on (default ${defaultPort})
  --host H                 address to listen on (default 127.0.0.1)
  --db PATH|URL            SQLite database file (default .data/store.db), or a PostgreSQL database:
                           postgres://user:password@host:port/database (or set DATABASE_URL)
  --scale N                tracks in the demo catalog seeded on first start (default 5000)
  --track-seconds N        seed every track N seconds long instead of 3 to 9 minutes (tests and
                           benches whose subject is not a file's length)
  --access-token-ttl S     access token lifetime in seconds (default 600)
  --base-url URL           public origin, when it differs from http://HOST:PORT
  --carts-per-user N       carts one user may have (default 100)
  --items-per-cart N       items one cart may hold (default 1000)
  --operator-token TOKEN   the token npm run store:publish sends (or set CRATE_OPERATOR_TOKEN;
                           default: made once and kept in the data folder's operator-token file)
  --trust-proxy ADDRESSES  reverse proxies (addresses, CIDR ranges or loopback, comma-separated)
                           whose X-Forwarded-For gives the client's address

Shaping the demo's file responses like the internet (purchased files and previews; all off by default):
  --files-latency-ms N     wait N ms before each file response
  --files-kbps N           send each file response at N kilobits per second (per connection;
                           16000 is 2 MB/s)
  --files-cut-after-bytes N  cut the connection of the first purchased-file response that passes
                           N bytes, once, after exactly N bytes; kill -USR2 <pid> arms it again`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

function wholeNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[0-9]{1,15}$/.test(value)) fail(`--${name} must be a whole number.`);
  return Number(value);
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^[0-9]+$/.test(value) || Number(value) < 1) fail(`--${name} must be a positive whole number.`);
  return Number(value);
}

/** Comma-separated addresses, CIDR ranges and proxy-addr's names, checked before Fastify sees them. */
function proxyAddresses(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const names = new Set(['loopback', 'linklocal', 'uniquelocal']);
  const entries = value.split(',').map((part) => part.trim());
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const version = isIP(address);
    const prefixOk =
      prefix === undefined || (/^[0-9]{1,3}$/.test(prefix) && Number(prefix) <= (version === 6 ? 128 : 32));
    if (!names.has(entry) && (version === 0 || !prefixOk)) {
      fail(`--trust-proxy: "${entry}" is not an address, a CIDR range or loopback.`);
    }
  }
  return entries.join(',');
}

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      db: { type: 'string' },
      scale: { type: 'string' },
      'track-seconds': { type: 'string' },
      'access-token-ttl': { type: 'string' },
      'base-url': { type: 'string' },
      'carts-per-user': { type: 'string' },
      'items-per-cart': { type: 'string' },
      'trust-proxy': { type: 'string' },
      'files-latency-ms': { type: 'string' },
      'files-kbps': { type: 'string' },
      'files-cut-after-bytes': { type: 'string' },
      'operator-token': { type: 'string' },
      help: { type: 'boolean' },
    },
  }).values;
}
try {
  args = parse();
} catch (error) {
  fail((error as Error).message);
}
if (args.help) {
  console.log(usage);
  process.exit(0);
}

const port = positiveInt('port', args.port, defaultPort);
if (port > 65535) fail('--port must be at most 65535.');
const scale = positiveInt('scale', args.scale, 5000);
const trackSeconds =
  args['track-seconds'] === undefined ? undefined : positiveInt('track-seconds', args['track-seconds'], 1);
const accessTokenTtlSeconds = positiveInt('access-token-ttl', args['access-token-ttl'], 600);
const cartLimits = {
  cartsPerUser: positiveInt('carts-per-user', args['carts-per-user'], defaultCartLimits.cartsPerUser),
  itemsPerCart: positiveInt('items-per-cart', args['items-per-cart'], defaultCartLimits.itemsPerCart),
};
const fileNetwork = {
  latencyMs: wholeNumber('files-latency-ms', args['files-latency-ms']),
  kbps: wholeNumber('files-kbps', args['files-kbps']),
  cutAfterBytes: wholeNumber('files-cut-after-bytes', args['files-cut-after-bytes']),
};
const host = args.host as string;
const baseUrl =
  (args['base-url'] as string | undefined) ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

const trustProxy = proxyAddresses(args['trust-proxy'] as string | undefined);

// The store's modules load once the arguments are good: a mistyped option is refused at once,
// not after a second of loading Fastify, the database drivers and the rest.
const [
  { buildApp, defaultCloseGraceMs },
  { artistIndex },
  { Database, DatabaseUnavailable },
  { dataFolderOf, loadOperatorToken },
  seed,
] = await Promise.all([
  import('./app.ts'),
  import('./catalog/artist-index.ts'),
  import('./db/database.ts'),
  import('./operator/operator-token.ts'),
  import('./seed/generate.ts'),
]);
const { ensureDemoAccounts, generateCatalog, isCatalogEmpty } = seed;

/**
 * An error while starting: one line and a non-zero exit, never a stack trace. A database that is
 * down, refuses the password or is not the store's exits with 3; anything else with 1, with
 * PostgreSQL's detail (which row, which key) when it gives one.
 */
function startFailed(error: unknown): never {
  if (error instanceof DatabaseUnavailable) {
    console.error(error.message);
    process.exit(3);
  }
  const { message, detail } = (error ?? {}) as { message?: unknown; detail?: unknown };
  const said = [message, detail].filter((part) => typeof part === 'string' && part !== '').join(' ');
  console.error(`The store could not start: ${(said || String(error)).replace(/\s*\n\s*/g, ' ')}`);
  process.exit(1);
}

const dbPath = (args.db as string | undefined) ?? process.env.DATABASE_URL ?? '.data/store.db';

/**
 * Opens (migrating) and, on an empty database, seeds it, then makes the demo accounts: each a
 * "look, then write", so all under the database's startup lock. Instances started together (an
 * orchestrator's replicas) wait for the one holding it, then find the work done.
 */
async function prepareStore() {
  const operatorToken =
    (args['operator-token'] as string | undefined) ??
    process.env.CRATE_OPERATOR_TOKEN ??
    loadOperatorToken(dataFolderOf(dbPath));
  const startupLock = await Database.startupLock(dbPath, () =>
    console.log('Another store instance is preparing the database: waiting for it...'),
  );
  try {
    const built = await buildApp({
      dbPath,
      dbOptions: { startupLock },
      config: { baseUrl, accessTokenTtlSeconds, cartLimits, fileNetwork, operatorToken },
      // Requests are not logged one by one: warnings and errors only, unless CRATE_LOG_LEVEL says otherwise.
      logLevel: process.env.CRATE_LOG_LEVEL ?? 'warn',
      trustProxy,
    });
    const { db } = built.ctx;
    if (await isCatalogEmpty(db)) {
      const started = performance.now();
      console.log(`Seeding the demo catalog with ${scale} tracks...`);
      const summary = await generateCatalog(db, { scale, trackSeconds });
      console.log(
        `Seeded ${summary.tracks} tracks, ${summary.releases} releases, ${summary.artists} artists in ${Math.round(performance.now() - started)} ms.`,
      );
    }
    await ensureDemoAccounts(db, built.ctx.config);
    return built;
  } finally {
    await startupLock.release();
  }
}

const { app, ctx } = await prepareStore().catch(startFailed);
// Made before the store listens: at 1,000,000 tracks no request waits seconds for it.
await artistIndex(ctx.db).catch(startFailed);

if (fileNetwork.cutAfterBytes !== undefined) {
  process.on('SIGUSR2', () => {
    ctx.fileNetwork.armCut();
    console.log(`SIGUSR2: the next purchased file passing ${fileNetwork.cutAfterBytes} bytes will be cut.`);
  });
}

/**
 * When the store was asked to stop. One Ctrl-C reaches it two or three times within milliseconds
 * (from the terminal, and forwarded by npm and by `npm start`): those are one request. Asked again
 * later, the person will not wait for the files being sent: it stops at once (SQLite's WAL keeps
 * what was committed; the next start reads it).
 */
let closingSince: number | undefined;
const sameRequestMs = 1000;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closingSince !== undefined) {
      if (performance.now() - closingSince < sameRequestMs) return;
      console.log(`${signal} again: stopping now.`);
      process.exit(signal === 'SIGINT' ? 130 : 143);
    }
    closingSince = performance.now();
    console.log(
      `\n${signal}: closing the store (files being sent get up to ${defaultCloseGraceMs / 1000} s; ${signal} again stops now)...`,
    );
    app.close().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}

try {
  await app.listen({ port, host });
} catch (error) {
  console.error(`Could not listen on ${host}:${port}: ${(error as Error).message}`);
  await app.close();
  process.exit(1);
}
console.log(`Crate store listening on ${baseUrl}  (sign in as demo / demo)`);
