/**
 * Content script benchmark: the cost of having Crate installed on a long store page. A chart page
 * with all of its 1,000 or 5,000 rows in the first HTML (no "load more") is loaded in headless
 * Chromium with and without the built extension (.output/chrome-mv3, `wxt build` first), several
 * runs each. Prints per size:
 *
 * - the median load time (navigation start to the first frame after the load event) of each,
 *   and their ratio (target: at most 1.05);
 * - the script time the extension adds (CDP ScriptDuration, with minus without: reading the
 *   cache, observing and decorating every row; target for 1,000 rows: under 10 ms), and the
 *   style and layout time it adds;
 * - the content script's gzipped size (target: under 15 KB).
 *
 * The bench builds its own catalog (seed) and adds the two charts to its temp database; the
 * store's generator is not changed. The full-length chart page is served by one extra route of
 * the bench's store, rendered by the site's own ChartPage component.
 *
 *   tsx bench/content-script.ts [--runs 7]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { h, type VNode } from 'preact';
import { chartPage } from '../server/catalog/detail-pages.ts';
import { ChartPage } from '../server/web/pages/chart-page.tsx';
import { sendPage } from '../server/web/render.ts';
import { pageShell } from '../server/web/shell.ts';
import { builtExtensionPath, chromePath, chromiumArgs } from '../test/helpers/chromium.ts';
import { freePort } from '../test/helpers/free-port.ts';
import { startTestStore } from '../test/helpers/store.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '7' } } });
const runs = Number(values.runs);
const sizes = [1000, 5000];
const extensionPath = builtExtensionPath();
const contentScript = join(extensionPath, 'content-scripts', 'store.js');

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

const port = await freePort();
const storeUrl = `http://127.0.0.1:${port}`;
const store = await startTestStore({ scale: 6000, config: { baseUrl: storeUrl } });

/** A chart of the first `rows` tracks, straight into the bench's own database. */
function addChart(rows: number): string {
  const id = (store.ctx.db.get<{ id: number }>('SELECT max(id) + 1 AS id FROM charts')?.id ?? 1) as number;
  store.ctx.db.run(
    'INSERT INTO charts (id, name, slug, genre_id, curator_artist_id, publish_date) VALUES (?, ?, ?, NULL, NULL, ?)',
    id,
    `Bench ${rows}`,
    `bench-${rows}`,
    '2024-01-01',
  );
  store.ctx.db.run(
    `INSERT INTO chart_tracks (chart_id, position, track_id)
       SELECT ?, row_number() OVER (ORDER BY id), id FROM tracks ORDER BY id LIMIT ?`,
    id,
    rows,
  );
  return `/chart/bench-${rows}/${id}/all`;
}

// Every row in the first HTML: what the content script meets on a page that shows a whole chart.
store.app.get<{ Params: { id: string } }>('/chart/:slug/:id/all', async (request, reply) => {
  const data = chartPage(store.ctx, Number(request.params.id));
  if (!data) return reply.code(404).send();
  const page = h(ChartPage, { shell: pageShell(store.ctx, request), data, count: data.tracks.length });
  return sendPage(reply, page as VNode);
});
await store.app.listen({ port, host: '127.0.0.1' });
const paths = new Map(sizes.map((rows) => [rows, addChart(rows)]));

async function launch(withExtension: boolean): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext('', {
    executablePath: chromePath,
    headless: true,
    args: chromiumArgs(withExtension ? extensionPath : undefined),
  });
  if (withExtension) {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    // The configured store is the bench's (signed out: every row still gets its control).
    await worker.evaluate(
      (url) =>
        (
          globalThis as unknown as { chrome: { storage: { local: { set(v: object): Promise<void> } } } }
        ).chrome.storage.local.set({ storeUrl: url }),
      storeUrl,
    );
  }
  return context;
}

interface Sample {
  loadMs: number;
  scriptMs: number;
  styleLayoutMs: number;
  controls: number;
}

async function sample(page: Page, url: string, withExtension: boolean): Promise<Sample> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(url, { waitUntil: 'load' });
  const loadMs = await page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now()))),
      ),
  );
  // Rows are decorated as they come near the viewport: the first screen's are there at once.
  if (withExtension) await page.locator('crate-cart-buttons').first().waitFor();
  // Everything settled: the metrics cover the whole load, decoration included.
  await page.waitForTimeout(300);
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  const controls = await page.locator('crate-cart-buttons').count();
  await cdp.detach();
  return {
    loadMs,
    scriptMs: metric('ScriptDuration'),
    styleLayoutMs: metric('RecalcStyleDuration') + metric('LayoutDuration'),
    controls,
  };
}

async function measure(withExtension: boolean): Promise<Map<number, Sample[]>> {
  const context = await launch(withExtension);
  const results = new Map<number, Sample[]>();
  try {
    for (const rows of sizes) {
      const url = `${storeUrl}${paths.get(rows)}`;
      const samples: Sample[] = [];
      for (let run = 0; run <= runs; run++) {
        const page = await context.newPage();
        const result = await sample(page, url, withExtension);
        await page.close();
        // The first run warms the HTTP and compile caches; it is not counted.
        if (run > 0) samples.push(result);
      }
      results.set(rows, samples);
    }
  } finally {
    await context.close();
  }
  return results;
}

try {
  const without = await measure(false);
  const withCrate = await measure(true);
  console.log(`Chart pages with every row in the HTML, ${runs} runs each, medians\n`);
  for (const rows of sizes) {
    const a = without.get(rows) as Sample[];
    const b = withCrate.get(rows) as Sample[];
    const loadA = median(a.map((s) => s.loadMs));
    const loadB = median(b.map((s) => s.loadMs));
    const script = median(b.map((s) => s.scriptMs)) - median(a.map((s) => s.scriptMs));
    const style = median(b.map((s) => s.styleLayoutMs)) - median(a.map((s) => s.styleLayoutMs));
    console.log(`${rows} rows (${median(b.map((s) => s.controls))} controls)`);
    console.log(`  load without Crate   ${loadA.toFixed(1)} ms`);
    console.log(
      `  load with Crate      ${loadB.toFixed(1)} ms   ratio ${(loadB / loadA).toFixed(3)} (target <= 1.05)`,
    );
    console.log(
      `  script added         ${script.toFixed(1)} ms${rows === 1000 ? '   (target < 10 ms)' : ''}   style+layout added ${style.toFixed(1)} ms`,
    );
  }
  const size = gzipSync(readFileSync(contentScript)).length;
  console.log(`\ncontent script ${(size / 1024).toFixed(1)} KB gzipped (target < 15 KB)`);
} finally {
  await store.close();
}
