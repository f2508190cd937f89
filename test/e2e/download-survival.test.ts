/**
 * Downloads that survive (download-journey.ts), in Chromium and in Firefox ESR with the same page
 * objects: a cut connection resumed, the store restarted mid-run, "Download all" clicked twice,
 * and the browser closed mid-run and started again on its profile (Chromium's alone: see
 * E2eBrowser.canRestart). Each browser has a store of its own, listening, whose files cross a
 * shaped network (1 MB/s per connection, 40 ms before each response); tracks last 20 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { removeProfile } from '../helpers/browser-profile.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { type E2eExtension, type E2ePage, e2eBrowsers } from './browsers.ts';
import { signInToStore } from './connect.ts';
import {
  browserRestartedMidRun,
  cutConnectionResumed,
  downloadAllTwice,
  recordFileRequests,
  type SurvivalBrowser,
  storeRestartedMidRun,
} from './download-journey.ts';

describe.each(e2eBrowsers)('$name', (browser) => {
  let store: TestStore;
  let extension: E2eExtension;
  let downloadDir: string;
  let profile: string;
  let requests: ReturnType<typeof recordFileRequests>;
  let journey: SurvivalBrowser<E2ePage> & { restartBrowser(): Promise<void> };

  beforeAll(async () => {
    store = await startTestStore({
      scale: 300,
      listen: true,
      // 20-second tracks: WAVs of 3.5 MB, a few seconds each at this rate.
      trackSeconds: 20,
      config: { fileNetwork: { latencyMs: 40, kbps: 8_000 } },
    });
    requests = recordFileRequests(store);
    downloadDir = mkdtempSync(join(tmpdir(), 'crate-survival-'));
    profile = mkdtempSync(join(tmpdir(), 'crate-survival-profile-'));
    extension = await browser.launch({ downloadsPath: downloadDir, profile });
    await (await signInToStore(extension, store.baseUrl)).page.close();
    journey = {
      store,
      downloadDir,
      openPage: (path) => extension.openPage(path),
      restartBrowser: () => extension.restart(),
    };
  }, 120_000);

  afterAll(async () => {
    await extension?.close();
    await store?.close();
    if (downloadDir) rmSync(downloadDir, { recursive: true, force: true });
    if (profile) removeProfile(profile);
  });

  describe('downloads that survive', () => {
    it('resumes a file whose connection was cut mid-file, and says so', async () => {
      // Chromium resumes a cut connection by itself, unseen by extensions: only Firefox's run can say so.
      await cutConnectionResumed(journey, requests, { saysResumed: browser.name === 'Firefox' });
    }, 180_000);

    // In Chromium a download under way when the store restarts can stall (its bytes stop, nothing
    // is reported): the queue's stall watchdog (stall-watchdog.ts) starts it again after stallMs.
    it('waits out a store restarted mid-run and carries on by itself', async () => {
      await storeRestartedMidRun(journey);
    }, 180_000);

    it('saves every file once when "Download all" is clicked twice and again while it runs', async () => {
      await downloadAllTwice(journey);
    }, 180_000);

    // Not in Firefox: the harness installs the extension as a temporary add-on, which Firefox
    // removes when it closes, so a restarted Firefox has no Crate to carry the run on.
    it.skipIf(!browser.canRestart)(
      'carries on after the browser was closed mid-run and started again',
      async () => {
        await browserRestartedMidRun(journey);
      },
      240_000,
    );
  });
});
