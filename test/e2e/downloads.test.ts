/**
 * Downloads against a store of this file's own (its purchases must not change what other files see
 * of demo's library). In Chromium and in Firefox ESR with the same page objects: "Download
 * purchased" on a track link and a release page (a context menu click, see browsers.ts), an item
 * not owned offered in a notification whose click adds it to the cart, and the popup library's
 * Download of one entry. In Chromium also: every file name field, no duplicate files, and bulk
 * downloads of 20 entries from the popup, once straight through and once with the worker stopped
 * in the middle, and a shared crate imported into a named cart. Files land in the profile's
 * download folder and are checked by name and bytes.
 */
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OptionsFormPage } from '../../components/options/options-form.page.ts';
import { CrateSharePanelPage } from '../../components/popup/crates/crate-share-panel.page.ts';
import { BulkDownloadPanelPage } from '../../components/popup/library/bulk-download-panel.page.ts';
import { PopupPage } from '../../components/popup/popup.page.ts';
import type { AudioFormat, Cart, LibraryEntry, Release, Track } from '../../lib/contract/wire.ts';
import {
  defaultFilenameTemplate,
  filenameFields,
  renderFilename,
} from '../../lib/file-names/filename-template.ts';
import { checkoutCart } from '../../server/orders/checkout.ts';
import { freePort } from '../helpers/free-port.ts';
import { setAsideLibrary } from '../helpers/set-aside-library.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { type E2eExtension, e2eBrowsers } from './browsers.ts';
import { signInToStore } from './connect.ts';
import { audioFormatOf, demoId, finishedFiles, storeApi } from './crate-journey.ts';
import type { ExtensionHarness } from './extension.ts';
import type { UiPage } from './ui.ts';

let store: TestStore;
let userId: number;
/** The store's API as demo, with a token of the test's own. */
let api: ReturnType<typeof storeApi>;

const catalogTrack = (id: number) =>
  api<{ track: Track }>('GET', '/catalog/3/platform/track', { id: String(id) }).then((page) => page.track);

/** Buys items for demo: into the cart through the API, then the store's checkout. */
async function buy(
  items: { id: number; type: 'track' | 'release'; audioFormat: AudioFormat }[],
): Promise<void> {
  await api('POST', '/cart/1/', { sourceType: 'e2e', items: JSON.stringify(items) });
  await checkoutCart(store.ctx, userId, 'default');
}

/** Purchasable tracks demo does not own yet. */
async function unownedTrackIds(count: number): Promise<number[]> {
  return (
    await store.ctx.db.all<{ id: number }>(
      `SELECT id FROM tracks WHERE sale_type = 'purchase'
        AND id NOT IN (SELECT track_id FROM downloads WHERE user_id = ?) ORDER BY id LIMIT ?`,
      userId,
      count,
    )
  ).map((row) => row.id);
}

/** Empties the library, so "Download all" takes exactly what a test buys next. */
const emptyLibrary = () => setAsideLibrary(store.ctx, userId);

async function setFileNaming<P extends UiPage & { close(): Promise<void> }>(
  extension: { openPage(path: string): Promise<P> },
  template: string,
  folderPerRelease: boolean,
): Promise<void> {
  const options = new OptionsFormPage(await extension.openPage('options.html'));
  const saved = await options.setFileNaming(template, folderPerRelease);
  await options.page.close();
  if (saved !== 'Saved.') throw new Error(`The options page did not save the file naming: ${saved}`);
}

const expectedPath = (track: Track, format: AudioFormat, template: string, folderPerRelease = false) =>
  renderFilename(template, filenameFields(track, format), {
    folderPerRelease,
    fallbackName: `track-${track.id}`,
  });

