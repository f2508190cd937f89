/**
 * The Chromium suite's journeys in Firefox ESR, with the same page objects, against the run's
 * store as demo: sign-in through identity.launchWebAuthFlow, the page buttons in every format
 * with their states, the popup's cart and format switcher, a library download to disk, the
 * context menu's "Download purchased" (invoked in the background page: native menus cannot be
 * clicked), the "not owned" notification clicked in Firefox's own alert window, access to the
 * store withheld (as in about:addons) and granted again from the popup and from the options page,
 * and a console the extension left clean throughout. A permission request is answered "Allow"
 * by the profile (extensions.webextOptionalPermissionPrompts), not by a doorhanger.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CartButtonsPage } from '../../../components/content/cart-buttons.page.ts';
import { OptionsFormPage } from '../../../components/options/options-form.page.ts';
import { PopupPage } from '../../../components/popup/popup.page.ts';
import { firefoxAddonId } from '../../../lib/contract/extension-identity.ts';
import type {
  AudioFormat,
  Cart,
  CatalogPageResults,
  LibraryEntry,
  Track,
} from '../../../lib/contract/wire.ts';
import { filenameFields, renderFilename } from '../../../lib/storage/filename-template.ts';
import { signIn } from '../../helpers/tokens.ts';
import { type FirefoxExtension, launchFirefoxExtension } from './firefox-extension.ts';
import type { FirefoxPage } from './puppeteer-ui.ts';

const storeUrl = inject('storeUrl');
let extension: FirefoxExtension;
let downloadDir: string;
let token: string;

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${storeUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { results: T }).results;
}

const cartItems = async () =>
  (await api<Cart>('/cart/1/?sourceType=crate-e2e')).items.map(({ id, type, audioFormat }) => ({
    id,
    type,
    audioFormat,
  }));
const emptyCart = () => api('/cart/1/?sourceType=crate-e2e', { method: 'DELETE' });
const library = () => api<LibraryEntry[]>('/order/1/downloads?perPage=150');
const trackPath = (track: Track) => `/track/${track.slug}/${track.id}`;

async function unownedTracks(): Promise<Track[]> {
  const owned = new Set((await library()).map((entry) => entry.track.id));
  const home = await api<CatalogPageResults<'home'>>('/catalog/3/platform/home');
  return home.topTracks.filter((track) => track.saleType === 'purchase' && !owned.has(track.id));
}

/** Finished files in the download folder (Firefox writes `.part` files until a download ends). */
function savedFiles(): string[] {
  return readdirSync(downloadDir, { recursive: true, encoding: 'utf8' })
    .filter((path) => !path.endsWith('.part') && !existsSync(join(downloadDir, `${path}.part`)))
    .filter((path) => /\.(mp3|wav|aiff)$/.test(path))
    .sort();
}

/**
 * The one file saved since `before` was listed, once whole: Firefox makes an empty file under the
 * final name when a download starts and writes into a `.part` file beside it until it ends.
 */
async function newFile(before: string[]): Promise<string> {
  const added = () => savedFiles().filter((path) => !before.includes(path));
  await expect
    .poll(() => added().map((path) => audioFormatOf(path) !== null), { timeout: 15_000 })
    .toEqual([true]);
  return added()[0] as string;
}

function audioFormatOf(path: string): AudioFormat | null {
  const head = readFileSync(join(downloadDir, path)).subarray(0, 12);
  const text = (from: number, to: number) => head.subarray(from, to).toString('latin1');
  if (text(0, 3) === 'ID3' || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0)) return 'mp3';
  if (text(0, 4) === 'RIFF' && text(8, 12) === 'WAVE') return 'wav';
  if (text(0, 4) === 'FORM' && text(8, 12) === 'AIFF') return 'aiff';
  return null;
}

async function openPopup(hash = ''): Promise<PopupPage<FirefoxPage>> {
  const popup = new PopupPage(await extension.openPage(`popup.html${hash}`));
  await popup.live();
  return popup;
}

beforeAll(async () => {
  downloadDir = mkdtempSync(join(tmpdir(), 'crate-firefox-downloads-'));
  extension = await launchFirefoxExtension({ downloadsPath: downloadDir });
  token = (await signIn(storeUrl)).accessToken;
  await emptyCart();
});

afterAll(async () => {
  await extension?.close();
  if (downloadDir) rmSync(downloadDir, { recursive: true, force: true });
});

describe('Firefox: signing in', () => {
  it('saves the store URL and signs in from the popup through the store login window', async () => {
    const optionsPage = await extension.openPage('options.html');
    expect(await new OptionsFormPage(optionsPage).setStoreUrl(storeUrl)).toBe('Saved.');
    await optionsPage.close();
    const popup = new PopupPage(await extension.openPage('popup.html'));
    await popup.account.signIn('demo', 'demo');
    await popup.account.signedInAs.waitFor();
    expect(await popup.account.signedInAs.textContent()).toBe('Signed in as demo');
    await popup.page.close();
  });
});

