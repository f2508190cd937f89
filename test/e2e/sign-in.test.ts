import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OptionsFormPage } from '../../components/options/options-form.page.ts';
import { AccountPanelPage } from '../../components/popup/account/account-panel.page.ts';
import { PopupPage } from '../../components/popup/popup.page.ts';
import { type E2eExtension, e2eBrowsers } from './browsers.ts';
import { pointAtStore } from './connect.ts';
import { type ExtensionHarness, launchExtension, readRefreshToken, sendFromPage } from './extension.ts';
import { tryRefreshToken } from './store-session.ts';
import { e2eStoreUrl } from './store-url.ts';

const storeUrl = e2eStoreUrl();
let extension: ExtensionHarness;
let popup: AccountPanelPage<Page>;

beforeAll(async () => {
  extension = await launchExtension();
  await pointAtStore(extension, storeUrl);
  popup = new AccountPanelPage(await extension.openPage('popup.html'));
});

afterAll(async () => {
  await extension?.close();
});

describe('signing in from the popup', () => {
  it('offers "Sign in" while signed out', async () => {
    await popup.signInButton.waitFor();
    expect(await popup.alert.count()).toBe(0);
  });

  it('keeps the login window open after a wrong password, then signs in with the right one', async () => {
    const login = await popup.openLogin();
    await Promise.all([
      (login as Page).waitForEvent('load'),
      popup.submitLogin(login, 'demo', 'not the password'),
    ]);
    await login.getByRole('alert').filter({ hasText: 'Wrong username or password' }).waitFor();
    expect(await popup.alert.count()).toBe(0);
    await Promise.all([login.waitForEvent('close'), popup.submitLogin(login, 'demo', 'demo')]);
    await popup.signedInAs.waitFor();
    expect(await popup.signedInAs.textContent()).toBe('Signed in as demo');
    expect(await sendFromPage(popup.page, 'viewCart')).toMatchObject({
      ok: true,
      value: { cart: { name: 'default' } },
    });
  });

  it('keeps the session when the service worker is stopped', async () => {
    await extension.stopWorker();
    expect(await sendFromPage(popup.page, 'viewCart')).toMatchObject({
      ok: true,
      value: { cart: { name: 'default' } },
    });
    await popup.page.reload();
    await popup.signedInAs.waitFor();
  });

  it('signs the browser in on the store website too (extension, then site)', async () => {
    const site = await popup.page.context().newPage();
    await site.goto(`${storeUrl}/cart`);
    expect(await site.locator('.site-header .username').textContent()).toBe('demo');
    await expect(site.locator('main').getByRole('link', { name: 'Sign in' }).count()).resolves.toBe(0);
    await site.close();
  });

  it('shows the cart count on the toolbar badge', async () => {
    const added = await sendFromPage(popup.page, 'addToCart', {
      items: [{ id: 1, type: 'track', audioFormat: 'mp3' }],
    });
    expect(added).toMatchObject({ ok: true });
    const worker = await extension.worker();
    const badge = () =>
      worker.evaluate(() =>
        (
          globalThis as unknown as { chrome: { action: { getBadgeText(details: object): Promise<string> } } }
        ).chrome.action.getBadgeText({}),
      );
    const count = (added as { value: { cart: { counts: { items: number } } } }).value.cart.counts.items;
    // The worker answers once its kept cart has the add; the badge is drawn right after.
    await expect.poll(badge).toBe(String(count));
  });

  it('signs out, revoking the refresh token at the store', async () => {
    const refreshToken = await readRefreshToken(await extension.worker());
    expect(refreshToken).toEqual(expect.any(String));
    await popup.signOutButton.click();
    await popup.signInButton.waitFor();
    expect(await readRefreshToken(await extension.worker())).toBeNull();
    expect(await tryRefreshToken(storeUrl, refreshToken as string)).toEqual({
      status: 400,
      error: 'invalid_grant',
    });
  });

  it('refuses cart calls once signed out', async () => {
    expect(await sendFromPage(popup.page, 'viewCart')).toMatchObject({
      ok: false,
      error: { kind: 'signedOut' },
    });
  });

  it('offers to sign out of the website too, and a browser signed in on the site signs the extension in without the password (site, then extension)', async () => {
    const [signOut] = await Promise.all([
      popup.page.context().waitForEvent('page'),
      popup.signOutOfWebsiteButton.click(),
    ]);
    await signOut.waitForURL(`${storeUrl}/sign-out`);
    await Promise.all([
      signOut.waitForURL(`${storeUrl}/`),
      signOut.locator('main').getByRole('button', { name: 'Sign out' }).click(),
    ]);
    expect(await signOut.locator('.site-header .username').count()).toBe(0);

    // Signed in on the website as someone else: the extension's sign-in window opens and closes by itself.
    await signOut.goto(`${storeUrl}/sign-in`);
    await signOut.getByLabel('Username').fill('dj2');
    await signOut.getByLabel('Password').fill('dj2');
    await Promise.all([
      signOut.waitForURL(`${storeUrl}/`),
      signOut.getByRole('button', { name: 'Sign in' }).click(),
    ]);
    const [login] = await Promise.all([
      popup.page.context().waitForEvent('page'),
      popup.signInButton.click(),
    ]);
    if (!login.isClosed()) await login.waitForEvent('close');
    await popup.signedInAs.waitFor();
    expect(await popup.signedInAs.textContent()).toBe('Signed in as dj2');

    // Leave the extension and the website signed out for the next tests.
    await popup.signOutButton.click();
    const [again] = await Promise.all([
      popup.page.context().waitForEvent('page'),
      popup.signOutOfWebsiteButton.click(),
    ]);
    await again.waitForURL(`${storeUrl}/sign-out`);
    await Promise.all([
      again.waitForURL(`${storeUrl}/`),
      again.locator('main').getByRole('button', { name: 'Sign out' }).click(),
    ]);
    await again.close();
    await signOut.close();
  });
});

