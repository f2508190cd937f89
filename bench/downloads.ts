/**
 * Bulk download benchmark: library entries saved through the extension ("Download all
 * available": the IndexedDB queue, several at a time, the browser's downloads into a profile
 * folder), side by side with baselines on the same entries, each from links the store initiates
 * for it:
 * - the browser's own downloads, one at a time (`downloads.download` from an extension page, each
 *   awaited until complete): what the queue's parallelism buys;
 * - unshaped only: a plain serial `fetch` in Node that writes each file to disk (goal: at most 2x).
 *
 * Two shapes (bench/run.ts runs both):
 * - loopback, unshaped: 100 short MP3s (`--track-seconds`), the files fetched once beforehand so
 *   every side measures transfer and saving (`bulk_download_ratio_100`, goal <= 2);
 * - shaped, as the internet serves files: `--files-latency-ms 40 --files-kbps 16000` per connection
 *   (the store's own shaping), 20 WAVs, full length unless `--track-seconds` shortens them
 *   (`bulk_download_shaped_vs_browser_serial_ratio_20`, goal <= 0.35). No warm-up fetch there: it
 *   would cost as long as the serial side, and the queue pays any first-request cost instead.
 *
 * It runs the built extension (.output/chrome-mv3: `npm run build` first) in headless Chromium
 * against a store of its own on a temp database, signed in as `demo`.
 *
 *   tsx bench/downloads.ts [--entries 100] [--format mp3|wav] [--track-seconds N]
 *                          [--files-latency-ms N --files-kbps N]
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import type { BulkProgress } from '../lib/protocol/messages.ts';
import { findUserByName } from '../server/accounts/users.ts';
import { signInToStore } from '../test/e2e/connect.ts';
import { builtExtensionPath, chromePath, extensionPages, launchChromium } from '../test/helpers/chromium.ts';
import { setAsideLibrary } from '../test/helpers/set-aside-library.ts';
import { startTestStore } from '../test/helpers/store.ts';
import { median, recordFigures } from './figures.ts';

const { values } = parseArgs({
  options: {
    entries: { type: 'string', default: '100' },
    format: { type: 'string', default: 'mp3' },
    'track-seconds': { type: 'string' },
    'files-latency-ms': { type: 'string' },
    'files-kbps': { type: 'string' },
  },
});
const entries = Number(values.entries);
const format = values.format;
const optionalNumber = (text: string | undefined) => (text === undefined ? undefined : Number(text));
const trackSeconds = optionalNumber(values['track-seconds']);
const latencyMs = optionalNumber(values['files-latency-ms']);
const kbps = optionalNumber(values['files-kbps']);
const shaped = latencyMs !== undefined || kbps !== undefined;
const wholeNumbers = [entries, trackSeconds ?? 1, latencyMs ?? 0, kbps ?? 0];
if (
  !wholeNumbers.every(Number.isSafeInteger) ||
  entries < 1 ||
  (trackSeconds ?? 1) < 1 ||
  (format !== 'mp3' && format !== 'wav')
) {
  console.error(
    'Usage: tsx bench/downloads.ts [--entries N] [--format mp3|wav] [--track-seconds N] [--files-latency-ms N] [--files-kbps N]',
  );
  process.exit(2);
}
const extensionPath = builtExtensionPath();

const store = await startTestStore({
  scale: 300,
  listen: true,
  trackSeconds,
  config: shaped ? { fileNetwork: { latencyMs, kbps } } : undefined,
});
const { db } = store.ctx;
const demo = await findUserByName(db, 'demo');
if (!demo) throw new Error('The store has no demo user.');

// `entries` MP3s demo owns, none on this fresh profile; the rest of the library is taken out, as
// "Download all" takes every entry not on this computer, whatever the store's status says.
await setAsideLibrary(store.ctx, demo.id);
const trackIds = (
  await db.all<{ id: number }>(
    `SELECT id FROM tracks WHERE id NOT IN (SELECT track_id FROM downloads WHERE user_id = ?) ORDER BY id LIMIT ?`,
    demo.id,
    entries,
  )
).map((row) => row.id);
if (trackIds.length < entries)
  throw new Error(`The catalog has only ${trackIds.length} tracks demo does not own.`);
for (const trackId of trackIds) {
  await db.run(
    `INSERT INTO downloads (user_id, track_id, audio_format, source, purchased_at) VALUES (?, ?, ?, 'purchase', ?)`,
    demo.id,
    trackId,
    format,
    new Date().toISOString(),
  );
}
const downloadIds = (
  await db.all<{ id: number }>(`SELECT id FROM downloads WHERE user_id = ? AND status = 'available'`, demo.id)
).map((row) => row.id);

const downloadDir = mkdtempSync(join(tmpdir(), 'crate-bench-downloads-'));
const context = await launchChromium({
  executablePath: chromePath,
  extensionPath,
  downloadsPath: downloadDir,
});

/** Sends a protocol message from an extension page, as the popup does. */
function send<T>(page: Page, kind: string): Promise<T> {
  return page
    .evaluate(
      (kind) =>
        (
          globalThis as unknown as {
            chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } };
          }
        ).chrome.runtime.sendMessage({ channel: 'crate', kind, payload: {} }),
      kind,
    )
    .then((outcome) => {
      const reply = outcome as { ok: boolean; value: T; error?: { message: string } };
      if (!reply.ok) throw new Error(`${kind}: ${reply.error?.message}`);
      return reply.value;
    });
}