async function waitFor<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  timeout = 60_000,
): Promise<T> {
  const until = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Extra time the store takes to answer each file request, while a test sets it: the queue saves
 * 20 small files in about a second, too soon for a test to stop the worker in the middle.
 */
let fileDelayMs = 0;

beforeAll(async () => {
  const port = await freePort();
  // Eight-second tracks: this run tests the queue, names and tags, not a file's length.
  store = await startTestStore({
    scale: 300,
    trackSeconds: 8,
    config: { baseUrl: `http://127.0.0.1:${port}` },
  });
  store.app.addHook('onRequest', async (request) => {
    if (fileDelayMs > 0 && request.url.startsWith('/downloads/file/'))
      await new Promise((resolve) => setTimeout(resolve, fileDelayMs));
  });
  await store.app.listen({ port, host: '127.0.0.1' });
  userId = await demoId(store);
  api = storeApi(store);
});

afterAll(async () => {
  await store?.close();
});

describe.each(e2eBrowsers)('$name', (browser) => {
  let extension: E2eExtension;
  let downloadDir: string;
  /** Whole files under the download folder (relative, `/`-separated). */
  const savedFiles = (under = '') => finishedFiles(downloadDir, under);
  /** Waits until `path` is saved whole, in a format its bytes say (Firefox makes the name empty first). */
  const savedWhole = (path: string, timeout?: number) =>
    waitFor(
      savedFiles,
      (found) => found.includes(path) && audioFormatOf(join(downloadDir, path)) !== null,
      timeout,
    );

  beforeAll(async () => {
    downloadDir = mkdtempSync(join(tmpdir(), 'crate-downloads-'));
    extension = await browser.launch({ downloadsPath: downloadDir });
    await (await signInToStore(extension, store.baseUrl)).page.close();
  });

  afterAll(async () => {
    await extension?.close();
    if (downloadDir) rmSync(downloadDir, { recursive: true, force: true });
  });

  describe('"Download purchased" in the context menu', () => {
    it('saves an owned track from a link to it, named by the template, with real audio', async () => {
      const [trackId] = (await unownedTrackIds(1)) as [number];
      await buy([{ id: trackId, type: 'track', audioFormat: 'wav' }]);
      const track = await catalogTrack(trackId);
      await extension.clickMenu({
        menuItemId: 'crate-download-track-link',
        linkUrl: `${store.baseUrl}/track/${track.slug}/${track.id}`,
        pageUrl: `${store.baseUrl}/`,
      });
      const expected = expectedPath(track, 'wav', defaultFilenameTemplate);
      const files = await savedWhole(expected);
      // The one file this browser saved: nothing else, nothing twice.
      expect(files).toEqual([expected]);
      expect(audioFormatOf(join(downloadDir, expected))).toBe('wav');
      await expect
        .poll(async () => {
          const library = await api<LibraryEntry[]>('GET', '/order/1/downloads', { perPage: '150' });
          return library.find((entry) => entry.track.id === trackId)?.status;
        })
        .toBe('downloaded');
    });

    it('saves every owned track of a release from its page, in a folder per release', async () => {
      const found = await store.ctx.db.get<{ id: number }>(
        `SELECT r.id FROM releases r WHERE r.price_cents > 0 AND NOT EXISTS (
           SELECT 1 FROM tracks t WHERE t.release_id = r.id AND (t.sale_type <> 'purchase'
             OR t.id IN (SELECT track_id FROM downloads WHERE user_id = ?)))
         ORDER BY r.id LIMIT 1`,
        userId,
      );
      if (!found) throw new Error('The catalog has no release demo owns nothing of.');
      const { release } = await api<{ release: Release }>('GET', '/catalog/3/platform/release', {
        id: String(found.id),
      });
      await buy([{ id: release.id, type: 'release', audioFormat: 'aiff' }]);
      await setFileNaming(extension, defaultFilenameTemplate, true);
      await extension.clickMenu({
        menuItemId: 'crate-download-release-page',
        pageUrl: `${store.baseUrl}/release/${release.slug}/${release.id}`,
      });
      const tracks = await Promise.all(release.trackIds.map(catalogTrack));
      const expected = tracks
        .map((track) => expectedPath(track, 'aiff', defaultFilenameTemplate, true))
        .sort();
      const files = await waitFor(
        () => savedFiles(release.name),
        (saved) =>
          saved.length >= expected.length &&
          saved.every((file) => audioFormatOf(join(downloadDir, file)) !== null),
      );
      expect(files).toEqual(expected);
      for (const file of files) expect(audioFormatOf(join(downloadDir, file)), file).toBe('aiff');
      await setFileNaming(extension, defaultFilenameTemplate, false);
    });

    it('offers an item that is not owned in a notification; taking up its offer adds it to the cart', async () => {
      const [trackId] = (await unownedTrackIds(1)) as [number];
      const track = await catalogTrack(trackId);
      await extension.clickMenu({
        menuItemId: 'crate-download-track-link',
        linkUrl: `${store.baseUrl}/track/${track.slug}/${track.id}`,
        pageUrl: `${store.baseUrl}/`,
      });
      const notificationId = `crate-not-owned:track:${trackId}`;
      await expect
        .poll(async () => Object.keys(await extension.background<object>('browser.notifications.getAll()')))
        .toContain(notificationId);

      // Its "Add to cart" (in Firefox the notification itself) puts the track in the current cart,
      // in the default format.
      await extension.clickNotification(notificationId);
      await expect
        .poll(async () =>
          (await api<Cart>('GET', '/cart/1/', { sourceType: 'e2e' })).items.map(
            ({ id, type, audioFormat }) => ({
              id,
              type,
              audioFormat,
            }),
          ),
        )
        .toContainEqual({ id: trackId, type: 'track', audioFormat: 'mp3' });
      await api('DELETE', '/cart/1/', { sourceType: 'e2e' });
    });
  });

  describe('"Download" on one entry of the popup\'s library', () => {
    it("saves one entry from the popup's library, named by a template of the person's own", async () => {
      const [trackId] = (await unownedTrackIds(1)) as [number];
      await buy([{ id: trackId, type: 'track', audioFormat: 'wav' }]);
      const track = await catalogTrack(trackId);
      const template = 'single/{label} - {title} [{bpm}].{ext}';
      await setFileNaming(extension, template, false);
      const popup = new PopupPage(await extension.openPage('popup.html#library'));
      const title = `${track.name} (${track.mixName})`;
      // The library's last view is painted first, as a picture: its buttons take no click.
      await popup.live();
      await popup.library.filter(track.name);
      // Once the popup knows what is on this computer, the list stops moving: entries already
      // saved here leave the default view ("Not on this computer").
      await popup.library.entry(title).locator('.not-here').waitFor();
      await popup.library.downloadButton(title).click();
      await popup.library.entry(title).getByText('Downloaded just now').waitFor();
      const expected = expectedPath(track, 'wav', template);
      // The folder is made by the download itself.
      await savedWhole(expected, 15_000);
      expect(savedFiles('single')).toEqual([expected]);
      expect(audioFormatOf(join(downloadDir, expected))).toBe('wav');
      await popup.page.close();
      await setFileNaming(extension, defaultFilenameTemplate, false);
    });
  });

  describe.runIf(browser.name === 'Chromium')('Chromium only', () => {
    // The same browser, through Playwright: a stopped worker, the download folder's own settings.
    const harness = () => extension.chromium as ExtensionHarness;

    describe('every file name field, filled by the downloader', () => {
      it('names a saved file with the catalogue number, track number, year, keys and ISRC of its release', async () => {
        const [trackId] = (await unownedTrackIds(1)) as [number];
        await buy([{ id: trackId, type: 'track', audioFormat: 'wav' }]);
        const track = await catalogTrack(trackId);
        const { release } = await api<{ release: Release }>('GET', '/catalog/3/platform/release', {
          id: String(track.release.id),
        });
        const template =
          'fields/{label}/{catalog} {track}. {artist} - {title} ({mix}) [{year} {key} {camelot} {bpm}] {isrc}.{format}';
        await setFileNaming(harness(), template, false);
        const popup = new PopupPage(await harness().openPage('popup.html#library'));
        await popup.library.filter(track.name);
        await popup.library.downloadButton(`${track.name} (${track.mixName})`).click();
        // Whole: Chromium puts an empty file at the name while the download runs beside it.
        const files = await waitFor(
          () => savedFiles().filter((path) => path.startsWith('fields/')),
          (found) =>
            found.length > 0 && found.every((path) => audioFormatOf(join(downloadDir, path)) !== null),
          15_000,
        );
        const position = String(release.trackIds.indexOf(track.id) + 1).padStart(2, '0');
        expect(files).toEqual([
          renderFilename(template, filenameFields(track, 'wav', { release }), {
            fallbackName: `track-${track.id}`,
          }),
        ]);
        // The values come from the store's records, not from the rendering alone.
        const [saved] = files as [string];
        expect(saved).toContain(`${release.catalogNumber} ${position}. `);
        expect(saved).toContain(`[${track.publishDate.slice(0, 4)} `);
        expect(saved).toContain(`${track.isrc}.wav`);
        expect(saved).not.toMatch(/undefined|null|NaN/);
        expect(audioFormatOf(join(downloadDir, saved))).toBe('wav');
        await popup.page.close();
        await setFileNaming(harness(), defaultFilenameTemplate, false);
      });
    });

    describe('No duplicate files', () => {
      /** Waits until the queue has no run under way, as the popup's panel shows it. */
      async function queueFinished(text: string | RegExp = /^Finished: /): Promise<void> {
        const popup = new PopupPage(await harness().openPage('popup.html'));
        await popup.open('Library');
        await new BulkDownloadPanelPage(popup.page).waitForProgress(text);
        await popup.page.close();
      }

      it("skips an entry whose file is still on disk, and says so; the library's Download replaces it", async () => {
        const [trackId] = (await unownedTrackIds(1)) as [number];
        await buy([{ id: trackId, type: 'track', audioFormat: 'wav' }]);
        const track = await catalogTrack(trackId);
        const menu = {
          menuItemId: 'crate-download-track-link',
          linkUrl: `${store.baseUrl}/track/${track.slug}/${track.id}`,
          pageUrl: `${store.baseUrl}/`,
        };
        const expected = expectedPath(track, 'wav', defaultFilenameTemplate);
        const before = savedFiles();
        await harness().clickMenu(menu);
        await waitFor(savedFiles, (found) => found.includes(expected));
        await queueFinished('Finished: 1 of 1 files');
        const firstSave = statSync(join(downloadDir, expected)).mtimeMs;

        // Asked again: the file is on disk, so nothing is saved and the panel says why.
        await harness().clickMenu(menu);
        await queueFinished('Finished: 1 already saved, 0 of 0 downloaded');
        expect(savedFiles()).toEqual([...before, expected].sort());
        expect(statSync(join(downloadDir, expected)).mtimeMs).toBe(firstSave);

        // The library's Download is the explicit choice: the file is written again, over itself. It
        // is on this computer, so the library shows it under "All".
        const popup = new PopupPage(await harness().openPage('popup.html#library'));
        await popup.library.show('all');
        await popup.library.filter(track.name);
        await popup.library.downloadButton(`${track.name} (${track.mixName})`).click();
        // Written again and whole (Chromium empties the name first and renames its .crdownload
        // over it at the end), with no partial download left.
        const again = await waitFor(
          () => ({
            mtime: statSync(join(downloadDir, expected)).mtimeMs,
            format: audioFormatOf(join(downloadDir, expected)),
            partial: readdirSync(downloadDir).filter((name) => name.endsWith('.crdownload')),
          }),
          ({ mtime, format, partial }) => mtime > firstSave && format === 'wav' && partial.length === 0,
          15_000,
        );
        expect(again.mtime).toBeGreaterThan(firstSave);
        expect(again).toMatchObject({ format: 'wav', partial: [] });
        // Still one file: no "name (1).wav" beside it.
        expect(savedFiles()).toEqual([...before, expected].sort());
        await popup.page.close();
      });
    });

    describe('"Download all" (not on this computer) in the popup', () => {
      /** Buys 20 tracks as MP3 and names their files into `folder`; resolves with the expected paths. */
      async function twentyNewEntries(folder: string): Promise<string[]> {
        await emptyLibrary();
        const ids = await unownedTrackIds(20);
        await buy(ids.map((id) => ({ id, type: 'track' as const, audioFormat: 'mp3' as const })));
        const template = `${folder}/${defaultFilenameTemplate}`;
        await setFileNaming(harness(), template, false);
        const tracks = await Promise.all(ids.map(catalogTrack));
        return tracks.map((track) => expectedPath(track, 'mp3', template)).sort();
      }

      async function openBulkPanel(): Promise<BulkDownloadPanelPage<Page>> {
        const popup = new PopupPage(await harness().openPage('popup.html'));
        await popup.open('Library');
        return new BulkDownloadPanelPage(popup.page);
      }

      it('saves 20 entries, several at a time, with the progress reaching 20 of 20', async () => {
        const expected = await twentyNewEntries('bulk');
        const panel = await openBulkPanel();
        await panel.downloadAllButton.click();
        await panel.waitForProgress('Finished: 20 of 20 files');
        expect(await panel.progressBar.evaluate((bar: HTMLProgressElement) => [bar.value, bar.max])).toEqual([
          20, 20,
        ]);
        const files = await waitFor(
          () => savedFiles('bulk'),
          (found) => found.length >= 20,
          10_000,
        );
        expect(files).toEqual(expected);
        for (const file of files) expect(audioFormatOf(join(downloadDir, file)), file).toBe('mp3');
        await panel.page.close();
      });

      // When no download is in flight at the stop, only the queue's 30-second alarm wakes the worker,
      // so this test gets more than the default minute. The queue's recovery in every interleaving is
      // the fast-check model's (test/unit/lib/background/downloads/download-queue.test.ts).
      it('finishes all 20, none twice, when the worker is stopped in the middle and the popup closed', async () => {
        const expected = await twentyNewEntries('bulk-stopped');
        fileDelayMs = 1500;
        const panel = await openBulkPanel();
        await panel.downloadAllButton.click();
        await panel.waitForProgress(/Downloading: ([1-9]|1[0-5]) of 20 files/);
        await panel.page.close();
        await harness().stopWorker();

        // Nothing asks the worker now: the browser's download events (and the alarm) bring it back.
        const files = await waitFor(
          () => savedFiles('bulk-stopped'),
          (found) => found.length >= 20,
          150_000,
        );
        fileDelayMs = 0;
        expect(await harness().workerWasRestarted()).toBe(true);
        const reopened = await openBulkPanel();
        await reopened.waitForProgress('Finished: 20 of 20 files');
        // Still 20 a moment later: no entry was started a second time ("name (1).mp3").
        await new Promise((resolve) => setTimeout(resolve, 1000));
        expect(savedFiles('bulk-stopped')).toEqual(expected);
        expect(files).toEqual(expected);
        for (const file of expected) expect(audioFormatOf(join(downloadDir, file)), file).toBe('mp3');
        const library = await api<LibraryEntry[]>('GET', '/order/1/downloads', {
          perPage: '150',
          status: 'available',
        });
        expect(library).toEqual([]);
      }, 180_000);
    });

    describe('A shared crate into a named cart', () => {
      it('refuses a wrong file and unknown ids with nothing added, then adds a good crate and says what it skipped', async () => {
        const [first, second] = (await unownedTrackIds(2)) as [number, number];
        const owned = (
          await store.ctx.db.get<{ track_id: number }>(
            'SELECT track_id FROM downloads WHERE user_id = ? ORDER BY track_id LIMIT 1',
            userId,
          )
        )?.track_id as number;
        const cartName = 'Shared e2e';
        const crate = (items: { id: number; type: string; audioFormat: string }[]) =>
          JSON.stringify({ format: 'crate.shared-crate', version: 1, name: 'Friday', items });
        // Outside the download folder, which other tests list.
        const folder = mkdtempSync(join(tmpdir(), 'crate-shared-'));
        const files = {
          wrong: join(folder, 'wrong.json'),
          unknown: join(folder, 'unknown.crate.json'),
          good: join(folder, 'good.crate.json'),
        };
        writeFileSync(files.wrong, '{"playlist": []}');
        writeFileSync(
          files.unknown,
          crate([
            { id: first, type: 'track', audioFormat: 'wav' },
            { id: 99_999_999, type: 'track', audioFormat: 'wav' },
          ]),
        );
        writeFileSync(
          files.good,
          crate([
            { id: first, type: 'track', audioFormat: 'wav' },
            { id: second, type: 'track', audioFormat: 'aiff' },
            { id: owned, type: 'track', audioFormat: 'mp3' },
          ]),
        );
        const cartItems = async () =>
          (
            await api<{ items: { id: number; audioFormat: string }[] }>('GET', '/cart/1/', {
              sourceType: 'e2e',
              name: cartName,
            })
          ).items.map(({ id, audioFormat }) => ({ id, audioFormat }));

        const popup = new PopupPage(await harness().openPage('popup.html'));
        await popup.open('Cart');
        const share = new CrateSharePanelPage(popup.page);
        await share.importInto(cartName);

        await share.fileInput.setInputFiles(files.wrong);
        await share.problem.filter({ hasText: 'This is not a Crate file' }).waitFor();
        await share.fileInput.setInputFiles(files.unknown);
        await share.problem.filter({ hasText: 'does not know 1 of' }).waitFor();
        expect(await cartItems()).toEqual([]);

        await share.fileInput.setInputFiles(files.good);
        await share.report.filter({ hasText: '2 added, 1 skipped.' }).waitFor();
        expect(await share.report.textContent()).toContain(
          share.skippedLine('track', owned, 'alreadyPurchased'),
        );
        expect((await cartItems()).sort((a, b) => a.id - b.id)).toEqual(
          [
            { id: first, audioFormat: 'wav' },
            { id: second, audioFormat: 'aiff' },
          ].sort((a, b) => a.id - b.id),
        );
        await popup.page.close();
        await api('DELETE', '/cart/1/', { sourceType: 'e2e', name: cartName });
        rmSync(folder, { recursive: true, force: true });
      });
    });
  });
});
