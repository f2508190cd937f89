/**
 * The DJ's collection in Firefox ESR: the journey Chromium runs in ../collection.test.ts, with the
 * same script (../collection-journey.ts) and page objects, against a store of this file's own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OptionsFormPage } from '../../../components/options/options-form.page.ts';
import { PopupPage } from '../../../components/popup/popup.page.ts';
import { startTestStore, type TestStore } from '../../helpers/store.ts';
import { type CollectionBrowser, importCollectionAndShop } from '../collection-journey.ts';
import { type FirefoxExtension, launchFirefoxExtension } from './firefox-extension.ts';
import type { FirefoxPage } from './puppeteer-ui.ts';

let store: TestStore;
let extension: FirefoxExtension;
let journey: CollectionBrowser<FirefoxPage>;

beforeAll(async () => {
  store = await startTestStore({ scale: 300, listen: true });
  extension = await launchFirefoxExtension();
  const options = await extension.openPage('options.html');
  expect(await new OptionsFormPage(options).setStoreUrl(store.baseUrl)).toBe('Saved.');
  await options.close();
  const popup = new PopupPage(await extension.openPage('popup.html'));
  await popup.account.signIn('demo', 'demo');
  await popup.account.signedInAs.waitFor();
  await popup.page.close();
  journey = {
    store,
    workDir: mkdtempSync(join(tmpdir(), 'crate-firefox-collection-')),
    openPage: (path) => extension.openPage(path),
    openWebPage: (url) => extension.openWebPage(url),
  };
});

afterAll(async () => {
  await extension?.close();
  await store?.close();
  if (journey?.workDir) rmSync(journey.workDir, { recursive: true, force: true });
});

describe("Firefox: the DJ's collection (collection-journey.ts, the same in Chromium)", () => {
  it('imports a rekordbox XML (a copy cut short refused, nothing replaced), marks the chart rows it holds and no others, asks before adding one, flags it in the cart and hides it on request', async () => {
    expect(await importCollectionAndShop(journey)).toHaveLength(3);
  });

  it('left no error or warning of the extension in the console', async () => {
    expect(await extension.consoleProblems()).toEqual([]);
  });
});
