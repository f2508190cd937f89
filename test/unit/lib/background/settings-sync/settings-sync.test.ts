/**
 * The settings that follow the DJ: this browser's storage.local and storage.sync kept in step,
 * through WXT's fake browser (a second computer is a change to storage.sync made behind our back).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createSettingsSync } from '../../../../../lib/background/settings-sync/settings-sync.ts';
import {
  defaultAudioFormatSetting,
  filenameTemplateSetting,
  folderPerReleaseSetting,
  keyNotationSetting,
  settingsSyncPendingItem,
  storeUrlSetting,
  syncedSettingsItem,
} from '../../../../../lib/storage/items.ts';
import { fakePermissions } from '../../../../helpers/fake-permissions.ts';

const otherStore = 'https://shop.example';

let settingsSync: ReturnType<typeof createSettingsSync>;

beforeEach(() => {
  fakeBrowser.reset();
  settingsSync = createSettingsSync();
});

/** storage.sync as the browser holds it, raw. */
const synced = async () => (await fakeBrowser.storage.sync.get('syncedSettings')).syncedSettings;

/** storage.sync refusing every call, as a Firefox with sync switched off, or one over its quota. */
function syncRefuses(message = 'QUOTA_BYTES_PER_ITEM quota exceeded') {
  const refuse = () => Promise.reject(new Error(message));
  return [
    vi.spyOn(fakeBrowser.storage.sync, 'get').mockImplementation(refuse),
    vi.spyOn(fakeBrowser.storage.sync, 'set').mockImplementation(refuse),
  ];
}

describe('settings sync', () => {
  it("moves this browser's settings to storage.sync on the first start after the update, fallbacks left out", async () => {
    await storeUrlSetting.setValue(otherStore);
    await filenameTemplateSetting.setValue('{label}/{artist} - {title}');
    await keyNotationSetting.setValue('camelot');
    await settingsSync.reconcile();
    expect(await synced()).toEqual({
      storeUrl: otherStore,
      filenameTemplate: '{label}/{artist} - {title}',
      keyNotation: 'camelot',
    });
  });

  it("gives a second computer's fresh install the synced settings, the store once it may reach it", async () => {
    fakePermissions.withheld.add('https://shop.example/*');
    await fakeBrowser.storage.sync.set({
      syncedSettings: { storeUrl: otherStore, defaultAudioFormat: 'wav', keyNotation: 'openKey' },
    });
    await settingsSync.reconcile();
    expect(await defaultAudioFormatSetting.getValue()).toBe('wav');
    expect(await keyNotationSetting.getValue()).toBe('openKey');
    // No permission for that store here yet: the options page offers it, in a click.
    expect(await storeUrlSetting.getValue()).toBe('http://127.0.0.1:8787');
    fakePermissions.withheld.clear();
    await settingsSync.onSyncedChanged();
    expect(await storeUrlSetting.getValue()).toBe(otherStore);
  });

  it('takes over a change made on another computer, and sends one made here', async () => {
    await settingsSync.reconcile();
    await fakeBrowser.storage.sync.set({ syncedSettings: { filenameTemplate: '{title}' } });
    await settingsSync.onSyncedChanged();
    expect(await filenameTemplateSetting.getValue()).toBe('{title}');
    await defaultAudioFormatSetting.setValue('aiff');
    await settingsSync.onLocalChanged('defaultAudioFormat');
    expect(await synced()).toEqual({ filenameTemplate: '{title}', defaultAudioFormat: 'aiff' });
  });

  it('leaves out what another computer (or another version) wrote that this one cannot use', async () => {
    await fakeBrowser.storage.sync.set({
      syncedSettings: {
        storeUrl: 'http://shop.example',
        defaultAudioFormat: 'FLAC!',
        keyNotation: 'solfege',
        filenameTemplate: '{artist} - {titel}',
        folderPerRelease: 'yes',
        somethingNewer: 1,
      },
    });
    await settingsSync.reconcile();
    expect(await storeUrlSetting.getValue()).toBe('http://127.0.0.1:8787');
    expect(await defaultAudioFormatSetting.getValue()).toBe('mp3');
    expect(await keyNotationSetting.getValue()).toBe('musical');
    expect(await filenameTemplateSetting.getValue()).toBe('{artist} - {title} ({mix}).{format}');
  });

  it('keeps working on storage.local when storage.sync refuses, and sends the change once it is back', async () => {
    await fakeBrowser.storage.sync.set({ syncedSettings: { keyNotation: 'musical' } });
    const refusing = syncRefuses();
    await keyNotationSetting.setValue('camelot');
    await expect(settingsSync.onLocalChanged('keyNotation')).resolves.toBeUndefined();
    await expect(settingsSync.reconcile()).resolves.toBeUndefined();
    expect(await keyNotationSetting.getValue()).toBe('camelot');
    expect(await settingsSyncPendingItem.getValue()).toEqual(['keyNotation']);
    for (const spy of refusing) spy.mockRestore();
    // Back: the older synced value does not win over the change made meanwhile.
    await settingsSync.reconcile();
    expect(await keyNotationSetting.getValue()).toBe('camelot');
    expect(await synced()).toEqual({ keyNotation: 'camelot' });
    expect(await settingsSyncPendingItem.getValue()).toEqual([]);
  });

  it('copies settings saved together, each one (their watchers fire at once)', async () => {
    await settingsSync.reconcile();
    await filenameTemplateSetting.setValue('{label}/{artist} - {title}');
    await folderPerReleaseSetting.setValue(true);
    await Promise.all([
      settingsSync.onLocalChanged('filenameTemplate'),
      settingsSync.onLocalChanged('folderPerRelease'),
      settingsSync.onSyncedChanged(),
    ]);
    expect(await synced()).toEqual({
      filenameTemplate: '{label}/{artist} - {title}',
      folderPerRelease: true,
    });
  });

  it('never puts back a setting changed here again before its copy went out', async () => {
    await settingsSync.reconcile();
    await keyNotationSetting.setValue('camelot');
    await settingsSync.onLocalChanged('keyNotation');
    await keyNotationSetting.setValue('openKey');
    // The echo of the first copy arrives after the second change, before that change's own copy.
    await settingsSync.onSyncedChanged();
    await settingsSync.onLocalChanged('keyNotation');
    expect(await keyNotationSetting.getValue()).toBe('openKey');
    expect(await synced()).toEqual({ keyNotation: 'openKey' });
    // Another computer's change still comes through.
    await fakeBrowser.storage.sync.set({ syncedSettings: { keyNotation: 'camelot' } });
    await settingsSync.onSyncedChanged();
    expect(await keyNotationSetting.getValue()).toBe('camelot');
  });

  it('takes a setting put back to its default out of storage.sync', async () => {
    await syncedSettingsItem.setValue({ defaultAudioFormat: 'wav' });
    await settingsSync.reconcile();
    await defaultAudioFormatSetting.removeValue();
    await settingsSync.onLocalChanged('defaultAudioFormat');
    expect(await synced()).toEqual({});
  });
});