describe('Firefox: the file name template on the options page', () => {
  it("previews demo's newest purchase while typing, and shows a broken template's problem next to it", async () => {
    const [newest] = await api<LibraryEntry[]>('/order/1/downloads?page=1&perPage=1');
    if (!newest) throw new Error('demo has no purchases in the demo store.');
    const options = new OptionsFormPage(await extension.openPage('options.html'));
    await options.previewSource.filter({ hasText: /^Your newest purchase/ }).waitFor();
    expect(await options.previewSource.textContent()).toContain(newest.track.name);

    const { release } = await api<CatalogPageResults<'release'>>(
      `/catalog/3/platform/release?id=${newest.track.release.id}`,
    );
    const template = '{catalog} - {title}.{format}';
    await options.typeTemplate(template);
    const path = renderFilename(template, filenameFields(newest.track, newest.audioFormat, { release }), {
      fallbackName: `track-${newest.track.id}`,
    });
    expect(path.startsWith(`${release.catalogNumber} - `)).toBe(true);
    await expect.poll(() => options.previewPath.textContent()).toBe(path);
    expect(await options.disabledSave.count()).toBe(0);

    await options.typeTemplate('{artist} - {titel}');
    await expect
      .poll(() => options.templateProblem.textContent())
      .toBe('Unknown field {titel}: use the fields listed below.');
    expect(await options.disabledSave.count()).toBe(1);

    await options.typeTemplate('{artist} - {title}');
    await expect.poll(() => options.templateProblem.textContent()).toBe('');
    expect(await options.disabledSave.count()).toBe(0);
    await options.page.close();
  });
});