describe('too many wrong passwords', () => {
  it('keeps the login window and says when to try again', async () => {
    await popup.signInButton.waitFor();
    const login = await popup.openLogin();
    // An account name of its own, so that no other test's account is held.
    for (let attempt = 0; attempt < 10; attempt++) {
      await Promise.all([
        (login as Page).waitForEvent('load'),
        popup.submitLogin(login, 'locked-out', `guess ${attempt}`),
      ]);
      await login.getByRole('alert').filter({ hasText: 'Wrong username or password' }).waitFor();
    }
    await Promise.all([
      (login as Page).waitForEvent('load'),
      popup.submitLogin(login, 'locked-out', 'one more'),
    ]);
    await login
      .getByRole('alert')
      .filter({ hasText: /Too many attempts to sign in\. Try again in \d+ minutes\./ })
      .waitFor();
    await Promise.all([login.waitForEvent('close'), (login as Page).close()]);
    await popup.alert.filter({ hasText: 'Sign-in was cancelled.' }).waitFor();
  });
});

describe('the options page', () => {
  it('refuses a store URL where no store answers, and keeps the old one', async () => {
    const options = new OptionsFormPage(await extension.openPage('options.html'));
    expect(await options.setStoreUrl('http://127.0.0.1:9')).toBe(
      'The store at http://127.0.0.1:9 is not answering. Is it running?',
    );
    await options.page.reload();
    expect(await options.storeUrlField.inputValue()).toBe(storeUrl);
    await options.page.close();
  });
});

describe.each(e2eBrowsers)('$name: signing in, as a person starts', (browser) => {
  let fresh: E2eExtension;

  beforeAll(async () => {
    fresh = await browser.launch();
  });

  afterAll(async () => {
    await fresh?.close();
  });

  it('saves the store URL and signs in from the popup through the store login window', async () => {
    const optionsPage = await fresh.openPage('options.html');
    expect(await new OptionsFormPage(optionsPage).setStoreUrl(storeUrl)).toBe('Saved.');
    await optionsPage.close();
    const popup = new PopupPage(await fresh.openPage('popup.html'));
    await popup.account.signIn('demo', 'demo');
    await popup.account.signedInAs.waitFor();
    expect(await popup.account.signedInAs.textContent()).toBe('Signed in as demo');
    await popup.page.close();
  });
});
