/**
 * The Firefox journeys not yet folded into a file both browsers run (see browsers.ts: sign-in,
 * the options page, the page buttons and the shortcuts already are), with the same page objects,
 * against the run's store as demo: the popup's cart and format switcher, a library download to
 * disk, the context menu's "Download purchased" (invoked in the background page: native menus
 * cannot be clicked), the "not owned" notification clicked in Firefox's own alert window, access
 * to the store withheld (as in about:addons) and granted again from the popup and from the options
 * page, and a console the extension left clean throughout. A permission request is answered
 * "Allow" by the profile (extensions.webextOptionalPermissionPrompts), not by a doorhanger.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CartButtonsPage } from '../../../components/content/cart-buttons.page.ts';
import { OptionsFormPage } from '../../../components/options/options-form.page.ts';
import { PopupPage } from '../../../components/popup/popup.page.ts';
import { firefoxAddonId } from '../../../lib/contract/extension-identity.ts';
import type { AudioFormat, Track } from '../../../lib/contract/wire.ts';
import { signInToStore } from '../connect.ts';
import { api, cartItems, emptyCart, library, trackPath, unownedTracks } from '../demo-store.ts';
import type { MenuClick } from '../extension.ts';
import { holdPopupCache, releasePopupCache } from '../popup-cache-hold.ts';
import { type FirefoxExtension, launchFirefoxExtension } from './firefox-extension.ts';
import type { FirefoxPage } from './puppeteer-ui.ts';

const storeUrl = inject('storeUrl');
let extension: FirefoxExtension;
let downloadDir: string;

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
  await emptyCart();
  await (await signInToStore(extension, storeUrl)).page.close();
});

afterAll(async () => {
  await extension?.close();
  if (downloadDir) rmSync(downloadDir, { recursive: true, force: true });
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
    // The first change after a fresh sign-in may take the store more than poll's default second.
    await expect
      .poll(async () => (await cartItems()).map((item) => item.audioFormat), { timeout: 8_000 })
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

  it('opens on a tab clicked in the first frame, while the live popup still loads', async () => {
    const shown = await openPopup();
    await expect
      .poll(() => shown.page.puppeteer.evaluate(() => localStorage.getItem('crate:last-view:cart')))
      .toBeTruthy();
    await shown.page.close();
    // The live popup reads the popup cache before it renders: held busy, only the first frame shows.
    const holder = await extension.openPage('options.html');
    await holder.puppeteer.evaluate(holdPopupCache);
    const popup = new PopupPage(await extension.openPage('popup.html'));
    try {
      const pictured = await popup.page.puppeteer.waitForSelector('#last-view [role="tab"]#tab-library');
      const box = await pictured?.boundingBox();
      if (!box) throw new Error('The first frame shows no Library tab.');
      await popup.page.puppeteer.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      expect(await popup.page.locator('#app [role="tab"]').count()).toBe(0);
      expect(
        await popup.page.puppeteer.evaluate(() => document.getElementById('last-view')?.dataset.tab),
      ).toBe('library');
    } finally {
      await holder.puppeteer.evaluate(releasePopupCache);
      await holder.close();
    }
    await popup.live();
    const selected = () =>
      popup.page.puppeteer.evaluate(() => document.querySelector('#app [aria-selected="true"]')?.id);
    expect(await selected()).toBe('tab-library');
    await popup.library.entries.first().waitFor();
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
  const clickMenu = (info: MenuClick) => extension.clickMenu(info);

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

describe('Firefox: the console', () => {
  it('has no error or warning the extension caused, in any of its contexts', async () => {
    expect(await extension.consoleProblems()).toEqual([]);
  });
});
