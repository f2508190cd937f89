/**
 * This computer's library (docs/this-computer.md), in Chromium and in Firefox ESR on a fresh
 * profile each, against a store of this file's own: entries the store marks downloaded (initiated
 * through the API, as by another computer) are still saved by "Download all"; after it, the popup's
 * offer turns on new purchases arriving by themselves, and a purchase made on the store's website
 * in a tab arrives once, with one notification. In Chromium also: a worker stopped meanwhile
 * changes nothing, and a purchase made while it was stopped arrives at its next start.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrateExportPage } from '../../components/popup/crates/crate-export.page.ts';
import { BulkDownloadPanelPage } from '../../components/popup/library/bulk-download-panel.page.ts';
import { PopupPage } from '../../components/popup/popup.page.ts';
import type { AudioFormat, LibraryEntry, Track } from '../../lib/contract/wire.ts';
import {
  defaultFilenameTemplate,
  filenameFields,
  renderFilename,
} from '../../lib/file-names/filename-template.ts';
import type { KnownPurchases } from '../../lib/storage/items.ts';
import { checkoutCart } from '../../server/orders/checkout.ts';
import { setAsideLibrary } from '../helpers/set-aside-library.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { type E2eExtension, type E2ePage, e2eBrowsers } from './browsers.ts';
import { signInToStore } from './connect.ts';
import { audioFormatOf, demoId, finishedFiles, storeApi } from './crate-journey.ts';

let store: TestStore;
let userId: number;
let api: ReturnType<typeof storeApi>;

const finishedNotification = 'crate-downloads-finished';

beforeAll(async () => {
  // Eight-second tracks: this run is about which files are saved, not their length.
  store = await startTestStore({ listen: true, scale: 300, trackSeconds: 8 });
  userId = await demoId(store);
  api = storeApi(store);
});

afterAll(async () => {
  await store?.close();
});

const catalogTrack = (id: number) =>
  api<{ track: Track }>('GET', '/catalog/3/platform/track', { id: String(id) }).then((page) => page.track);

const fileOf = (track: Track, format: AudioFormat = 'mp3') =>
  renderFilename(defaultFilenameTemplate, filenameFields(track, format), {
    folderPerRelease: false,
    fallbackName: `track-${track.id}`,
  });

/** Purchasable tracks demo does not own yet. */
async function unownedTrackIds(count: number): Promise<number[]> {
  const rows = await store.ctx.db.all<{ id: number }>(
    `SELECT id FROM tracks WHERE sale_type = 'purchase'
      AND id NOT IN (SELECT track_id FROM downloads WHERE user_id = ?) ORDER BY id LIMIT ?`,
    userId,
    count,
  );
  return rows.map((row) => row.id);
}

/** Into demo's cart through the API (as any client may), as MP3s. */
async function addToCart(ids: number[]): Promise<void> {
  const items = ids.map((id) => ({ id, type: 'track', audioFormat: 'mp3' }));
  await api('POST', '/cart/1/', { sourceType: 'e2e', items: JSON.stringify(items) });
}

