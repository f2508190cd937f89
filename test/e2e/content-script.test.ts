/**
 * The content script on the local store in Chromium, signed in as demo through the popup: a
 * control on every page type, adds in the chosen format (checked through the store's cart API
 * with a token of its own), format changes, the owned-item confirm, rows that arrive later, and
 * a page script's forged click.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { CartButtonsPage } from '../../components/content/cart-buttons.page.ts';
import { AccountPanelPage } from '../../components/popup/account-panel.page.ts';
import type { Cart, CatalogPageResults, Chart, LibraryEntry, Track } from '../../lib/contract/wire.ts';
import { signIn } from '../helpers/tokens.ts';
import { pointAtStore } from './connect.ts';
import { type ExtensionHarness, launchExtension, sendFromPage } from './extension.ts';

const storeUrl = inject('storeUrl');
let extension: ExtensionHarness;
let popup: Page;
let page: Page;
let buttons: CartButtonsPage<Page>;
let token: string;

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${storeUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { results: T }).results;
}

const cartItems = async () =>
  (await api<Cart>('/cart/1/?sourceType=crate-e2e')).items.map(({ id, type, audioFormat }) => ({
    id,
    type,
    audioFormat,
  }));

const library = () => api<LibraryEntry[]>('/order/1/downloads?perPage=150');

/** Waits until the store's cart holds exactly `expected`. */
async function expectCart(expected: { id: number; type: string; audioFormat: string }[]): Promise<void> {
  await expect.poll(cartItems, { timeout: 5_000 }).toEqual(expected);
}

const pathOf = (kind: string, ref: { slug: string; id: number }) => `/${kind}/${ref.slug}/${ref.id}`;

beforeAll(async () => {
  extension = await launchExtension();
  await pointAtStore(extension, storeUrl);
  popup = await extension.openPage('popup.html');
  await new AccountPanelPage(popup).signIn('demo', 'demo');
  await new AccountPanelPage(popup).signedInAs.waitFor();
  token = (await signIn(storeUrl)).accessToken;
  page = await extension.context.newPage();
  buttons = new CartButtonsPage(page);
});

afterAll(async () => {
  await extension?.close();
});

beforeEach(async () => {
  // Through the extension, as the popup would, so the page cache learns of it too.
  expect(await sendFromPage(popup, 'emptyCart', {})).toMatchObject({ ok: true });
});

describe('controls on the store pages', () => {
  it('decorates every page type that lists tracks or releases', async () => {
    const home = await api<CatalogPageResults<'home'>>('/catalog/3/platform/home');
    const track = home.topTracks[0] as Track;
    const { charts } = await api<{ charts: Chart[] }>('/catalog/3/platform/chart-overview');
    const pages = [
      '/',
      pathOf('genre', track.genre),
      pathOf('label', track.label),
      pathOf('artist', track.artists[0] as Track['artists'][number]),
      pathOf('chart', charts[0] as Chart),
      pathOf('release', track.release),
      pathOf('track', track),
    ];
    for (const path of pages) {
      await page.goto(`${storeUrl}${path}`);
      // Rows are decorated as they come near the viewport: the first row now, the rest as a
      // person scrolls down through the page.
      const rows = page.locator('.track-row:visible, .release-tile:visible');
      await rows.first().locator('crate-cart-buttons').waitFor();
      await page.evaluate(async () => {
        const frame = () =>
          new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
          scrollTo(0, y);
          await frame();
        }
      });
      await rows.last().locator('crate-cart-buttons').waitFor();
      // Every decorated row has exactly one control, however many links it has.
      const items = await page.locator('[data-crate-item]').count();
      await expect
        .poll(() => page.locator('[data-crate-item] crate-cart-buttons').count(), { message: path })
        .toBe(items);
    }
  });

  it('puts a track in the cart as WAV from its page, then changes it to AIFF and removes it', async () => {
    const home = await api<CatalogPageResults<'home'>>('/catalog/3/platform/home');
    const owned = new Set((await library()).map((entry) => entry.track.id));
    const track = home.topTracks.find(
      (candidate) => candidate.saleType === 'purchase' && !owned.has(candidate.id),
    ) as Track;
    await page.goto(`${storeUrl}${pathOf('track', track)}`);
    const control = buttons.pageItem;
    await buttons.add(control, 'wav').click();
    await buttons.inCartAs(control, 'wav').waitFor();
    await expectCart([{ id: track.id, type: 'track', audioFormat: 'wav' }]);

    await buttons.change(control, 'aiff').click();
    await buttons.inCartAs(control, 'aiff').waitFor();
    await expectCart([{ id: track.id, type: 'track', audioFormat: 'aiff' }]);

    await buttons.remove(control).click();
    await buttons.add(control, 'mp3').waitFor();
    await expectCart([]);
  });

  it("adds a release from a release tile's AIFF button", async () => {
    // A release demo owns none of (demo owns a featured release, and other files buy tracks).
    const owned = new Set((await library()).map((entry) => entry.track.id));
    const home = await api<CatalogPageResults<'home'>>('/catalog/3/platform/home');
    const release = [...home.featuredReleases, ...home.newReleases].find((candidate) =>
      candidate.trackIds.every((id) => !owned.has(id)),
    ) as CatalogPageResults<'home'>['newReleases'][number];
    await page.goto(storeUrl);
    const item = `release:${release.id}`;
    const tile = page.locator(`.release-tile[data-crate-item="${item}"]`).first();
    // A tile is a narrow card: its formats fold behind a toggle.
    await buttons.showFormats(tile.locator('crate-cart-buttons'));
    await buttons.add(tile.locator('crate-cart-buttons'), 'aiff').click();
    await buttons.inCartAs(tile.locator('crate-cart-buttons'), 'aiff').waitFor();
    await expectCart([{ id: Number(item.split(':')[1]), type: 'release', audioFormat: 'aiff' }]);
  });

  it('asks before adding an owned track, and adds it on yes', async () => {
    const entry = (await library()).find((candidate) => candidate.track.saleType === 'purchase');
    const owned = entry?.track as Track;
    const format = entry?.audioFormat ?? 'mp3';
    await page.goto(`${storeUrl}${pathOf('track', owned)}`);
    const control = buttons.pageItem;
    await buttons.owned(control).waitFor();
    // The format it is owned in asks first (another format would be an upgrade, added at once).
    await buttons.add(control, format).click();
    await buttons.question(control).waitFor();
    await expectCart([]);
    await buttons.addAnyway(control).click();
    await buttons.inCartAs(control, format).waitFor();
    await expectCart([{ id: owned.id, type: 'track', audioFormat: format }]);
  });
});

