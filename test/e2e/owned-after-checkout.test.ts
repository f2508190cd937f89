/**
 * Owned right after paying: a checkout on the store's website (signed in there by the extension's
 * sign-in) marks the purchase as owned on an open store page, without a reload or the periodic
 * sync; and a named cart paid there stays a crate the popup's export dialog offers by name, in its
 * order (issue #50). A store of this file's own, so that the purchases change no other test's account.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartButtonsPage } from '../../components/content/cart-buttons.page.ts';
import { CrateExportPage } from '../../components/popup/crates/crate-export.page.ts';
import type { PopupPage } from '../../components/popup/popup.page.ts';
import { english } from '../../components/popup/popup-words.page.ts';
import { namedCartPageUrl, trackUrl } from '../../lib/contract/store-urls.ts';
import type { Track } from '../../lib/contract/wire.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { signInToStore } from './connect.ts';
import { type ExtensionHarness, launchExtension, sendFromPage } from './extension.ts';

let store: TestStore;
let extension: ExtensionHarness;
let popup: PopupPage<Page>;

beforeAll(async () => {
  store = await startTestStore({ listen: true, scale: 100 });
  extension = await launchExtension();
  popup = await signInToStore(extension, store.baseUrl, 'dj2');
});

afterAll(async () => {
  await extension?.close();
  await store?.close();
});

describe('a checkout on the store website', () => {
  it('marks the purchase as owned on an open store page', async () => {
    const home = (await (await fetch(`${store.baseUrl}/catalog/3/platform/home`)).json()) as {
      results: { topTracks: Track[] };
    };
    const track = home.results.topTracks.find((each) => each.saleType === 'purchase') as Track;
    const trackPage = await extension.context.newPage();
    await trackPage.goto(`${store.baseUrl}${trackUrl(track)}`);
    const buttons = new CartButtonsPage(trackPage);
    await buttons.add(buttons.pageItem, 'mp3').waitFor();

    const added = await sendFromPage(popup.page, 'addToCart', {
      items: [{ id: track.id, type: 'track', audioFormat: 'mp3' }],
    });
    if (!(added as { ok: boolean }).ok) throw new Error(`Not added: ${JSON.stringify(added)}`);
    const site = await extension.context.newPage();
    await site.goto(`${store.baseUrl}/cart`);
    const cart = site.locator('section.cart[data-cart-name="default"]');
    await cart.getByRole('button', { name: 'Checkout' }).click();
    await site.waitForURL(/\/cart\?order=\d+$/);

    await buttons.owned(buttons.pageItem).waitFor();
    await site.close();
    await trackPage.close();
  });
});

describe('a named cart paid on the store website', () => {
  it('stays a crate: the export dialog offers it by name, and exports it in the cart’s order', async () => {
    const crate = 'Frank Silva - Cold Vision';
    const rows = await store.ctx.db.all<{ id: number }>(
      `SELECT id FROM tracks WHERE sale_type = 'purchase'
        AND id NOT IN (SELECT track_id FROM downloads) ORDER BY id DESC LIMIT 3`,
    );
    const ids = rows.map((row) => row.id);
    // Added one by one, last id first: the crate keeps this order, not the ids'.
    for (const id of ids) {
      const added = await sendFromPage(popup.page, 'addToCart', {
        name: crate,
        items: [{ id, type: 'track', audioFormat: 'mp3' }],
      });
      if (!(added as { ok: boolean }).ok) throw new Error(`Not added: ${JSON.stringify(added)}`);
    }
    const site = await extension.context.newPage();
    await site.goto(`${store.baseUrl}${namedCartPageUrl(crate)}`);
    await site
      .locator(`section.cart[data-cart-name="${crate}"]`)
      .getByRole('button', { name: 'Checkout' })
      .click();
    await site.waitForURL(/\/cart\?order=\d+$/);
    await site.close();

    const popupPage = await extension.openPage('popup.html#library');
    const exporter = new CrateExportPage(popupPage);
    await popupPage.getByRole('button', { name: english.t('popup.library.exportCrate') }).click();
    const tracks = exporter.dialog.getByRole('combobox', { name: english.t('popup.export.tracks') });
    await tracks.selectOption({ label: `Bought: "${crate}" (3 items)` });
    expect(await exporter.dialog.getByLabel(english.t('popup.export.name')).inputValue()).toBe(crate);
    await exporter.dialog
      .getByRole('combobox', { name: english.t('popup.export.format') })
      .selectOption('usbStick');
    await exporter.dialog
      .getByRole('button', { name: english.t('popup.export.export'), exact: true })
      .click();
    await exporter.outcome
      .filter({ hasText: english.t('popup.export.stickOpened') })
      .waitFor({ timeout: 30_000 });
    // What the dialog handed the stick page (the page it opened reads the same item).
    const request = (await popupPage.evaluate(
      `chrome.storage.local.get('stickExportRequest').then((stored) => stored.stickExportRequest)`,
    )) as { playlistName: string; entries: { track: { id: number } }[] };
    expect(request.playlistName).toBe(crate);
    expect(request.entries.map((entry) => entry.track.id)).toEqual(ids);
    await popupPage.close();
  });
});
