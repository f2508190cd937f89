/**
 * Downloads that survive, in Firefox ESR (../download-journey.ts, the same in Chromium): a cut
 * connection resumed, the store restarted mid-run, "Download all" clicked twice. The browser
 * restart is Chromium's alone: the harness installs the extension as a temporary add-on, which
 * Firefox removes when it closes. A store of this file's own whose files cross a shaped network.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OptionsFormPage } from '../../../components/options/options-form.page.ts';
import { PopupPage } from '../../../components/popup/popup.page.ts';
import { startTestStore, type TestStore } from '../../helpers/store.ts';
import {
  cutConnectionResumed,
  downloadAllTwice,
  recordFileRequests,
  type SurvivalBrowser,
  storeRestartedMidRun,
} from '../download-journey.ts';
import { type FirefoxExtension, launchFirefoxExtension } from './firefox-extension.ts';
import type { FirefoxPage } from './puppeteer-ui.ts';

let store: TestStore;
let extension: FirefoxExtension;
let downloadDir: string;
let requests: ReturnType<typeof recordFileRequests>;
let journey: SurvivalBrowser<FirefoxPage>;

beforeAll(async () => {
  store = await startTestStore({
    scale: 300,
    listen: true,
    trackSeconds: 20,
    config: { fileNetwork: { latencyMs: 40, kbps: 8_000 } },
  });
  requests = recordFileRequests(store);
  downloadDir = mkdtempSync(join(tmpdir(), 'crate-firefox-survival-'));
  extension = await launchFirefoxExtension({ downloadsPath: downloadDir });
  const options = await extension.openPage('options.html');
  expect(await new OptionsFormPage(options).setStoreUrl(store.baseUrl)).toBe('Saved.');
  await options.close();
  const popup = new PopupPage(await extension.openPage('popup.html'));
  await popup.account.signIn('demo', 'demo');
  await popup.account.signedInAs.waitFor();
  await popup.page.close();
  journey = { store, downloadDir, openPage: (path) => extension.openPage(path) };
}, 120_000);

afterAll(async () => {
  await extension?.close();
  await store?.close();
  if (downloadDir) rmSync(downloadDir, { recursive: true, force: true });
});

describe('Firefox: downloads that survive (download-journey.ts, the same in Chromium)', () => {
  it('resumes a file whose connection was cut mid-file, and says so', async () => {
    await cutConnectionResumed(journey, requests, { saysResumed: true });
  }, 180_000);

  it('waits out a store restarted mid-run and carries on by itself', async () => {
    await storeRestartedMidRun(journey);
  }, 180_000);

  it('saves every file once when "Download all" is clicked twice and again while it runs', async () => {
    await downloadAllTwice(journey);
  }, 180_000);
});
