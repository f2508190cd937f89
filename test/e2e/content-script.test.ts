/**
 * The content script on the run's store, signed in as demo through the popup. In Chromium and in
 * Firefox ESR, with the same page object: a control on every home page row and tile, a track added
 * as MP3 then changed to WAV and AIFF and removed, a release from a tile's AIFF button, a play
 * control on track rows only, the owned-track question, and every page type's own boxes in the
 * columns they have without Crate. In Chromium also: every page type decorated, rows that arrive
 * later, a row that does not move, and a page script's forged click. What the store's
 * cart holds is read through its API with a token of the test's own (demo-store.ts).
 */

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CartButtonsPage } from '../../components/content/cart-buttons.page.ts';
import { HaveFilterPage } from '../../components/content/have-filter.page.ts';
import { AccountPanelPage } from '../../components/popup/account/account-panel.page.ts';
import type { CatalogPageResults, Chart, Track } from '../../lib/contract/wire.ts';
import { type E2eExtension, type E2ePage, e2eBrowsers } from './browsers.ts';
import { pointAtStore, signInToStore } from './connect.ts';
import { api, cartItems, emptyCart, library, trackPath, unownedTracks } from './demo-store.ts';
import { type ExtensionHarness, launchExtension, sendFromPage } from './extension.ts';
import { e2eStoreUrl } from './store-url.ts';

const storeUrl = e2eStoreUrl();
let extension: ExtensionHarness;
let popup: Page;
let page: Page;
let buttons: CartButtonsPage<Page>;

/** Waits until the store's cart holds exactly `expected`. */
async function expectCart(expected: { id: number; type: string; audioFormat: string }[]): Promise<void> {
  await expect.poll(cartItems).toEqual(expected);
}

const pathOf = (kind: string, ref: { slug: string; id: number }) => `/${kind}/${ref.slug}/${ref.id}`;

/** A page of every type that lists tracks or releases: home, genre, label, artist, chart, release, track. */
async function everyPageType(): Promise<string[]> {
  const home = await api<CatalogPageResults<'home'>>('/catalog/3/platform/home');
  const track = home.topTracks[0] as Track;
  const { charts } = await api<{ charts: Chart[] }>('/catalog/3/platform/chart-overview');
  return [
    '/',
    pathOf('genre', track.genre),
    pathOf('label', track.label),
    pathOf('artist', track.artists[0] as Track['artists'][number]),
    pathOf('chart', charts[0] as Chart),
    pathOf('release', track.release),
    pathOf('track', track),
  ];
}

/**
 * The boxes the store's page lays out (its columns, headings, lists, rows, tiles and their parts):
 * each one's x and width, by selector in document order, Crate's own elements (crate-*) left out.
 * The root always shows its scroll bar, so that a page Crate's rows make longer is as wide.
 */
const layoutSelectors = [
  'main > *',
  'main h1',
  'main h2',
  '.hero > *',
  '.hero-text > *',
  '.columns > *',
  '.release-context > *',
  '.tab-bar',
  '.tab-panel',
  '.track-list',
  '.track-row > *',
  '.track-main > *',
  '.release-grid',
  '.release-tile > *',
  '.list-footer',
];
const pageBoxes = `(() => {
  document.documentElement.style.overflowY = 'scroll';
  return Object.fromEntries(${JSON.stringify(layoutSelectors)}.map((selector) => [
    selector,
    [...document.querySelectorAll(selector)]
      .filter((element) => !element.localName.startsWith('crate-'))
      .map((element) => {
        const { x, width } = element.getBoundingClientRect();
        return element.localName + '.' + [...element.classList].join('.') + ' x ' + Math.round(x) + ' width ' + Math.round(width);
      }),
  ]));
})()`;

