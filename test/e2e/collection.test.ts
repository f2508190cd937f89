/**
 * The DJ's collection in Chromium (collection-journey.ts, the same in Firefox), against a store of
 * this file's own: a rekordbox XML imported on the options page marks a chart's recordings it
 * holds, and adding one asks first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { type CollectionBrowser, importCollectionAndShop } from './collection-journey.ts';
import { signInToStore } from './connect.ts';
import { type ExtensionHarness, launchExtension } from './extension.ts';

let store: TestStore;
let extension: ExtensionHarness;
let journey: CollectionBrowser<Page>;

beforeAll(async () => {
  store = await startTestStore({ scale: 300, listen: true });
  extension = await launchExtension();
  await (await signInToStore(extension, store.baseUrl)).page.close();
  const workDir = mkdtempSync(join(tmpdir(), 'crate-collection-'));
  journey = {
    store,
    workDir,
    openPage: (path) => extension.openPage(path),
    openWebPage: async (url) => {
      const page = await extension.context.newPage();
      await page.goto(url);
      return page;
    },
  };
});

afterAll(async () => {
  await extension?.close();
  await store?.close();
  if (journey?.workDir) rmSync(journey.workDir, { recursive: true, force: true });
});

describe("Chromium: the DJ's collection (collection-journey.ts, the same in Firefox)", () => {
  it('imports a rekordbox XML (a copy cut short refused, nothing replaced), marks the chart rows it holds and no others, asks before adding one, flags it in the cart and hides it on request', async () => {
    expect(await importCollectionAndShop(journey)).toHaveLength(3);
  });
});
