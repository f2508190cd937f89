/**
 * A new install opens the welcome page: choose the store, sign in, read what the buttons mean.
 * In English, and in a browser whose language is German (`--lang=de`).
 */

import { afterEach, describe, expect, it } from 'vitest';
import { WelcomePagePage } from '../../components/welcome/welcome-page.page.ts';
import { readLocale } from '../helpers/locales.ts';
import { type ExtensionHarness, launchExtension, welcomeTab } from './extension.ts';
import { e2eStoreUrl } from './store-url.ts';

const storeUrl = e2eStoreUrl();
let extension: ExtensionHarness | undefined;

afterEach(async () => {
  await extension?.close();
  extension = undefined;
});

describe('the welcome page', () => {
  it('opens on install; the store is chosen and signed in to from it', async () => {
    extension = await launchExtension();
    const welcome = new WelcomePagePage(await welcomeTab(extension), readLocale('en'));
    await expect.poll(() => welcome.heading.textContent()).toBe('Welcome to Crate');
    expect(await welcome.chooseStore(storeUrl)).toBe(`Crate now talks to ${storeUrl}.`);
    await welcome.signIn('demo', 'demo');
    await welcome.signedIn.waitFor();
    await expect.poll(() => welcome.page.getByRole('listitem').count()).toBeGreaterThan(5);
  });

  it('speaks German in a German browser', async () => {
    extension = await launchExtension({ args: ['--lang=de'] });
    const page = await welcomeTab(extension);
    const welcome = new WelcomePagePage(page, readLocale('de'));
    await expect.poll(() => welcome.heading.textContent()).toBe('Willkommen bei Crate');
    expect(await page.evaluate(() => document.documentElement.lang)).toMatch(/^de/);
    await welcome.page.getByRole('heading', { name: 'Tastenkürzel' }).waitFor();
    expect(await welcome.chooseStore(storeUrl)).toBe(`Crate spricht jetzt mit ${storeUrl}.`);
  });
});
