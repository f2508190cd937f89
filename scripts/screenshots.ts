/**
 * `npm run screenshots`: the README's pictures, made from the real build against the demo store so
 * they stay true. Builds the extension, starts a seeded store on a free port in a temp folder (as
 * the end-to-end tests do), loads the build in headless Chromium, signs in as demo, adds a few
 * tracks from a chart page with the page buttons, and saves into docs/screenshots/: the decorated
 * chart page, the popup's cart (light and dark), library and artists tabs, the export dialog, the
 * tracklist page with a pasted list matched, the USB stick page with a crate handed to it, and the
 * options page (light and dark); and, in a browser without the extension, the store's own home,
 * chart (light and dark) and release pages. Everything it started is stopped and removed at the end.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { CartButtonsPage } from '../components/content/cart-buttons.page.ts';
import { OptionsFormPage } from '../components/options/options-form.page.ts';
import { CrateExportPage } from '../components/popup/crates/crate-export.page.ts';
import { PopupPage } from '../components/popup/popup.page.ts';
import { TracklistPageObject } from '../components/tracklist/tracklist-page.page.ts';
import { chartUrl, releaseUrl } from '../lib/contract/store-urls.ts';
import type { CatalogPageResults } from '../lib/contract/wire.ts';
import { signInToStore } from '../test/e2e/connect.ts';
import { chromePath, extensionPages, extensionUrl, launchChromium } from '../test/helpers/chromium.ts';
import { startTestStore, type TestStore } from '../test/helpers/store.ts';

const root = join(import.meta.dirname, '..');
const extensionPath = join(root, '.output', 'chrome-mv3');
const outputDir = join(root, 'docs', 'screenshots');
type Scheme = 'light' | 'dark';

function build(): void {
  const result = spawnSync(join(root, 'node_modules', '.bin', 'wxt'), ['build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('The extension build failed (see above).');
}

const saved: string[] = [];
async function shoot(page: Page, file: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const path = join(outputDir, file);
  await page.screenshot({ path, fullPage: options.fullPage ?? false, animations: 'disabled', caret: 'hide' });
  saved.push(`${file} (${Math.round(statSync(path).size / 1024)} kB)`);
}

async function openExtensionPage(context: BrowserContext, path: string, scheme: Scheme, size: Size) {
  const page = await context.newPage();
  await page.setViewportSize(size);
  await page.emulateMedia({ colorScheme: scheme });
  await page.goto(extensionUrl(path));
  return page;
}
interface Size {
  width: number;
  height: number;
}
const popupSize = { width: 440, height: 580 };

/** demo's purchases, from the database of the store this script started. */
async function ownedTrackIds(store: TestStore): Promise<Set<number>> {
  const rows = await store.ctx.db.all<{ track_id: number }>(
    'SELECT track_id FROM downloads WHERE user_id = (SELECT id FROM users WHERE username = ?)',
    'demo',
  );
  return new Set(rows.map((row) => row.track_id));
}

async function catalog<P extends 'chart-overview' | 'chart'>(
  storeUrl: string,
  page: P,
  id?: number,
): Promise<CatalogPageResults<P>> {
  const response = await fetch(`${storeUrl}/catalog/3/platform/${page}${id ? `?id=${id}` : ''}`);
  return ((await response.json()) as { results: CatalogPageResults<P> }).results;
}

/**
 * A chart page with a few tracks put in the cart by its own buttons, as a person would: the first
 * chart whose top rows hold a track demo owns (its "Owned" mark and upgrades) and three it does not.
 */
async function decoratedChart(context: BrowserContext, store: TestStore): Promise<void> {
  const storeUrl = store.baseUrl;
  const owned = await ownedTrackIds(store);
  const { charts } = await catalog(storeUrl, 'chart-overview');
  let chosen: { chart: (typeof charts)[number]; tracks: CatalogPageResults<'chart'>['tracks'] } | undefined;
  for (const chart of charts) {
    const tracks = (await catalog(storeUrl, 'chart', chart.id)).tracks.slice(0, 5);
    const unowned = tracks.filter((track) => track.saleType === 'purchase' && !owned.has(track.id));
    if (tracks.some((track) => owned.has(track.id)) && unowned.length >= 3) {
      chosen = { chart, tracks };
      break;
    }
  }
  chosen ??= charts[0] && {
    chart: charts[0],
    tracks: (await catalog(storeUrl, 'chart', charts[0].id)).tracks,
  };
  if (!chosen) throw new Error('The demo store has no chart.');
  const { chart } = chosen;
  const page = await context.newPage();
  await page.setViewportSize({ width: 1100, height: 760 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`${storeUrl}/chart/${chart.slug}/${chart.id}`);
  const buttons = new CartButtonsPage(page);
  await buttons.all.first().waitFor();
  const wanted: ('mp3' | 'wav')[] = ['mp3', 'wav', 'mp3'];
  for (const track of chosen.tracks) {
    const format = wanted[0];
    if (!format) break;
    if (track.saleType !== 'purchase' || owned.has(track.id)) continue;
    const control = buttons.control('track', track.id);
    await buttons.add(control, format).click();
    await buttons.inCartAs(control, format).waitFor();
    wanted.shift();
  }
  const ownedRow = chosen.tracks.find((track) => owned.has(track.id));
  if (ownedRow) await buttons.owned(buttons.control('track', ownedRow.id)).waitFor();
  // No row left highlighted by the pointer of the last click.
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, 'decorated-chart.png');
  await page.close();
}