/**
 * The browser's record of the downloads started since `since` (epoch ms): when the first started
 * and the last ended, each one's duration, and how many were under way on average.
 */
async function browserTimeline(page: Page, since: number) {
  const items = (await page.evaluate(
    `chrome.downloads.search({ startedAfter: new Date(${since}).toISOString(), limit: 0 })`,
  )) as {
    startTime: string;
    endTime?: string;
  }[];
  const spans = items
    .filter((item) => item.endTime)
    .map((item) => ({
      start: Date.parse(item.startTime) - since,
      end: Date.parse(item.endTime as string) - since,
    }));
  const firstStartMs = Math.min(...spans.map((span) => span.start));
  const lastEndMs = Math.max(...spans.map((span) => span.end));
  const busy = spans.reduce((sum, span) => sum + (span.end - span.start), 0);
  return {
    firstStartMs,
    lastEndMs,
    medianDurationMs: median(spans.map((span) => span.end - span.start)),
    meanConcurrency: busy / Math.max(1, lastEndMs - firstStartMs),
  };
}

const savedFiles = () => readdirSync(downloadDir).filter((name) => !name.endsWith('.crdownload')).length;

try {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const page = (await signInToStore(extensionPages(context), store.baseUrl)).page;
  const token = await worker.evaluate(async () => {
    const { chrome } = globalThis as unknown as {
      chrome: { storage: { session: { get(key: string): Promise<Record<string, { token: string }>> } } };
    };
    return (await chrome.storage.session.get('accessToken')).accessToken?.token;
  });

  async function initiate(): Promise<string[]> {
    const url = new URL('/order/1/downloads', store.baseUrl);
    url.searchParams.set('downloadIds', downloadIds.join(','));
    const response = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`Initiating answered ${response.status}.`);
    return ((await response.json()) as { results: { url: string }[] }).results.map((link) => link.url);
  }
  const fetchDir = mkdtempSync(join(tmpdir(), 'crate-bench-fetch-'));
  const fetchOneByOne = async (urls: string[]) => {
    for (const [i, url] of urls.entries()) {
      await writeFile(
        join(fetchDir, `${i}.${format}`),
        new Uint8Array(await (await fetch(url)).arrayBuffer()),
      );
    }
  };
  /**
   * The browser's downloads, one at a time, each awaited until the file is complete. Plain source
   * text: tsx would wrap a function's named inner functions in a helper the page does not have.
   */
  const browserOneByOne = (urls: string[]) =>
    page.evaluate(`(async (urls) => {
      for (const [i, url] of urls.entries()) {
        await new Promise((resolve, reject) => {
          let id = -1;
          const changed = (delta) => {
            if (delta.id !== id || !delta.state) return;
            if (delta.state.current === 'interrupted') reject(new Error('Download ' + i + ' was interrupted.'));
            if (delta.state.current !== 'complete') return;
            chrome.downloads.onChanged.removeListener(changed);
            resolve();
          };
          chrome.downloads.onChanged.addListener(changed);
          chrome.downloads.download({ url, filename: 'one-by-one/' + i + '.${format}' }).then((started) => {
            id = started;
          }, reject);
        });
      }
    })(${JSON.stringify(urls)})`);

  if (!shaped) {
    // Every file fetched once, then the entries made "available" again.
    await fetchOneByOne(await initiate());
    await db.run(
      `UPDATE downloads SET status = 'available' WHERE id IN (SELECT value FROM json_each(?))`,
      JSON.stringify(downloadIds),
    );
  }

  const extensionStartedAt = Date.now();
  const extensionStart = performance.now();
  await send<BulkProgress>(page, 'downloadAllAvailable');
  const enqueuedMs = performance.now() - extensionStart;
  // Watched from the disk, then the queue asked: a person's popup asks every 500 ms, and asking
  // every few ms (each question also asks for a pass) would load the worker the bench measures.
  while (savedFiles() < entries) await sleep(5);
  for (;;) {
    const progress = await send<BulkProgress>(page, 'bulkDownloadProgress');
    if (progress.status === 'finished') {
      if (progress.done !== entries) throw new Error(`The extension saved ${progress.done} of ${entries}.`);
      break;
    }
    await sleep(5);
  }
  const extensionMs = performance.now() - extensionStart;
  const extensionTimeline = await browserTimeline(page, extensionStartedAt);

  async function timeFetchAndWrite(): Promise<number> {
    const fetchLinks = await initiate();
    const fetchStart = performance.now();
    await fetchOneByOne(fetchLinks);
    return performance.now() - fetchStart;
  }

  const browserLinks = await initiate();
  const browserStart = performance.now();
  await browserOneByOne(browserLinks);
  const browserMs = performance.now() - browserStart;

  const fetchMs = shaped ? undefined : await timeFetchAndWrite();
  rmSync(fetchDir, { recursive: true, force: true });
  const length = trackSeconds ? `${trackSeconds}-second tracks (shortened)` : 'full-length tracks';
  const network = shaped
    ? `shaped by the store: ${latencyMs ?? 0} ms latency, ${kbps ?? '∞'} kbit/s per connection`
    : 'unshaped';
  console.log(`${entries} entries, ${format.toUpperCase()}, ${length}, store on 127.0.0.1, ${network}`);
  console.log(`extension bulk download (the queue, saved to disk):    ${extensionMs.toFixed(0)} ms`);
  console.log(`browser downloads, one at a time (saved to disk):      ${browserMs.toFixed(0)} ms`);
  const goal = shaped ? 0.35 : 0.5;
  console.log(
    `ratio extension / browser one at a time: ${(extensionMs / browserMs).toFixed(2)} (goal <= ${goal})`,
  );
  if (fetchMs !== undefined) {
    console.log(`plain fetch in Node, one at a time, written to disk:   ${fetchMs.toFixed(0)} ms`);
    console.log(`ratio extension / fetch and write:       ${(extensionMs / fetchMs).toFixed(2)} (goal <= 2)`);
  }
  // Where the queue's time goes, from the browser's own record of each download.
  console.log(
    `  queue breakdown: library listed and queued in ${enqueuedMs.toFixed(0)} ms; first download started after ${extensionTimeline.firstStartMs.toFixed(0)} ms; ` +
      `each download ${extensionTimeline.medianDurationMs.toFixed(0)} ms (median, start to end); ` +
      `${extensionTimeline.meanConcurrency.toFixed(1)} under way on average; last ended after ${extensionTimeline.lastEndMs.toFixed(0)} ms`,
  );
  recordFigures(
    shaped
      ? {
          [`bulk_download_shaped_vs_browser_serial_ratio_${entries}`]: extensionMs / browserMs,
          [`bulk_download_shaped_ms_${entries}`]: extensionMs,
        }
      : {
          [`bulk_download_ratio_${entries}`]: extensionMs / (fetchMs as number),
          [`bulk_download_vs_browser_serial_ratio_${entries}`]: extensionMs / browserMs,
          [`bulk_download_ms_${entries}`]: extensionMs,
        },
  );
} finally {
  await context.close();
  await store.close();
  rmSync(downloadDir, { recursive: true, force: true });
}