describe('Firefox: the page buttons', () => {
  let page: FirefoxPage;
  let buttons: CartButtonsPage<FirefoxPage>;

  beforeAll(async () => {
    page = await extension.openWebPage(storeUrl);
    buttons = new CartButtonsPage(page);
  });

  afterAll(async () => {
    await page?.close();
    await emptyCart();
  });

  it('decorates the home page: every row and tile gets one control', async () => {
    await buttons.all.first().waitFor();
    expect(await buttons.all.count()).toBeGreaterThan(0);
    expect(
      await page.evaluate<number>('document.querySelectorAll("[data-crate-item] crate-cart-buttons").length'),
    ).toBe(await page.evaluate<number>('document.querySelectorAll("[data-crate-item]").length'));
  });

  it('adds a track as MP3, changes it to WAV then AIFF, and removes it', async () => {
    const [track] = (await unownedTracks()) as [Track];
    await page.puppeteer.goto(`${storeUrl}${trackPath(track)}`);
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
    await page.puppeteer.goto(storeUrl);
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
    await page.puppeteer.goto(storeUrl);
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
    await page.puppeteer.goto(`${storeUrl}${trackPath(owned)}`);
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
});

describe('Firefox: the popup', () => {
  it('shows the cart and sets every item to one format with the switcher', async () => {
    const [first, second] = (await unownedTracks()) as [Track, Track];
    const items = [
      { id: first.id, type: 'track', audioFormat: 'mp3' },
      { id: second.id, type: 'track', audioFormat: 'wav' },
    ];
    await api(`/cart/1/?sourceType=crate-e2e&items=${encodeURIComponent(JSON.stringify(items))}`, {
      method: 'POST',
    });
    const popup = await openPopup();
    await popup.cart.counts.filter({ hasText: '2 items' }).waitFor();
    const preview = await popup.cart.previewAll('aiff');
    await preview.filter({ hasText: /^New total/ }).waitFor();
    await popup.cart.applyAll('aiff');
    await expect
      .poll(async () => (await cartItems()).map((item) => item.audioFormat))
      .toEqual(['aiff', 'aiff']);
    await popup.cart.setFormat(`${first.name} (${first.mixName})`, 'mp3');
    await expect
      .poll(async () => (await cartItems()).find((item) => item.id === first.id)?.audioFormat)
      .toBe('mp3');
    await popup.cart.emptyCart();
    await popup.cart.emptyNotice.waitFor();
    await expect.poll(cartItems).toEqual([]);
    await popup.page.close();
  });

  it('downloads a library entry to disk: a whole file, in its format', async () => {
    const entry = (await library()).find((each) => each.status === 'available');
    if (!entry) throw new Error('demo has nothing left to download.');
    const before = savedFiles();
    const popup = await openPopup('#library');
    const title = `${entry.track.name} (${entry.track.mixName})`;
    await popup.library.filter(entry.track.name);
    await popup.library.downloadButton(title).click();
    await popup.library.entry(title).getByText('Downloaded just now').waitFor();
    const saved = await newFile(before);
    expect(saved.endsWith(`.${entry.audioFormat}`)).toBe(true);
    expect(audioFormatOf(saved)).toBe(entry.audioFormat);
    await popup.page.close();
  });
});

describe('Firefox: "Download purchased" and notifications', () => {
  const clickMenu = (info: { menuItemId: string; linkUrl?: string; pageUrl: string }) =>
    extension.background(`bg.crateMenuClicked(${JSON.stringify({ editable: false, ...info })})`);

  it('saves an owned track from a link to it', async () => {
    const entry = (await library()).find(
      (each) => each.status === 'available' && each.track.saleType === 'purchase',
    );
    if (!entry) throw new Error('demo has nothing left to download.');
    const before = savedFiles();
    await clickMenu({
      menuItemId: 'crate-download-track-link',
      linkUrl: `${storeUrl}${trackPath(entry.track)}`,
      pageUrl: `${storeUrl}/`,
    });
    const saved = await newFile(before);
    expect(audioFormatOf(saved)).toBe(entry.audioFormat);
  });

  it('offers a track that is not owned in a notification; clicking it adds the track to the cart', async () => {
    const [track] = (await unownedTracks()) as [Track];
    await clickMenu({
      menuItemId: 'crate-download-track-link',
      linkUrl: `${storeUrl}${trackPath(track)}`,
      pageUrl: `${storeUrl}/`,
    });
    const notificationId = `crate-not-owned:track:${track.id}`;
    await expect
      .poll(async () => Object.keys(await extension.background<object>('browser.notifications.getAll()')))
      .toContain(notificationId);
    // Firefox's own alert window (alerts.useSystemBackend is off): a click on it, as a person's,
    // once it has loaded (its click listener is added on load).
    await expect
      .poll(() =>
        extension.privileged<boolean>(`(() => {
          for (const alert of Services.wm.getEnumerator('alert:alert')) {
            if (alert.document.readyState !== 'complete') continue;
            if (!alert.document.documentElement.textContent.includes(${JSON.stringify(track.name)})) continue;
            alert.document.getElementById('alertBox').click();
            return true;
          }
          return false;
        })()`),
      )
      .toBe(true);
    await expect.poll(cartItems).toContainEqual({ id: track.id, type: 'track', audioFormat: 'mp3' });
    await emptyCart();
  });
});

describe('Firefox: access to the store withheld, then granted from the popup', () => {
  const origin = new URL(storeUrl);
  const pattern = `${origin.protocol}//${origin.hostname}/*`;
  let store: FirefoxPage;

  /** As the person does in about:addons (Permissions): Firefox MV3 lets them take any origin back. */
  async function withhold(): Promise<void> {
    // The running add-on is passed along, as about:addons does, so it learns of the change.
    const id = JSON.stringify(firefoxAddonId);
    await extension.privileged(`ChromeUtils.importESModule('resource://gre/modules/ExtensionPermissions.sys.mjs')
      .ExtensionPermissions.remove(${id}, { permissions: [], origins: [${JSON.stringify(pattern)}] },
        WebExtensionPolicy.getByID(${id}).extension)
      .then(() => true)`);
  }

  it('leaves the store pages alone and says so in the popup, not "not answering"', async () => {
    await withhold();
    store = await extension.openWebPage(storeUrl);
    await store.locator('.release-tile').first().waitFor();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await new CartButtonsPage(store).all.count()).toBe(0);

    const popup = await openPopup();
    await popup.accessNotice.waitFor();
    expect(await popup.accessNotice.textContent()).toContain(`Crate may not reach ${storeUrl}`);
    // The cart's call to the store was blocked by the browser: said as such.
    await popup.page
      .locator('#app')
      .getByText(/does not let Crate reach/)
      .first()
      .waitFor();
    expect(await popup.page.locator('#app').textContent()).not.toContain('not answering');
    await popup.page.close();
  });

  it('"Allow access to <store>" grants it; the open store page gets its buttons without a reload', async () => {
    const popup = await openPopup();
    await popup.allowAccessButton(storeUrl).click();
    await popup.accessNotice.waitFor({ state: 'detached' });
    await new CartButtonsPage(store).all.first().waitFor();
    await popup.page.close();
    await store.close();
  });

  it('saving the store URL on the options page asks for its origin in the same click', async () => {
    await withhold();
    expect(
      await extension.background(`browser.permissions.contains({ origins: [${JSON.stringify(pattern)}] })`),
    ).toBe(false);
    // Firefox refuses permissions.request outside a user gesture: "Saved." means it was asked in one.
    const optionsPage = await extension.openPage('options.html');
    expect(await new OptionsFormPage(optionsPage).setStoreUrl(storeUrl)).toBe('Saved.');
    await optionsPage.close();
    expect(
      await extension.background(`browser.permissions.contains({ origins: [${JSON.stringify(pattern)}] })`),
    ).toBe(true);
  });
});

describe('Firefox: keyboard shortcuts', () => {
  it('are bound on install: one to add the pointed item, one to open the popup', async () => {
    const commands =
      await extension.background<{ name: string; shortcut: string }[]>('browser.commands.getAll()');
    const bound = Object.fromEntries(commands.map(({ name, shortcut }) => [name, shortcut]));
    expect(bound).toEqual({ 'add-page-item': 'Alt+Shift+D', _execute_action: 'Alt+Shift+K' });
  });
});

describe('Firefox: the console', () => {
  it('has no error or warning the extension caused, in any of its contexts', async () => {
    expect(await extension.consoleProblems()).toEqual([]);
  });
});
