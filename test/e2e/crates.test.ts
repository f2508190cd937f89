/**
 * Crates (crate-journey.ts), in Chromium and in Firefox ESR with the same page objects, each
 * against a store of its own (its purchases must not change what other files see of demo's
 * library): a release bought and saved with "Download purchased", everything downloaded exported
 * to rekordbox XML, a named cart exported to M3U8, rekordbox XML, Traktor NML and a Serato crate,
 * then shared and imported. Firefox's downloads API refuses `data:` URLs, so the exports and the
 * shared crate file (saved through Blob URLs) show there that they reach the disk.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { type E2eExtension, type E2ePage, e2eBrowsers } from './browsers.ts';
import { signInToStore } from './connect.ts';
import {
  type BoughtRelease,
  buyDownloadAndExport,
  demoId,
  exportAndShareCart,
  type JourneyBrowser,
} from './crate-journey.ts';

describe.each(e2eBrowsers)('$name', (browser) => {
  let store: TestStore;
  let extension: E2eExtension;
  let downloadDir: string;
  let journey: JourneyBrowser<E2ePage>;

  beforeAll(async () => {
    // Eight-second tracks: the journey saves a release's WAVs but does not test their length.
    store = await startTestStore({ scale: 300, listen: true, trackSeconds: 8 });
    downloadDir = mkdtempSync(join(tmpdir(), 'crate-crates-'));
    extension = await browser.launch({ downloadsPath: downloadDir });
    await (await signInToStore(extension, store.baseUrl)).page.close();
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

  describe('a crate into rekordbox', () => {
    let bought: BoughtRelease;

    it('buys a release, saves it as WAV, and exports a rekordbox XML whose every Location is a tagged file', async () => {
      // demo's purchases marked downloaded, as if saved by another browser: none is on this disk.
      await store.ctx.db.run(
        `UPDATE downloads SET status = 'downloaded' WHERE user_id = ?`,
        await demoId(store),
      );
      const { missing, ...release } = await buyDownloadAndExport(journey);
      bought = release;
      // Entries marked downloaded but never saved by this browser are listed as missing.
      expect(missing).toBeGreaterThan(0);
    });

    it('exports a named cart to M3U8, rekordbox XML, Traktor NML and a Serato crate, listing what is not bought; shares and imports it', async () => {
      await exportAndShareCart(journey, bought, 'Crate journey');
    });
  });
});
