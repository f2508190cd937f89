/**
 * Owned right after paying: a checkout on the store's website (signed in there by the extension's
 * sign-in) marks the purchase as owned on an open store page, without a reload or the periodic
 * sync. A store of this file's own, so that the purchase changes no other test's account.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { CartButtonsPage } from '../../components/content/cart-buttons.page.ts';
import type { PopupPage } from '../../components/popup/popup.page.ts';
import { trackUrl } from '../../lib/contract/store-urls.ts';
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
