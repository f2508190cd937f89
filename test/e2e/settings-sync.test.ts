/**
 * Settings that follow the DJ, in Chromium (whose storage.sync keeps working on the computer
 * without a browser account, as Firefox's does): a setting saved on the options page reaches
 * storage.sync through the worker, and a change arriving in storage.sync, as another computer's
 * would, becomes this browser's setting and shows on the options page. A store address from there
 * is offered, not taken, while this browser may not reach it.
 */

import type { Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OptionsFormPage } from '../../components/options/options-form.page.ts';
import { pointAtStore } from './connect.ts';
import { type ExtensionHarness, launchExtension } from './extension.ts';
import { e2eStoreUrl } from './store-url.ts';

const storeUrl = e2eStoreUrl();
let extension: ExtensionHarness;

/** The worker's storage.sync, the one area these tests read and write behind the extension's back. */
interface SyncArea {
  get(key: string): Promise<Record<string, Record<string, unknown> | undefined>>;
  set(items: object): Promise<void>;
}
declare const chrome: { storage: { sync: SyncArea } };

/** The worker's storage.sync copy of the settings, as another computer would receive it. */
const synced = async (worker: Worker) =>
  worker.evaluate(async () => (await chrome.storage.sync.get('syncedSettings')).syncedSettings ?? {});

describe('Chromium: settings on every computer', () => {
  beforeAll(async () => {
    extension = await launchExtension();
    await pointAtStore(extension, storeUrl);
  });

  afterAll(async () => {
    await extension?.close();
  });

  it('copies a saved setting to storage.sync', async () => {
    const options = new OptionsFormPage(await extension.openPage('options.html'));
    expect(await options.setFileNaming('{label}/{artist} - {title}', true)).toBe('Saved.');
    expect(await options.setKeyNotation('camelot')).toBe('Saved.');
    const worker = await extension.worker();
    await expect
      .poll(() => synced(worker))
      .toMatchObject({
        storeUrl,
        filenameTemplate: '{label}/{artist} - {title}',
        folderPerRelease: true,
        keyNotation: 'camelot',
      });
    await options.page.close();
  });

  it("takes over another computer's change, and offers its store without taking it", async () => {
    const worker = await extension.worker();
    await worker.evaluate(async () => {
      const { syncedSettings } = await chrome.storage.sync.get('syncedSettings');
      await chrome.storage.sync.set({
        syncedSettings: {
          ...syncedSettings,
          filenameTemplate: '{artist} - {title} [{camelot}]',
          keyNotation: 'openKey',
          storeUrl: 'https://shop.example',
        },
      });
    });
    const options = new OptionsFormPage(await extension.openPage('options.html'));
    await expect.poll(() => options.templateField.inputValue()).toBe('{artist} - {title} [{camelot}]');
    expect(await options.page.getByLabel('Key notation').inputValue()).toBe('openKey');
    // This browser may not reach that store yet: it keeps its own, and the page offers the other.
    expect(await options.storeUrlField.inputValue()).toBe(storeUrl);
    await options.page.getByText('Your other computers use https://shop.example.').waitFor();
    await options.page.getByRole('button', { name: 'Use it here' }).click();
    expect(await options.storeUrlField.inputValue()).toBe('https://shop.example');
    await options.page.close();
  });
});
