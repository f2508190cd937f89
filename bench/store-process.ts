/**
 * The store as bench/store.ts runs it: the real app (server/app.ts) on the bench's database,
 * seeded on first start like `npm run store`, plus one empty route, `/bench/empty`. That route
 * goes through the same Fastify instance, hooks and connection handling as every store route, so
 * its throughput is the floor the store's own routes are measured against in the same run.
 *
 *   tsx bench/store-process.ts --db PATH --port N --scale N
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
