/**
 * Access to the store withheld and granted again in Chromium, the way a person does it: the
 * "Site access" switch on chrome://extensions. While withheld, the store's pages get no buttons
 * and the popup says why, in words, with "Allow access to <store>"; a store call that the browser
 * blocked reads as withheld access, never as a store that does not answer. Granted again, the
 * popup's notice goes and the open store page gets its buttons without a reload.
 * (Chrome's own prompt for "Allow access" cannot be answered by automation; the Firefox suite
 * clicks it, test/e2e/firefox/journeys.test.ts.)
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CartButtonsPage } from '../../components/content/cart-buttons.page.ts';
import { OptionsFormPage } from '../../components/options/options-form.page.ts';
import { PopupPage } from '../../components/popup/popup.page.ts';
import { chromeExtensionId } from '../../lib/contract/extension-identity.ts';
import { type ExtensionHarness, launchExtension } from './extension.ts';

const storeUrl = inject('storeUrl');
let extension: ExtensionHarness;

/** The extension's "Site access" switch (all the sites it asks for) on chrome://extensions. */
async function setSiteAccess(allowed: boolean): Promise<void> {
  const page = await extension.context.newPage();
  await page.goto(`chrome://extensions/?id=${chromeExtensionId}`);
  const toggle = page.locator('extensions-host-permissions-toggle-list cr-toggle').first();
  await toggle.waitFor();
  if ((await toggle.isChecked()) !== allowed) await toggle.click();
  await expect.poll(() => toggle.isChecked()).toBe(allowed);
  await page.close();
}

beforeAll(async () => {
  extension = await launchExtension();
  const optionsPage = await extension.openPage('options.html');
  expect(await new OptionsFormPage(optionsPage).setStoreUrl(storeUrl)).toBe('Saved.');
  await optionsPage.close();
  const popup = new PopupPage(await extension.openPage('popup.html'));
  await popup.account.signIn('demo', 'demo');
  await popup.account.signedInAs.waitFor();
  await popup.page.close();
});

afterAll(async () => {
  await extension?.close();
});

describe('access to the store withheld in Chromium', () => {
  let store: Page;

  it('leaves the store pages alone and says so in the popup, not "not answering"', async () => {
    await setSiteAccess(false);
    store = await extension.context.newPage();
    await store.goto(storeUrl);
    await store.locator('.release-tile').first().waitFor();
    await store.waitForTimeout(500);
    expect(await new CartButtonsPage(store).all.count()).toBe(0);

    const popup = new PopupPage(await extension.openPage('popup.html'));
    await popup.accessNotice.waitFor();
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
    const popup = new PopupPage(await extension.openPage('popup.html'));
    await popup.accessNotice.waitFor();
    await setSiteAccess(true);
    await popup.accessNotice.waitFor({ state: 'detached' });
    await new CartButtonsPage(store).all.first().waitFor();
    await popup.page.close();
  });
});
