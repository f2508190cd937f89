/**
 * The store's website in a real browser: "load more" and infinite scroll on a long chart, tab
 * navigation with history.pushState, and a purchase: sign in on the site, fill the cart through
 * the API, check out on /cart, find the tracks in the download library.
 */

import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseCatalogPath } from '../../lib/contract/catalog-url.ts';
import type { Chart, LibraryEntry, Track } from '../../lib/contract/wire.ts';
import { chromiumArgs } from '../helpers/chromium.ts';
import { signIn } from '../helpers/tokens.ts';
import { e2eStoreUrl } from './store-url.ts';

const storeUrl = e2eStoreUrl();
let browser: Browser;
let page: Page;

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${storeUrl}${path}`, init);
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { results: T }).results;
}

async function longestChart(): Promise<Chart> {
  const { charts } = await api<{ charts: Chart[] }>('/catalog/3/platform/chart-overview');
  return charts.reduce((longest, candidate) =>
    candidate.trackCount > longest.trackCount ? candidate : longest,
  );
}

const rowCount = () => page.locator('ol.track-list > li.track-row').count();
/** Each row's track link, in one read: the list can grow between two reads (infinite scroll). */
const rowLinks = () =>
  page.$$eval('ol.track-list > li.track-row', (rows) =>
    rows.map((row) => row.querySelector('a.track-title')?.getAttribute('href') ?? ''),
  );

/** A flag on the window: it survives only while no page load happens. */
const markWindow = () => page.evaluate(() => Object.assign(window, { crateMarker: 'still here' }));
const windowMarker = () => page.evaluate(() => (window as unknown as { crateMarker?: string }).crateMarker);

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: inject('chromePath'),
    headless: true,
    args: chromiumArgs(),
  });
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('pageerror', (error) => {
    throw error;
  });
});

afterAll(async () => {
  await browser?.close();
});

describe('a long chart', () => {
  it('loads more rows with the button and by scrolling, without a page load', async () => {
    const chart = await longestChart();
    expect(chart.trackCount).toBeGreaterThan(150);
    await page.goto(`${storeUrl}/chart/${chart.slug}/${chart.id}`);
    await markWindow();
    expect(await rowCount()).toBe(50);

    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(rowCount).toBeGreaterThanOrEqual(100);
    // The new rows can bring the list's end near the viewport, and infinite scroll then fetches
    // the next page by itself: every row read at once has its track link.
    const added = (await rowLinks()).slice(50);
    expect(added.length).toBeGreaterThanOrEqual(50);
    for (const href of added) expect(parseCatalogPath(href), href).toMatchObject({ type: 'track' });
    // Client-rendered rows continue the ranking.
    expect(await page.locator('li.track-row').nth(50).locator('.track-position').textContent()).toBe('51');

    // Infinite scroll: reaching the end of the list fetches the next page by itself.
    const beforeScroll = await rowCount();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(rowCount).toBeGreaterThan(beforeScroll);
    const ids = (await rowLinks()).map((href) => parseCatalogPath(href)?.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(await page.locator('.list-status').textContent()).toMatch(/^Showing [\d,]+ of [\d,]+ tracks$/);
    expect(await windowMarker()).toBe('still here');
  });
});

describe('tabs', () => {
  it('switch with history.pushState, and back restores the previous tab', async () => {
    const { genres } = await api<{ genres: { id: number; slug: string }[] }>('/catalog/3/platform/home');
    const genre = genres[0] as { id: number; slug: string };
    const genreUrl = `${storeUrl}/genre/${genre.slug}/${genre.id}`;
    await page.goto(genreUrl);
    await markWindow();
    await expect.poll(() => page.locator('#panel-tracks').isVisible()).toBe(true);

    await page.getByRole('tab', { name: 'New releases' }).click();
    await expect.poll(() => page.url()).toBe(`${genreUrl}?tab=releases`);
    expect(await page.locator('#panel-releases').isVisible()).toBe(true);
    expect(await page.locator('#panel-tracks').isVisible()).toBe(false);
    expect(await page.locator('#panel-releases a.release-link').count()).toBeGreaterThan(0);

    await page.getByRole('tab', { name: 'Charts' }).click();
    await expect.poll(() => page.url()).toBe(`${genreUrl}?tab=charts`);

    await page.goBack();
    await expect.poll(() => page.url()).toBe(`${genreUrl}?tab=releases`);
    await expect.poll(() => page.locator('#panel-releases').isVisible()).toBe(true);
    await page.goBack();
    await expect.poll(() => page.url()).toBe(genreUrl);
    await expect.poll(() => page.locator('#panel-tracks').isVisible()).toBe(true);
    expect(await windowMarker()).toBe('still here');

    // The same URL on a full load opens the same tab.
    await page.goto(`${genreUrl}?tab=releases`);
    expect(await page.locator('#panel-releases').isVisible()).toBe(true);
    expect(await windowMarker()).toBeUndefined();
  });
});

describe('buying on the site', () => {
  it('signs in, checks out the cart filled through the API, and the tracks are in the library', async () => {
    const { accessToken } = await signIn(storeUrl);
    const bearer = { authorization: `Bearer ${accessToken}` };
    const owned = await api<LibraryEntry[]>('/order/1/downloads?perPage=150', { headers: bearer });
    const ownedIds = new Set(owned.map((entry) => entry.track.id));
    const chart = await longestChart();
    const { tracks } = await api<{ tracks: Track[] }>(`/catalog/3/platform/chart?id=${chart.id}&perPage=150`);
    const toBuy = tracks
      .filter((track) => track.saleType === 'purchase' && !ownedIds.has(track.id))
      .slice(0, 2);
    expect(toBuy).toHaveLength(2);

    await page.goto(`${storeUrl}/cart`);
    await page.locator('main').getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Username').fill('demo');
    await page.getByLabel('Password').fill('demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${storeUrl}/cart`);
    expect(await page.locator('.site-header .username').textContent()).toBe('demo');

    // Other test files share the demo user: start from an empty default cart.
    await api('/cart/1/?sourceType=test', { method: 'DELETE', headers: bearer });
    const items = JSON.stringify(toBuy.map((track) => ({ id: track.id, type: 'track', audioFormat: 'wav' })));
    await api(`/cart/1/?sourceType=test&items=${encodeURIComponent(items)}`, {
      method: 'POST',
      headers: bearer,
    });

    await page.reload();
    const cart = page.locator('section.cart[data-cart-name="default"]');
    for (const track of toBuy) {
      await expect.poll(() => cart.locator(`a[href="/track/${track.slug}/${track.id}"]`).count()).toBe(1);
    }
    await cart.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL(/\/cart\?order=\d+$/);
    expect(await page.locator('.notice-success').textContent()).toContain('Thank you!');
    const bought = await page.$$eval('.confirmation a.track-title', (links) =>
      links.map((link) => link.getAttribute('href')),
    );
    expect(bought.sort()).toEqual(toBuy.map((track) => `/track/${track.slug}/${track.id}`).sort());

    const library = await api<LibraryEntry[]>('/order/1/downloads?perPage=150', { headers: bearer });
    for (const track of toBuy) {
      expect(library.find((entry) => entry.track.id === track.id)).toMatchObject({
        audioFormat: 'wav',
        status: 'available',
      });
    }
  });
});