async function waitFor<T>(read: () => T | Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const until = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A message from an extension page to the worker, as the popup sends it (lib/protocol/send.ts). */
const ask = <T>(page: E2ePage, kind: string) =>
  page.evaluate<{ ok: boolean; value: T }>(
    `(globalThis.browser ?? globalThis.chrome).runtime.sendMessage({ channel: 'crate', kind: ${JSON.stringify(kind)}, payload: {} })`,
  );

/**
 * Signs in on the store's website in `site` (unless the extension's sign-in did already), then
 * pays the default cart there: its order confirmation.
 */
/**
 * Where the library's first row is laid out within the tab, and whether it ends within the popup's
 * height with the panel scrolled to its top (a driver's click may scroll the panel to its button).
 */
const firstRow = (page: E2ePage) =>
  page.evaluate<{ offset: number; inView: boolean }>(
    `(() => { const row = document.querySelector('.library-entry').getBoundingClientRect();
      const tab = document.querySelector('.library-tab').getBoundingClientRect();
      const scrolled = document.querySelector('.library-tab').parentElement.scrollTop;
      return { offset: row.top - tab.top, inView: row.bottom + scrolled <= document.body.getBoundingClientRect().height }; })()`,
  );

async function checkoutOnWebsite(site: E2ePage): Promise<void> {
  await site.goto(`${store.baseUrl}/sign-in?return=${encodeURIComponent('/cart')}`);
  if ((await site.evaluate<string>('location.pathname')) === '/sign-in') {
    await site.getByLabel('Username').fill('demo');
    await site.getByLabel('Password').fill('demo');
    await site.getByRole('button', { name: 'Sign in' }).click();
  }
  const cart = site.locator('section.cart[data-cart-name="default"]');
  await cart.getByRole('button', { name: 'Checkout' }).click();
  await waitFor(
    () => site.evaluate<string>('location.href'),
    (href) => /\/cart\?order=\d+$/.test(href),
    'the order confirmation',
  );
}

describe.each(e2eBrowsers)('$name', (browser) => {
  let extension: E2eExtension;
  let downloadDir: string;
  const savedFiles = () => finishedFiles(downloadDir);
  const notifications = () => extension.background<Record<string, unknown>>('browser.notifications.getAll()');
  const known = async () =>
    (
      await extension.background<{ newPurchases?: KnownPurchases }>(
        'browser.storage.local.get("newPurchases")',
      )
    ).newPurchases?.known ?? [];

  beforeAll(async () => {
    // demo's library is this browser's to fill: what the other browser's run bought is taken out.
    await setAsideLibrary(store.ctx, userId);
    downloadDir = mkdtempSync(join(tmpdir(), 'crate-this-computer-'));
    extension = await browser.launch({ downloadsPath: downloadDir });
    await (await signInToStore(extension, store.baseUrl)).page.close();
  });

  afterAll(async () => {
    await extension?.close();
    if (downloadDir) rmSync(downloadDir, { recursive: true, force: true });
  });

  it('saves with "Download all" the entries the store marks downloaded but this profile never saved', async () => {
    const ids = await unownedTrackIds(3);
    await addToCart(ids);
    await checkoutCart(store.ctx, userId, 'default');
    // Initiated through the API, as another computer would: the store says "downloaded".
    const library = await api<LibraryEntry[]>('GET', '/order/1/downloads', { perPage: '150' });
    await api('POST', '/order/1/downloads', { downloadIds: library.map((entry) => entry.id).join(',') });
    const after = await api<LibraryEntry[]>('GET', '/order/1/downloads', { perPage: '150' });
    expect(after.map((entry) => entry.status)).toEqual(['downloaded', 'downloaded', 'downloaded']);

    const popup = new PopupPage(await extension.openPage('popup.html'));
    await popup.open('Library');
    const tab = popup.library;
    await waitFor(
      () => tab.notHere.count(),
      (count) => count === 3,
      'three entries not on this computer',
    );
    const panel = new BulkDownloadPanelPage(popup.page);
    await panel.downloadAllButton.click();
    await panel.waitForProgress('Finished: 3 of 3 files');
    const expected = (await Promise.all(ids.map(catalogTrack))).map((track) => fileOf(track)).sort();
    const files = await waitFor(savedFiles, (found) => found.length >= 3, 'the three files');
    expect(files).toEqual(expected);
    for (const file of files) expect(audioFormatOf(join(downloadDir, file)), file).toBe('mp3');

    // The question that follows is one line; with it, and with the export dialog open over the
    // list, the library's first row stays where it was, within the popup's 580 pixels.
    await tab.show('all');
    await tab.entries.first().waitFor();
    const offer = await popup.page.evaluate<{ offer: number; button: number }>(
      `(() => { const offer = document.querySelector('.arrivals-offer');
        return { offer: offer.getBoundingClientRect().height, button: offer.querySelector('button').getBoundingClientRect().height }; })()`,
    );
    expect(offer.offer).toBeLessThanOrEqual(offer.button + 8);
    const before = await firstRow(popup.page);
    expect(before.inView).toBe(true);
    await popup.page.getByRole('button', { name: 'Export crate…' }).click();
    await new CrateExportPage(popup.page).dialog.waitFor();
    const withDialog = await firstRow(popup.page);
    // Within a pixel: Firefox lays the row out again at a fraction of one when the sheet appears.
    expect(withDialog.inView).toBe(true);
    expect(Math.abs(withDialog.offset - before.offset)).toBeLessThan(1);

    // Asked once after this first bulk download: yes, new purchases arrive by themselves.
    await panel.saveNewPurchases.click();
    await waitFor(known, (ids) => ids.length === 3, 'the library learnt');
    await popup.page.close();
  });

  it('saves a purchase made on the store website in a tab by itself, once, with one notification', async () => {
    const before = savedFiles();
    await extension.background(`browser.notifications.clear('${finishedNotification}')`);
    const [id] = (await unownedTrackIds(1)) as [number];
    const expected = fileOf(await catalogTrack(id));
    await addToCart([id]);
    const site = await extension.openWebPage(`${store.baseUrl}/`);
    await checkoutOnWebsite(site);

    // Nobody opens the popup: the order confirmation in the tab is enough.
    const files = await waitFor(savedFiles, (found) => found.includes(expected), 'the new purchase saved');
    expect(files).toEqual([...before, expected].sort());
    await waitFor(notifications, (shown) => finishedNotification in shown, 'the notification');
    await site.close();

    // Looked for again (the popup opening): nothing new, no second file or notification.
    await extension.background(`browser.notifications.clear('${finishedNotification}')`);
    const popup = await extension.openPage('popup.html');
    expect(await ask<{ queued: number }>(popup, 'lookForNewPurchases')).toEqual({
      ok: true,
      value: { queued: 0 },
    });
    expect(savedFiles()).toEqual([...before, expected].sort());
    expect(Object.keys(await notifications())).not.toContain(finishedNotification);
    await popup.close();
  });

  it.skipIf(browser.name !== 'Chromium')(
    'a worker stopped meanwhile saves nothing twice, and what was bought while it was stopped arrives at its start',
    async () => {
      const before = savedFiles();
      const knownBefore = await known();
      await extension.stopWorker?.();
      // The popup opening starts the worker again: its start looks, the popup asks too.
      let popup = await extension.openPage('popup.html');
      expect(await ask<{ queued: number }>(popup, 'lookForNewPurchases')).toEqual({
        ok: true,
        value: { queued: 0 },
      });
      expect(savedFiles()).toEqual(before);
      expect((await known()).sort()).toEqual([...knownBefore].sort());
      await popup.close();

      await extension.stopWorker?.();
      const [id] = (await unownedTrackIds(1)) as [number];
      await addToCart([id]);
      await checkoutCart(store.ctx, userId, 'default');
      popup = await extension.openPage('popup.html');
      const expected = fileOf(await catalogTrack(id));
      const files = await waitFor(
        savedFiles,
        (found) => found.includes(expected),
        'the purchase made meanwhile',
      );
      expect(files).toEqual([...before, expected].sort());
      await popup.close();
    },
  );
});
