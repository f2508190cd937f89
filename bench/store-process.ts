/**
 * The store as bench/store.ts runs it: the real app (server/app.ts) on the bench's database,
 * seeded on first start like `npm run store`, plus one empty route, `/bench/empty`. That route
 * goes through the same Fastify instance, hooks and connection handling as every store route, so
 * its throughput is the floor the store's own routes are measured against in the same run.
 * Every answer carries its time in this process (`server-timing: app;dur=MS`, from the request's
 * arrival to its answer handed to the socket), so that the bench can tell the store's own time
 * from the time the machine adds.
 * `--synchronous full` (SQLite): every commit waits for the disk, as durable PostgreSQL does.
 *
 *   tsx bench/store-process.ts --db PATH --port N --scale N [--synchronous full]
 */
import { parseArgs } from 'node:util';
import { buildApp } from '../server/app.ts';
import { artistIndex } from '../server/catalog/artist-index.ts';
import { ensureDemoAccounts, generateCatalog, isCatalogEmpty } from '../server/seed/generate.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    port: { type: 'string' },
    scale: { type: 'string', default: '100000' },
    synchronous: { type: 'string' },
  },
});
if (!values.db || !values.port) {
  console.error('Usage: tsx bench/store-process.ts --db PATH --port N [--scale N]');
  process.exit(2);
}
const port = Number(values.port);
const baseUrl = `http://127.0.0.1:${port}`;
const { app, ctx } = await buildApp({ dbPath: values.db, config: { baseUrl }, logLevel: 'warn' });
app.get('/bench/empty', { schema: { hide: true } }, async () => ({}));
const arrived = new WeakMap<object, bigint>();
app.addHook('onRequest', async (request) => {
  arrived.set(request, process.hrtime.bigint());
});
app.addHook('onSend', async (request, reply) => {
  const start = arrived.get(request);
  if (start !== undefined) {
    reply.header('server-timing', `app;dur=${(Number(process.hrtime.bigint() - start) / 1e6).toFixed(3)}`);
  }
});
if (values.synchronous) {
  if (ctx.db.engine !== 'sqlite' || !/^(full|normal|extra)$/i.test(values.synchronous)) {
    console.error('--synchronous full|normal|extra is for a SQLite store.');
    process.exit(2);
  }
  await ctx.db.run(`PRAGMA synchronous = ${values.synchronous.toUpperCase()}`);
  console.log(`SQLite synchronous = ${values.synchronous.toUpperCase()}`);
}

if (await isCatalogEmpty(ctx.db)) {
  const started = performance.now();
  console.log(`Seeding ${values.scale} tracks...`);
  await generateCatalog(ctx.db, { scale: Number(values.scale) });
  console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}
await ensureDemoAccounts(ctx.db, ctx.config);
// As `npm run store` does: the artist index is made before the store listens.
await artistIndex(ctx.db);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
await app.listen({ port, host: '127.0.0.1' });
console.log(`listening on ${baseUrl}`);
