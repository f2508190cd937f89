/**
 * Website rendering benchmark: seeds a store whose catalog has a 1,000-row chart, renders that
 * chart's page through the whole app (app.inject: routing, session lookup, data, Preact render)
 * and prints median and p95 milliseconds. The target: under 50 ms.
 *
 * For scale it also renders all 1,000 rows into one string, what the page would cost if it did
 * not leave the rest of the list to "load more".
 *
 *   tsx bench/website.ts [--scale 5000] [--runs 200]
 */
import { parseArgs } from 'node:util';
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { chartPage } from '../server/catalog/detail-pages.ts';
import { TrackRows } from '../server/web/components/track-list.tsx';
import { startTestStore } from '../test/helpers/store.ts';
import { median, recordFigures } from './figures.ts';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '5000' },
    runs: { type: 'string', default: '200' },
  },
});
const scale = Number(values.scale);
const runs = Number(values.runs);
if (!Number.isSafeInteger(scale) || scale < 1000 || !Number.isSafeInteger(runs) || runs < 1) {
  console.error('Usage: tsx bench/website.ts [--scale N >= 1000] [--runs N]');
  process.exit(2);
}

function summary(label: string, times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
  console.log(
    `${label.padEnd(44)} median ${at(0.5).toFixed(2)} ms   p95 ${at(0.95).toFixed(2)} ms   (${times.length} runs)`,
  );
}

async function time(fn: () => unknown | Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < 10; i++) await fn(); // warm up: statement cache, JIT
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return times;
}

const store = await startTestStore({ scale });
try {
  const chart = await store.ctx.db.get<{ id: number; slug: string; n: number }>(
    `SELECT c.id, c.slug, count(*) AS n FROM charts c JOIN chart_tracks ct ON ct.chart_id = c.id
      GROUP BY c.id HAVING n >= 1000 ORDER BY n LIMIT 1`,
  );
  if (!chart) throw new Error(`The catalog at scale ${scale} has no chart with 1,000 rows.`);
  const url = `/chart/${chart.slug}/${chart.id}`;
  console.log(`Chart ${url}: ${chart.n} rows, catalog of ${scale} tracks\n`);

  let bytes = 0;
  const page = await time(async () => {
    const response = await store.app.inject({ method: 'GET', url });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
    bytes = response.body.length;
  });
  summary('GET chart page (app.inject, first rows)', page);
  recordFigures({ website_chart_page_ms: median(page) });
  console.log(`${''.padEnd(44)} ${(bytes / 1024).toFixed(0)} KiB of HTML\n`);

  const all = (await chartPage(store.ctx, chart.id))?.tracks ?? [];
  summary(
    `load all ${all.length} rows (chartPage)`,
    await time(async () => await chartPage(store.ctx, chart.id)),
  );
  summary(
    `render all ${all.length} rows (renderToString)`,
    await time(() => renderToString(h(TrackRows, { tracks: all, numbered: true }))),
  );
} finally {
  await store.close();
}
