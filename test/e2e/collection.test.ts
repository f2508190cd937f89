/**
 * The DJ's collection (collection-journey.ts), in Chromium and in Firefox ESR with the same page
 * objects, each against a store of its own: a rekordbox XML imported on the options page marks a
 * chart's recordings it holds, and adding one asks first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { type E2eExtension, type E2ePage, e2eBrowsers } from './browsers.ts';
import { type CollectionBrowser, importCollectionAndShop } from './collection-journey.ts';
import { signInToStore } from './connect.ts';

describe.each(e2eBrowsers)('$name', (browser) => {
  let store: TestStore;
  let extension: E2eExtension;
  let journey: CollectionBrowser<E2ePage>;

  beforeAll(async () => {
    store = await startTestStore({ scale: 300, listen: true });
    extension = await browser.launch();
    await (await signInToStore(extension, store.baseUrl)).page.close();
    journey = {
      store,
      workDir: mkdtempSync(join(tmpdir(), 'crate-collection-')),
      openPage: (path) => extension.openPage(path),
      openWebPage: (url) => extension.openWebPage(url),
    };
  });

  afterAll(async () => {
    await extension?.close();
    await store?.close();
    if (journey?.workDir) rmSync(journey.workDir, { recursive: true, force: true });
  });

  describe("the DJ's collection", () => {
    it('imports a rekordbox XML (a copy cut short refused, nothing replaced), marks the chart rows it holds and no others, asks before adding one, flags it in the cart and hides it on request', async () => {
      expect(await importCollectionAndShop(journey)).toHaveLength(3);
    });
  });
});
