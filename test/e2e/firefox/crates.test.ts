/**
 * Crates in Firefox ESR, against a store of this file's own (its purchases must not change what
 * journeys.test.ts sees of demo's library): the journey Chromium runs in downloads.test.ts, with
 * the same script (../crate-journey.ts) and page objects. Firefox's downloads API refuses `data:`
 * URLs, so this is where the exports and the shared crate file (saved through Blob URLs) show they
 * reach the disk; the context menu is invoked in the background page.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OptionsFormPage } from '../../../components/options/options-form.page.ts';
import { PopupPage } from '../../../components/popup/popup.page.ts';
import { startTestStore, type TestStore } from '../../helpers/store.ts';
import {
  type BoughtRelease,
  buyDownloadAndExport,
  exportAndShareCart,
  type JourneyBrowser,
} from '../crate-journey.ts';
import { type FirefoxExtension, launchFirefoxExtension } from './firefox-extension.ts';
import type { FirefoxPage } from './puppeteer-ui.ts';

let store: TestStore;
let extension: FirefoxExtension;
let downloadDir: string;
let journey: JourneyBrowser<FirefoxPage>;

beforeAll(async () => {
  // Eight-second tracks: the journey saves a release's WAVs but does not test their length.
  store = await startTestStore({ scale: 300, listen: true, trackSeconds: 8 });
  downloadDir = mkdtempSync(join(tmpdir(), 'crate-firefox-crates-'));
  extension = await launchFirefoxExtension({ downloadsPath: downloadDir });
  const options = await extension.openPage('options.html');
  expect(await new OptionsFormPage(options).setStoreUrl(store.baseUrl)).toBe('Saved.');
  await options.close();
  const popup = new PopupPage(await extension.openPage('popup.html'));
  await popup.account.signIn('demo', 'demo');
  await popup.account.signedInAs.waitFor();
  await popup.page.close();
  journey = {
    store,
    downloadDir,
    openPage: (path) => extension.openPage(path),
    clickMenu: (info) => extension.clickMenu(info),
  };
});

afterAll(async () => {
  await extension?.close();
  await store?.close();
  if (downloadDir) rmSync(downloadDir, { recursive: true, force: true });
});

describe('Firefox: a crate into rekordbox (crate-journey.ts, the same in Chromium)', () => {
  let bought: BoughtRelease;

  it('buys a release, saves it as WAV, and exports a rekordbox XML whose every Location is a tagged file', async () => {
    const { missing: _, ...release } = await buyDownloadAndExport(journey);
    bought = release;
  });

  it('exports a named cart to M3U8, rekordbox XML, Traktor NML and a Serato crate, listing what is not bought; shares and imports it', async () => {
    await exportAndShareCart(journey, bought, 'Crate journey');
  });

  it('left no error or warning of the extension in the console', async () => {
    expect(await extension.consoleProblems()).toEqual([]);
  });
});