describe('pages that change after loading', () => {
  it('decorates rows from "Load more" and a tab shown with pushState', async () => {
    const { charts } = await api<{ charts: Chart[] }>('/catalog/3/platform/chart-overview');
    const chart = charts.reduce((longest, candidate) =>
      candidate.trackCount > longest.trackCount ? candidate : longest,
    );
    await page.goto(`${storeUrl}${pathOf('chart', chart)}`);
    const rows = page.locator('ol.track-list > li.track-row');
    await rows.nth(49).scrollIntoViewIfNeeded();
    await rows.nth(49).locator('crate-cart-buttons').waitFor();
    await page.getByRole('button', { name: 'Load more' }).click();
    await rows.nth(60).scrollIntoViewIfNeeded();
    await rows.nth(60).locator('crate-cart-buttons').waitFor();
    // Scrolling to the end may load more rows (infinite scroll): follow the list to its real end.
    await expect
      .poll(
        async () => {
          await rows.last().scrollIntoViewIfNeeded();
          return rows.last().locator('crate-cart-buttons').count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);

    const home = await api<CatalogPageResults<'home'>>('/catalog/3/platform/home');
    await page.goto(`${storeUrl}${pathOf('genre', (home.topTracks[0] as Track).genre)}`);
    await buttons.all.first().waitFor();
    await page.getByRole('tab', { name: 'New releases' }).click();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('releases');
    const tiles = page.locator('#panel-releases .release-tile');
    await tiles.first().locator('crate-cart-buttons').waitFor();
    await tiles.last().scrollIntoViewIfNeeded();
    await tiles.last().locator('crate-cart-buttons').waitFor();
  });
});

describe('what the page does not notice', () => {
  it('moves nothing when a row gets its control: the row keeps its place and height', async () => {
    const { charts } = await api<{ charts: Chart[] }>('/catalog/3/platform/chart-overview');
    const chart = charts.find((candidate) => candidate.trackCount >= 50) as Chart;
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`${storeUrl}${pathOf('chart', chart)}`);
    await buttons.all.first().waitFor();
    const row = page.locator('ol.track-list > li.track-row').nth(45);
    const box = () =>
      row.evaluate((element) => {
        const { top, height } = element.getBoundingClientRect();
        return { top: Math.round(top + scrollY), height: Math.round(height) };
      });
    // Far below the first screen: not decorated yet.
    expect(await row.getAttribute('data-crate-item')).toBeNull();
    const before = await box();
    await row.scrollIntoViewIfNeeded();
    await row.locator('crate-cart-buttons').waitFor();
    expect(await box()).toEqual(before);
  });
});

describe('what the page cannot do', () => {
  it('changes nothing with a click dispatched by page script', async () => {
    await page.goto(storeUrl);
    const tile = page.locator('.release-tile[data-crate-item]').first();
    await tile.locator('crate-cart-buttons').waitFor();
    // page.evaluate runs in the page's own world, where the store's scripts run.
    await page.evaluate(() => {
      for (const host of document.querySelectorAll('crate-cart-buttons')) {
        for (const button of host.shadowRoot?.querySelectorAll('button') ?? []) button.click();
        host.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      }
    });
    await page.waitForTimeout(500);
    await expectCart([]);
    expect(await page.locator('crate-cart-buttons [data-state="working"]').count()).toBe(0);
  });
});