describe('Chromium', () => {
  beforeAll(async () => {
    extension = await launchExtension();
    await pointAtStore(extension, storeUrl);
    popup = await extension.openPage('popup.html');
    await new AccountPanelPage(popup).signIn('demo', 'demo');
    await new AccountPanelPage(popup).signedInAs.waitFor();
    page = await extension.context.newPage();
    buttons = new CartButtonsPage(page);
  });

  afterAll(async () => {
    await extension?.close();
  });

  beforeEach(async () => {
    // Through the extension, as the popup would, so the pages' cart state learns of it too.
    expect(await sendFromPage(popup, 'emptyCart', {})).toMatchObject({ ok: true });
  });

  describe('controls on the store pages', () => {
    it('decorates every page type that lists tracks or releases', async () => {
      for (const path of await everyPageType()) {
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
        // And at the end, as a person does, until the list stops growing: the end in view starts
        // the store's infinite scroll, whose rows can land after the scroll, the last one then
        // below the viewport, where it gets its control only once it comes near
        // (test/unit/lib/content/list-rows.test.ts).
        await expect
          .poll(
            async () => {
              await rows.last().scrollIntoViewIfNeeded();
              return rows.last().locator('crate-cart-buttons').count();
            },
            { message: `${path}: the last row's control`, timeout: 30_000 },
          )
          .toBe(1);
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
      expect(await page.locator('crate-cart-buttons [data-state="working"]').count()).toBe(0);
      // The sign a click would have landed by now: a person's click, after the forged ones, lands
      // alone.
      const owned = new Set((await library()).map((entry) => entry.track.id));
      const home = await api<CatalogPageResults<'home'>>('/catalog/3/platform/home');
      const { id } = home.topTracks.find(
        (track) => track.saleType === 'purchase' && !owned.has(track.id),
      ) as Track;
      const control = page.locator(`.track-row[data-crate-item="track:${id}"] crate-cart-buttons`).first();
      await buttons.add(control, 'mp3').click();
      await buttons.inCartAs(control, 'mp3').waitFor();
      await expectCart([{ id, type: 'track', audioFormat: 'mp3' }]);
    });
  });
});

describe.each(e2eBrowsers)('$name: the page buttons', (browser) => {
  let extension: E2eExtension;
  let page: E2ePage;
  let buttons: CartButtonsPage<E2ePage>;

  beforeAll(async () => {
    extension = await browser.launch();
    await (await signInToStore(extension, storeUrl)).page.close();
    await emptyCart();
    page = await extension.openWebPage(storeUrl);
    buttons = new CartButtonsPage(page);
  });

  afterAll(async () => {
    await page?.close();
    await emptyCart();
    await extension?.close();
  });

  it('decorates the home page: every row and tile gets one control', async () => {
    await buttons.all.first().waitFor();
    expect(await buttons.all.count()).toBeGreaterThan(0);
    // Both counted at once: rows coming near the viewport are decorated between two evaluations.
    const [withControl, marked] = await page.evaluate<[number, number]>(
      '[document.querySelectorAll("[data-crate-item] crate-cart-buttons").length, document.querySelectorAll("[data-crate-item]").length]',
    );
    expect(withControl).toBe(marked);
  });

  it('adds a track as MP3, changes it to WAV then AIFF, and removes it', async () => {
    const [track] = (await unownedTracks()) as [Track];
    await page.goto(`${storeUrl}${trackPath(track)}`);
    const control = buttons.pageItem;
    await buttons.add(control, 'mp3').click();
    await buttons.inCartAs(control, 'mp3').waitFor();
    await expect.poll(cartItems).toEqual([{ id: track.id, type: 'track', audioFormat: 'mp3' }]);
    await buttons.change(control, 'wav').click();
    await buttons.inCartAs(control, 'wav').waitFor();
    await buttons.change(control, 'aiff').click();
    await buttons.inCartAs(control, 'aiff').waitFor();
    await expect.poll(cartItems).toEqual([{ id: track.id, type: 'track', audioFormat: 'aiff' }]);
    await buttons.remove(control).click();
    await buttons.add(control, 'wav').waitFor();
    await expect.poll(cartItems).toEqual([]);
  });

  it("adds a release from a release tile's AIFF button", async () => {
    const owned = new Set((await library()).map((entry) => entry.track.id));
    const home = await api<CatalogPageResults<'home'>>('/catalog/3/platform/home');
    const release = [...home.featuredReleases, ...home.newReleases].find((candidate) =>
      candidate.trackIds.every((id) => !owned.has(id)),
    ) as CatalogPageResults<'home'>['newReleases'][number];
    await page.goto(storeUrl);
    const control = page
      .locator(`.release-tile[data-crate-item="release:${release.id}"]`)
      .first()
      .locator('crate-cart-buttons');
    // A tile is a narrow card: its formats fold behind a toggle.
    await buttons.showFormats(control);
    await buttons.add(control, 'aiff').click();
    await buttons.inCartAs(control, 'aiff').waitFor();
    await expect.poll(cartItems).toEqual([{ id: release.id, type: 'release', audioFormat: 'aiff' }]);
    await emptyCart();
  });

  // Playing itself is checked in Chromium (test/e2e/previews.test.ts): headless Firefox here
  // never starts the audio (no "playing" event) and logs "RSLoader:" from its media stack.
  it('puts a play control on every track row and none on release tiles', async () => {
    await page.goto(storeUrl);
    const row = page.locator('.track-row[data-crate-item] crate-cart-buttons').first();
    await buttons.preview(row).waitFor();
    const tile = page.locator('.release-tile[data-crate-item] crate-cart-buttons').first();
    await tile.locator('button[data-format]').first().waitFor();
    expect(await buttons.preview(tile).count()).toBe(0);
  });

  it('marks an owned track, asks before adding it, and adds it on yes', async () => {
    const entry = (await library()).find((candidate) => candidate.track.saleType === 'purchase');
    const owned = entry?.track as Track;
    const format = entry?.audioFormat ?? 'mp3';
    await page.goto(`${storeUrl}${trackPath(owned)}`);
    const control = buttons.pageItem;
    await buttons.owned(control).waitFor();
    // The format it is owned in asks first (another format would be an upgrade, added at once).
    await buttons.add(control, format).click();
    await buttons.question(control).waitFor();
    await buttons.addAnyway(control).click();
    await buttons.inCartAs(control, format).waitFor();
    await expect.poll(cartItems).toEqual([{ id: owned.id, type: 'track', audioFormat: format }]);
    await emptyCart();
  });

  // Last: it widens the tab to where the store lays pages out in columns (Puppeteer's is 800 wide).
  it("moves none of the page's own boxes sideways, on every page type", async () => {
    // The same store on another origin, which the extension is not pointed at: the page without Crate.
    const withoutCrate = new URL(storeUrl);
    withoutCrate.hostname = 'localhost';
    await page.setViewportSize({ width: 1280, height: 720 });
    for (const path of [...(await everyPageType()), '/charts']) {
      await page.goto(`${withoutCrate.origin}${path}`);
      const without = await page.evaluate<Record<string, string[]>>(pageBoxes);
      await page.goto(`${storeUrl}${path}`);
      await new HaveFilterPage(page).toggle.waitFor();
      // The charts overview lists charts, which get no control.
      if (path !== '/charts') await buttons.all.first().waitFor();
      if (/^\/(track|release)\//.test(path)) await buttons.pageItem.waitFor();
      expect(await page.evaluate<Record<string, string[]>>(pageBoxes), path).toEqual(without);
    }
  });
});
