/**
 * Seeding benchmark: generates the demo catalog into a fresh SQLite file in a temp folder and
 * prints how long it took, rows per second and the database size. The target: 1,000,000 tracks
 * in under 2 minutes.
 *
 *   tsx bench/seed.ts [--scale 1000000] [--seed 1] [--keep]
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Database } from '../server/db/database.ts';
import { catalogTables, generateCatalog } from '../server/seed/generate.ts';
import { recordFigures } from './figures.ts';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1000000' },
    seed: { type: 'string', default: '1' },
    keep: { type: 'boolean', default: false },
  },
});
const scale = Number(values.scale);
const seed = Number(values.seed);
if (!Number.isSafeInteger(scale) || scale < 1 || !Number.isSafeInteger(seed)) {
  console.error('Usage: tsx bench/seed.ts [--scale N] [--seed N] [--keep]');
  process.exit(2);
}

const dir = mkdtempSync(join(tmpdir(), 'crate-seed-bench-'));
const path = join(dir, 'store.db');
const db = await Database.open(path);
const started = performance.now();
const summary = await generateCatalog(db, { scale, seed });
const seeded = performance.now();
db.close();
const seconds = (seeded - started) / 1000;
const closedSeconds = (performance.now() - started) / 1000;

const check = await Database.open(path);
const rows: Record<string, number> = {};
for (const table of catalogTables) {
  rows[table] = (await check.get<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))?.n ?? 0;
}
await check.close();
const totalRows = Object.values(rows).reduce((sum, n) => sum + n, 0);
const megabytes = statSync(path).size / 1024 / 1024;

console.log(`Seeded ${summary.tracks.toLocaleString('en-US')} tracks (seed ${seed}) into ${path}`);
console.table(rows);
console.log(
  [
    `seconds:          ${seconds.toFixed(1)} (${closedSeconds.toFixed(1)} with the closing WAL checkpoint)`,
    `rows:             ${totalRows.toLocaleString('en-US')}`,
    `rows/s:           ${Math.round(totalRows / seconds).toLocaleString('en-US')}`,
    `tracks/s:         ${Math.round(summary.tracks / seconds).toLocaleString('en-US')}`,
    `database size:    ${megabytes.toFixed(0)} MB`,
    `peak memory:      ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
    `target:           ${scale >= 1_000_000 ? (seconds < 120 ? 'met (< 120 s)' : 'MISSED (>= 120 s)') : 'n/a below 1,000,000 tracks'}`,
  ].join('\n'),
);
recordFigures({ seed_tracks_per_s: summary.tracks / seconds });
if (!values.keep) rmSync(dir, { recursive: true, force: true });
