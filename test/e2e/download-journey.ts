/**
 * Downloads that survive, run in both browsers with the same page objects by
 * download-survival.test.ts, against a listening store of the test file's own whose files cross a
 * shaped network (server/http/file-network.ts):
 * - a connection cut mid-file: the file is resumed with a Range, not fetched again, and the run says so;
 * - the store restarted mid-run (refused connections for a few seconds, downloads under way cut):
 *   the run waits and carries on by itself, nobody presses "Retry failed" (a download Chromium
 *   leaves stalled, bytes stopped and nothing reported, is started again by the stall watchdog);
 * - "Download all" clicked twice at once and again from a second popup while it runs;
 * - the browser closed mid-run and started again on the same profile, where the harness can.
 * Each ends with every file once (no "name (1).wav"), its size the store's Content-Length, its
 * tags readable.
 */

import { statSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { parseFile } from 'music-metadata';
import { expect } from 'vitest';
import { OptionsFormPage } from '../../components/options/options-form.page.ts';
import { BulkDownloadPanelPage } from '../../components/popup/library/bulk-download-panel.page.ts';
import { PopupPage } from '../../components/popup/popup.page.ts';
import type { Track } from '../../lib/contract/wire.ts';
import {
  defaultFilenameTemplate,
  filenameFields,
  renderFilename,
} from '../../lib/file-names/filename-template.ts';
import { loadTracks } from '../../server/catalog/records.ts';
import { downloadLink } from '../../server/downloads/links.ts';
import { checkoutCart } from '../../server/orders/checkout.ts';
import { setAsideLibrary } from '../helpers/set-aside-library.ts';
import type { TestStore } from '../helpers/store.ts';
import { demoId, finishedFiles, type JourneyPage, storeApi, waitFor } from './crate-journey.ts';

export interface SurvivalBrowser<P extends JourneyPage> {
  /** Listening (startTestStore with listen: true). */
  store: TestStore;
  downloadDir: string;
  openPage(path: string): Promise<P>;
  /** Closes the browser mid-run and starts it on the same profile; absent where the harness cannot. */
  restartBrowser?(): Promise<void>;
}

interface Bought {
  folder: string;
  files: { path: string; entryId: number; trackId: number }[];
}

/** File requests the store saw, with their Range header: a resume asks for the rest. */
export function recordFileRequests(store: TestStore): { entry: number; range: string | undefined }[] {
  const seen: { entry: number; range: string | undefined }[] = [];
  // On the server itself: the app already listens, so it takes no more hooks.
  (store.app.server as Server).on('request', (request) => {
    const match = /^\/downloads\/file\/(\d+)/.exec(request.url ?? '');
    if (match) seen.push({ entry: Number(match[1]), range: request.headers.range });
  });
  return seen;
}

/**
 * Buys `count` tracks as WAV for demo, with everything else taken out of the library (not on this
 * computer, "Download all" would take it too) so it takes exactly these, saved under `folder`.
 */
async function buyWavs<P extends JourneyPage>(browser: SurvivalBrowser<P>, count: number, folder: string) {
  const { store } = browser;
  const userId = await demoId(store);
  await setAsideLibrary(store.ctx, userId);
  const ids = (
    await store.ctx.db.all<{ id: number }>(
      `SELECT id FROM tracks WHERE sale_type = 'purchase'
        AND id NOT IN (SELECT track_id FROM downloads WHERE user_id = ?) ORDER BY id LIMIT ?`,
      userId,
      count,
    )
  ).map((row) => row.id);
  const api = storeApi(store);
  const items = ids.map((id) => ({ id, type: 'track', audioFormat: 'wav' }));
  await api('POST', '/cart/1/', { sourceType: 'e2e', items: JSON.stringify(items) });
  await checkoutCart(store.ctx, userId, 'default');
  const template = `${folder}/${defaultFilenameTemplate}`;
  const options = new OptionsFormPage(await browser.openPage('options.html'));
  expect(await options.setFileNaming(template, false)).toBe('Saved.');
  await options.page.close();
  const rows = await store.ctx.db.all<{ id: number; track_id: number }>(
    `SELECT id, track_id FROM downloads WHERE user_id = ? AND status = 'available'`,
    userId,
  );
  const files = await Promise.all(
    rows.map(async (row) => {
      const { track } = await api<{ track: Track }>('GET', '/catalog/3/platform/track', {
        id: String(row.track_id),
      });
      const path = renderFilename(template, filenameFields(track, 'wav'), {
        fallbackName: `track-${track.id}`,
      });
      return { path, entryId: row.id, trackId: row.track_id };
    }),
  );
  return { folder, files } satisfies Bought;
}

async function openPanel<P extends JourneyPage>(browser: SurvivalBrowser<P>) {
  const popup = new PopupPage(await browser.openPage('popup.html'));
  await popup.open('Library');
  return new BulkDownloadPanelPage(popup.page);
}

/** The Content-Length the store sends for an entry's whole file (asked after the run, uncut). */
async function contentLength(store: TestStore, entryId: number, trackId: number): Promise<number> {
  const row = await store.ctx.db.get<{ id: number; track_id: number; audio_format: 'wav' }>(
    'SELECT id, track_id, audio_format FROM downloads WHERE id = ?',
    entryId,
  );
  const track = (await loadTracks(store.ctx, [trackId])).get(trackId);
  if (!row || !track) throw new Error(`No entry ${entryId}.`);
  const response = await fetch(
    new URL(downloadLink(store.ctx, row, track, Date.now()).url, store.listenUrl),
    {
      method: 'HEAD',
    },
  );
  return Number(response.headers.get('content-length'));
}

/** Every file once, none beside it, each as long as the store sends it, each with its tags. */
async function expectEveryFileOnce<P extends JourneyPage>(browser: SurvivalBrowser<P>, bought: Bought) {
  const expected = bought.files.map((file) => file.path).sort();
  await waitFor(
    () => finishedFiles(browser.downloadDir, bought.folder),
    (found) => found.length >= expected.length,
    `${expected.length} files in ${bought.folder}`,
    30_000,
  );
  // A moment later still exactly these: nothing started a second time beside them.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(finishedFiles(browser.downloadDir, bought.folder)).toEqual(expected);
  for (const file of bought.files) {
    const path = join(browser.downloadDir, file.path);
    expect(statSync(path).size, file.path).toBe(
      await contentLength(browser.store, file.entryId, file.trackId),
    );
    const { common, format } = await parseFile(path);
    expect(common.title, file.path).toBeTruthy();
    expect(format.container, file.path).toBe('WAVE');
  }
}

/** A run through the popup's "Download all", ended with every file saved. */
async function runToTheEnd(panel: BulkDownloadPanelPage<JourneyPage>, count: number, timeout = 120_000) {
  await panel.waitForProgress(`Finished: ${count} of ${count} files`, timeout);
  expect(await panel.failures.count()).toBe(0);
}

const resumedLine = /^\d+ files? (was|were) resumed where the connection broke\.$/;
const carriedOnLine =
  /^\d+ files? (was|were) resumed where the connection broke\.$|^\d+ files? stopped receiving and (was|were) started again from the beginning\.$/;

/** A connection cut mid-file: resumed from where it broke, and the run says so. */
export async function cutConnectionResumed<P extends JourneyPage>(
  browser: SurvivalBrowser<P>,
  requests: { entry: number; range: string | undefined }[],
  options: { saysResumed: boolean },
): Promise<void> {
  const bought = await buyWavs(browser, 4, 'cut');
  const network = browser.store.ctx.fileNetwork;
  const cutsBefore = network.cuts;
  network.armCut(200_000);
  const panel = await openPanel(browser);
  await panel.downloadAllButton.click();
  await runToTheEnd(panel, 4);
  // One-shot, though responses crossing the mark together may each be cut (file-network.ts).
  const cuts = network.cuts - cutsBefore;
  expect(cuts).toBeGreaterThanOrEqual(1);
  // The file cut was asked for again from where it broke, and no file twice from its first byte.
  const mine = requests.filter((request) => bought.files.some((file) => file.entryId === request.entry));
  expect(mine.filter((request) => request.range?.startsWith('bytes=')).length).toBeGreaterThanOrEqual(cuts);
  const whole = mine.filter((request) => request.range === undefined).map((request) => request.entry);
  expect(whole.sort()).toEqual(bought.files.map((file) => file.entryId).sort());
  // Chromium resumes a cut connection by itself at once, unseen by extensions: the run can only
  // say so where the browser shows it (Firefox; Chromium once its own retries fail, as in a restart).
  if (options.saysResumed) await panel.resumed.filter({ hasText: resumedLine }).waitFor();
  await panel.page.close();
  await expectEveryFileOnce(browser, bought);
}

/** How many file downloads the store is sending right now (requested, their response not closed). */
function filesUnderWay(store: TestStore): { readonly count: number } {
  let count = 0;
  (store.app.server as Server).on('request', (request, response) => {
    if (!request.url?.startsWith('/downloads/file/')) return;
    count++;
    response.once('close', () => count--);
  });
  return {
    get count() {
      return count;
    },
  };
}

/** Closes every connection and refuses new ones for `downMs`, then answers again on the same port. */
async function restartStore(store: TestStore, downMs: number): Promise<void> {
  const server = store.app.server as Server;
  const { port } = server.address() as { port: number };
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  await closed;
  await new Promise((resolve) => setTimeout(resolve, downMs));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
}

/** The store restarted mid-run: the run waits, says so, and carries on by itself. */
export async function storeRestartedMidRun<P extends JourneyPage>(
  browser: SurvivalBrowser<P>,
): Promise<void> {
  const bought = await buyWavs(browser, 12, 'restart');
  const underWay = filesUnderWay(browser.store);
  const panel = await openPanel(browser);
  await panel.downloadAllButton.click();
  await panel.waitForProgress(/Downloading: [1-9] of 12 files/, 60_000);
  // Down while a file's bytes are crossing: between two files (their links asked for) the restart
  // would cut nothing, and the run would rightly have nothing to say it carried on.
  await waitFor(
    () => underWay.count,
    (count) => count > 0,
    'a file under way',
  );
  const restarted = restartStore(browser.store, 5_000);
  // While the store is down the run says it waits, and tries again by itself.
  await panel.waiting.filter({ hasText: /^Waiting for the store since / }).waitFor({ timeout: 10_000 });
  await restarted;
  await runToTheEnd(panel, 12);
  // The files cut by the restart carried on where they broke, or, where the browser left them
  // stalled (Chromium), were started again, and the run says which.
  await panel.carriedOn.filter({ hasText: carriedOnLine }).first().waitFor();
  await panel.page.close();
  await expectEveryFileOnce(browser, bought);
}

/** "Download all" clicked twice at once, and again from a second popup while the run is under way. */
export async function downloadAllTwice<P extends JourneyPage>(browser: SurvivalBrowser<P>): Promise<void> {
  const bought = await buyWavs(browser, 8, 'twice');
  const second = await openPanel(browser);
  await second.downloadAllButton.waitFor();
  const panel = await openPanel(browser);
  await Promise.all([
    panel.downloadAllButton.click(),
    panel.downloadAllButton.click().catch(() => undefined),
  ]);
  // The second popup still shows the button it drew before the run began.
  await second.downloadAllButton.click();
  await runToTheEnd(panel, 8);
  await second.page.close();
  await panel.page.close();
  await expectEveryFileOnce(browser, bought);
}

/** The browser closed mid-run and started again: the queue carries on by itself to the end. */
export async function browserRestartedMidRun<P extends JourneyPage>(
  browser: SurvivalBrowser<P> & { restartBrowser(): Promise<void> },
): Promise<void> {
  const bought = await buyWavs(browser, 8, 'browser-restart');
  const panel = await openPanel(browser);
  await panel.downloadAllButton.click();
  // Mid-file: bytes under way, fewer than six files saved.
  await panel.waitForProgress(/Downloading: [0-5] of 8 files/, 60_000);
  await panel.bytes.filter({ hasText: /^[1-9]/ }).waitFor();
  await browser.restartBrowser();
  // Nobody opens the popup: the worker's start and its alarm carry the run on.
  await waitFor(
    () => finishedFiles(browser.downloadDir, bought.folder),
    (found) => found.length >= bought.files.length,
    'every file after the restart',
    150_000,
  );
  const reopened = await openPanel(browser);
  await runToTheEnd(reopened, 8);
  await reopened.page.close();
  await expectEveryFileOnce(browser, bought);
}