/** The store's website as a person without Crate sees it. */
async function websitePages(storeUrl: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: chromePath, headless: true });
  try {
    const { charts } = await catalog(storeUrl, 'chart-overview');
    const chart = charts[0];
    if (!chart) throw new Error('The demo store has no chart.');
    const { tracks } = await catalog(storeUrl, 'chart', chart.id);
    const release = tracks[0]?.release;
    if (!release) throw new Error('The first chart has no tracks.');
    const pages: [string, string, Scheme][] = [
      ['/', 'website-home.png', 'light'],
      [chartUrl(chart), 'website-chart.png', 'light'],
      [chartUrl(chart), 'website-chart-dark.png', 'dark'],
      [releaseUrl(release), 'website-release.png', 'light'],
    ];
    for (const [path, file, scheme] of pages) {
      const page = await browser.newPage({ viewport: { width: 1100, height: 760 }, colorScheme: scheme });
      await page.goto(`${storeUrl}${path}`, { waitUntil: 'networkidle' });
      await shoot(page, file);
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

async function popupTab(context: BrowserContext, hash: string, file: string, scheme: Scheme): Promise<void> {
  const popup = new PopupPage(await openExtensionPage(context, `popup.html${hash}`, scheme, popupSize));
  await popup.live();
  await popup.refreshing.waitFor({ state: 'detached' });
  await popup.page.locator('.notice-box, .cart-summary, .library-entry, .artist').first().waitFor();
  // Artwork and the fonts settle before the picture.
  await popup.page.waitForLoadState('networkidle');
  await shoot(popup.page, file);
  await popup.page.close();
}

/** The library's export dialog over the list, then the USB stick page it hands the crate to. */
async function exportDialogAndStickPage(context: BrowserContext): Promise<void> {
  const popup = new PopupPage(await openExtensionPage(context, 'popup.html#library', 'light', popupSize));
  await popup.live();
  await popup.page.locator('.library-entry').first().waitFor();
  await popup.page.waitForLoadState('networkidle');
  const exporter = new CrateExportPage(popup.page);
  await popup.page.getByRole('button', { name: 'Export crate…' }).click();
  await exporter.dialog.waitFor();
  await shoot(popup.page, 'popup-export.png');
  await popup.page.getByRole('button', { name: 'Close' }).click();
  // What a filter shows is the crate: the tracks sharing the newest purchase's first word.
  const [newest] = await popup.library.titles();
  await popup.library.filter((newest ?? '').split(' ')[0] ?? '');
  await popup.page.getByText(/^\d+ match/).waitFor();
  await exporter.exportToStick('Saturday', 'selection');
  // The dialog opened the stick page in a tab of its own: the picture is taken in a tab sized for it.
  const stickPage = await openExtensionPage(context, 'usb-stick.html', 'light', { width: 900, height: 760 });
  await stickPage.getByRole('button').first().waitFor();
  await stickPage.waitForLoadState('networkidle');
  await shoot(stickPage, 'usb-stick.png');
  await stickPage.close();
  await popup.page.close();
}

/** A DJ's pasted tracklist: three chart tracks, one another mix of, one the store does not sell. */
async function tracklistPage(context: BrowserContext, storeUrl: string): Promise<void> {
  const { charts } = await catalog(storeUrl, 'chart-overview');
  const { tracks } = await catalog(storeUrl, 'chart', charts[0]?.id);
  const line = (track: (typeof tracks)[number]) =>
    `${track.artists.map((artist) => artist.name).join(' & ')} - ${track.name} (${track.mixName})`;
  const text = [
    'Tracklist:',
    ...tracks.slice(0, 3).map((track, i) => `0${i + 1}. ${line(track)}`),
    'Nobody Known - Nothing Like This (Extended Mix)',
    'ID - ID',
  ].join('\n');
  const page = await openExtensionPage(context, 'tracklist.html', 'light', { width: 1000, height: 760 });
  await new TracklistPageObject(page).match(text);
  await page.waitForLoadState('networkidle');
  await shoot(page, 'tracklist.png', { fullPage: true });
  await page.close();
}

async function optionsPage(context: BrowserContext, file: string, scheme: Scheme): Promise<void> {
  const options = new OptionsFormPage(
    await openExtensionPage(context, 'options.html', scheme, { width: 760, height: 900 }),
  );
  // The preview names the newest purchase of demo's library, not the sample.
  await options.previewSource.filter({ hasText: /^Your newest purchase/ }).waitFor();
  await shoot(options.page, file, { fullPage: true });
  await options.page.close();
}

build();
const store = await startTestStore({ listen: true, scale: 300 });
const profile = mkdtempSync(join(tmpdir(), 'crate-screenshots-'));
let context: BrowserContext | undefined;
try {
  context = await launchChromium({ executablePath: chromePath, extensionPath, profile });
  await (await signInToStore(extensionPages(context), store.baseUrl)).page.close();
  await decoratedChart(context, store);
  await popupTab(context, '#cart', 'popup-cart.png', 'light');
  await popupTab(context, '#cart', 'popup-cart-dark.png', 'dark');
  await popupTab(context, '#library', 'popup-library.png', 'light');
  await popupTab(context, '#artists', 'popup-artists.png', 'light');
  await exportDialogAndStickPage(context);
  await tracklistPage(context, store.baseUrl);
  await optionsPage(context, 'options.png', 'light');
  await optionsPage(context, 'options-dark.png', 'dark');
  await websitePages(store.baseUrl);
  console.log(`Saved in docs/screenshots/:\n  ${saved.join('\n  ')}`);
} finally {
  await context?.close();
  await store.close();
  rmSync(profile, { recursive: true, force: true });
}
