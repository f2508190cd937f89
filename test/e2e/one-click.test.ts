/**
 * One click, one store call: a click on a page's format button, once the worker knows the cart and
 * what is owned, makes exactly one request to the store (the add), counted in the store's own
 * request log. Opening the page makes one more, before the click: the cart checked against the
 * store (cart-freshness.ts). A store of its own, so no other file's requests are counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartButtonsPage } from '../../components/content/cart-buttons.page.ts';
import type { CatalogPageResults, LibraryEntry, Track } from '../../lib/contract/wire.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { signIn } from '../helpers/tokens.ts';
import { type E2eExtension, type E2ePage, e2eBrowsers } from './browsers.ts';
import { signInToStore } from './connect.ts';

/** The store's request log: each request's method and path, in order. */
function requestLog() {
  const requests: string[] = [];
  return {
    requests,
    stream: {
      write(line: string) {
        const { msg, req } = JSON.parse(line) as { msg?: string; req?: { method: string; url: string } };
        if (msg === 'incoming request' && req) requests.push(`${req.method} ${req.url.split('?')[0]}`);
      },
    },
  };
}

/** The `nth` track on the home page demo does not own, read through the store's API. */
async function unownedTrack(storeUrl: string, nth = 0): Promise<Track> {
  const { accessToken } = await signIn(storeUrl);
  const get = async <T>(path: string) =>
    (
      (await (
        await fetch(`${storeUrl}${path}`, { headers: { authorization: `Bearer ${accessToken}` } })
      ).json()) as {
        results: T;
      }
    ).results;
  const owned = new Set((await get<LibraryEntry[]>('/order/1/downloads?perPage=150')).map((e) => e.track.id));
  const home = await get<CatalogPageResults<'home'>>('/catalog/3/platform/home');
  const unowned = home.topTracks.filter((track) => track.saleType === 'purchase' && !owned.has(track.id));
  return unowned[nth] as Track;
}

describe.each(e2eBrowsers)('$name: one click', (browser) => {
  const log = requestLog();
  let store: TestStore;
  let extension: E2eExtension;
  let page: E2ePage;

  beforeAll(async () => {
    store = await startTestStore({ listen: true, trackSeconds: 8, logLevel: 'info', logStream: log.stream });
    extension = await browser.launch();
    await (await signInToStore(extension, store.baseUrl)).page.close();
  });

  afterAll(async () => {
    await page?.close();
    await extension?.close();
    await store?.close();
  });

  it('adds a track in WAV with one store call, the add', async () => {
    // The worker read the cart and the library when demo signed in: wait until the pages have them.
    await expect
      .poll(() =>
        extension.background<number>(
          `browser.storage.local.get('cartState').then(({ cartState }) => cartState?.['${store.baseUrl}']?.ownedTracks?.length ?? 0)`,
        ),
      )
      .toBeGreaterThan(0);
    const track = await unownedTrack(store.baseUrl);
    const opened = log.requests.length;
    page = await extension.openWebPage(`${store.baseUrl}/track/${track.slug}/${track.id}`);
    const buttons = new CartButtonsPage(page);
    const row = buttons.pageItem;
    await buttons.add(row, 'wav').waitFor();
    // The page, once open, has the worker check the cart against the store (a conditional read):
    // the opening's call, not the click's.
    await expect.poll(() => log.requests.slice(opened)).toContain('GET /cart/1/');
    const before = log.requests.length;
    await buttons.add(row, 'wav').click();
    await buttons.inCartAs(row, 'wav').waitFor();
    // The page's own lazy artwork can load as the click scrolls the button into view: the page's
    // requests, not the extension's.
    const during = log.requests.slice(before).filter((request) => !request.startsWith('GET /images/'));
    expect(during).toEqual(['POST /cart/1/']);
  });

  it('adds a track once for a double click, both clicks on the button', async () => {
    const track = await unownedTrack(store.baseUrl, 1);
    await page.goto(`${store.baseUrl}/track/${track.slug}/${track.id}`);
    const buttons = new CartButtonsPage(page);
    const row = buttons.pageItem;
    await buttons.add(row, 'mp3').waitFor();
    // What each click lands on, read in the page's own world: a control that moved as it started
    // working (its spinner wrapped to a second line) took the second click on its frame.
    await page.evaluate(`window.landed = [];
      document.addEventListener('click', (event) => window.landed.push(event.composedPath()[0].localName), true)`);
    const before = log.requests.length;
    await buttons.add(row, 'mp3').dblclick();
    await buttons.inCartAs(row, 'mp3').waitFor();
    expect(await page.evaluate<string[]>('window.landed')).toEqual(['button', 'button']);
    const during = log.requests.slice(before).filter((request) => request.startsWith('POST '));
    expect(during).toEqual(['POST /cart/1/']);
  });
});
