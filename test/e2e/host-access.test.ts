/**
 * Access to the store withheld and granted again, in Chromium and in Firefox ESR with the same page
 * objects, the way a person does it (E2eExtension.setSiteAccess: Chromium's "Site access" switch on
 * chrome://extensions, Firefox's Permissions in about:addons). While withheld, the store's pages
 * get no buttons and the popup says why, in words, with "Allow access to <store>"; a store call
 * that the browser blocked reads as withheld access, never as a store that does not answer.
 * Granted again, the popup's notice goes and the open store page gets its buttons without a
 * reload. In Firefox the popup's "Allow access" and the options page's Save grant it too: a
 * permission request is answered "Allow" by the profile (extensions.webextOptionalPermissionPrompts),
 * where Chrome's own prompt cannot be answered by automation.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartButtonsPage } from '../../components/content/cart-buttons.page.ts';
import { OptionsFormPage } from '../../components/options/options-form.page.ts';
import { PopupPage } from '../../components/popup/popup.page.ts';
import { storeMatchPattern } from '../../lib/contract/store-hosts.ts';
import { type E2eExtension, type E2ePage, e2eBrowsers } from './browsers.ts';
import { signInToStore } from './connect.ts';
import { e2eStoreUrl } from './store-url.ts';

const storeUrl = e2eStoreUrl();

describe.each(e2eBrowsers)('$name', (browser) => {
  let extension: E2eExtension;
  let store: E2ePage;
  // Chrome's own prompt for a permission request cannot be answered by automation.
  const answersPrompts = browser.name === 'Firefox';

  const hasAccess = () =>
    extension.background<boolean>(
      `browser.permissions.contains({ origins: [${JSON.stringify(storeMatchPattern(storeUrl))}] })`,
    );

  async function openPopup(): Promise<PopupPage<E2ePage>> {
    const popup = new PopupPage(await extension.openPage('popup.html'));
    await popup.live();
    return popup;
  }

  beforeAll(async () => {
    extension = await browser.launch();
    await (await signInToStore(extension, storeUrl)).page.close();
  });

  afterAll(async () => {
    await extension?.close();
  });

  describe('access to the store withheld, then granted', () => {
    it('leaves the store pages alone and says so in the popup, not "not answering"', async () => {
      await extension.setSiteAccess(storeUrl, false);
      await expect.poll(hasAccess).toBe(false);
      store = await extension.openWebPage(storeUrl);
      await store.locator('.release-tile').first().waitFor();

      // The sign the extension had its say: the popup, opened after the page, knows access is withheld.
      const popup = await openPopup();
      await popup.accessNotice.waitFor();
      expect(await new CartButtonsPage(store).all.count()).toBe(0);
      expect(await popup.accessNotice.textContent()).toContain(`Crate may not reach ${storeUrl}`);
      await popup.allowAccessButton(storeUrl).waitFor();
      // The cart's call to the store was blocked by the browser: said as such.
      await popup.page
        .locator('#app')
        .getByText(/does not let Crate reach/)
        .first()
        .waitFor();
      expect(await popup.page.locator('#app').textContent()).not.toContain('not answering');
      await popup.page.close();
    });

    it('gives the open store page its buttons once access is granted, without a reload', async () => {
      const popup = await openPopup();
      await popup.accessNotice.waitFor();
      await extension.setSiteAccess(storeUrl, true);
      await popup.accessNotice.waitFor({ state: 'detached' });
      await new CartButtonsPage(store).all.first().waitFor();
      await popup.page.close();
      await store.close();
    });

    // Not in Chromium: "Allow access" asks through Chrome's own prompt, which automation cannot answer.
    it.skipIf(!answersPrompts)(
      '"Allow access to <store>" grants it; the open store page gets its buttons without a reload',
      async () => {
        await extension.setSiteAccess(storeUrl, false);
        await expect.poll(hasAccess).toBe(false);
        store = await extension.openWebPage(storeUrl);
        await store.locator('.release-tile').first().waitFor();
        const popup = await openPopup();
        await popup.accessNotice.waitFor();
        await popup.allowAccessButton(storeUrl).click();
        await popup.accessNotice.waitFor({ state: 'detached' });
        await new CartButtonsPage(store).all.first().waitFor();
        expect(await hasAccess()).toBe(true);
        await popup.page.close();
        await store.close();
      },
    );

    // Not in Chromium: Save asks through Chrome's own prompt, which automation cannot answer.
    it.skipIf(!answersPrompts)(
      'saving the store URL on the options page asks for its origin in the same click',
      async () => {
        await extension.setSiteAccess(storeUrl, false);
        await expect.poll(hasAccess).toBe(false);
        // Firefox refuses permissions.request outside a user gesture: "Saved." means it was asked in one.
        const optionsPage = await extension.openPage('options.html');
        expect(await new OptionsFormPage(optionsPage).setStoreUrl(storeUrl)).toBe('Saved.');
        await optionsPage.close();
        expect(await hasAccess()).toBe(true);
      },
    );
  });
});
