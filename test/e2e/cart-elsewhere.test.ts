/**
 * A cart changed elsewhere (the store's website, another computer, the store API), in Chromium and
 * in Firefox: the pages show the store's cart, not the worker's old copy. A store of this file's
 * own, whose cart is changed through the API with a token of the test's own, never through the
 * extension (the gap that let a stale copy through: every other file changes the cart through the
 * extension, which keeps its copy in step).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartButtonsPage } from '../../components/content/cart-buttons.page.ts';
import type { AudioFormat, Cart, CatalogPageResults, Track } from '../../lib/contract/wire.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { signIn } from '../helpers/tokens.ts';
import { type E2eExtension, type E2ePage, e2eBrowsers } from './browsers.ts';
import { signInToStore } from './connect.ts';

describe.each(e2eBrowsers)('$name: a cart changed elsewhere', (browser) => {
  let store: TestStore;
  let extension: E2eExtension;
  let token: string;
  let page: E2ePage | undefined;

  /** The store's API as another computer uses it. */
  async function api<T>(method: string, path: string, query: Record<string, string> = {}): Promise<T> {
    const url = new URL(path, store.baseUrl);
    for (const [name, value] of Object.entries({ sourceType: 'elsewhere', ...query }))
      url.searchParams.set(name, value);
    const response = await fetch(url, { method, headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
    return ((await response.json()) as { results: T }).results;
  }
  const cartItems = async () =>
    (await api<Cart>('GET', '/cart/1/')).items.map(({ id, type, audioFormat }) => ({
      id,
      type,
      audioFormat,
    }));

  /** Purchasable tracks demo does not own, one per release, on releases none of which demo owns. */
  async function unownedTracks(): Promise<Track[]> {
    const home = await api<CatalogPageResults<'home'>>('GET', '/catalog/3/platform/home');
    const owned = new Set(
      (
        await api<{ track: { id: number; release: { id: number } } }[]>('GET', '/order/1/downloads', {
          perPage: '150',
        })
      ).map((entry) => entry.track.release.id),
    );
    const tracks = home.topTracks.filter(
      (track) => track.saleType === 'purchase' && !owned.has(track.release.id),
    );
    return tracks.filter(
      (track, index) => tracks.findIndex((other) => other.release.id === track.release.id) === index,
    );
  }

  async function openTrackPage(track: Track): Promise<CartButtonsPage<E2ePage>> {
    await page?.close();
    page = await extension.openWebPage(`${store.baseUrl}/track/${track.slug}/${track.id}`);
    return new CartButtonsPage(page);
  }

  beforeAll(async () => {
    store = await startTestStore({ listen: true, trackSeconds: 8 });
    token = (await signIn(store.baseUrl)).accessToken;
    extension = await browser.launch();
    await (await signInToStore(extension, store.baseUrl)).page.close();
  });

  afterAll(async () => {
    await page?.close();
    await extension?.close();
    await store?.close();
  });

  it('shows a track as not in the cart once the cart was emptied elsewhere', async () => {
    const [track] = (await unownedTracks()) as [Track];
    let buttons = await openTrackPage(track);
    await buttons.add(buttons.pageItem, 'mp3').click();
    await buttons.inCartAs(buttons.pageItem, 'mp3').waitFor();
    await expect.poll(cartItems).toEqual([{ id: track.id, type: 'track', audioFormat: 'mp3' }]);

    // Another computer empties the cart; the track's page, opened again, shows what the store holds.
    await api('DELETE', '/cart/1/');
    buttons = await openTrackPage(track);
    await buttons.add(buttons.pageItem, 'mp3').waitFor();
    // And the click acts on it: one add, the track in the cart again.
    await buttons.add(buttons.pageItem, 'wav').click();
    await buttons.inCartAs(buttons.pageItem, 'wav').waitFor();
    await expect.poll(cartItems).toEqual([{ id: track.id, type: 'track', audioFormat: 'wav' }]);
    await api('DELETE', '/cart/1/');
  });

  it('asks before adding a track whose release was put in the cart elsewhere', async () => {
    // Another release than the first test's: this test is about the release, whatever that one left.
    const [, track] = (await unownedTracks()) as [Track, Track];
    const release: { id: number; type: 'release'; audioFormat: AudioFormat } = {
      id: track.release.id,
      type: 'release',
      audioFormat: 'mp3',
    };
    await api('POST', '/cart/1/', { items: JSON.stringify([release]) });
    const buttons = await openTrackPage(track);
    const control = buttons.pageItem;
    await buttons.add(control, 'mp3').click();
    // The release holds the track: the question, not a second purchase of it.
    await buttons.releaseInCart(control).waitFor();
    expect(await cartItems()).toEqual([release]);
    await api('DELETE', '/cart/1/');
  });
});
