/**
 * Saving the options page: the store URL is only kept once the extension may reach it and the
 * store's discovery document answered, so a typo never leaves the extension pointed at nothing.
 */
import { browser } from 'wxt/browser';
import { storeMatchPattern } from '../contract/store-hosts.ts';
import type { AudioFormat } from '../contract/wire.ts';
import { requestHostAccess } from '../protocol/host-access.ts';
import { send } from '../protocol/send.ts';
import { StoreError } from '../protocol/store-error.ts';
import { defaultAudioFormatSetting, sourceTypeSetting, storeUrlSetting } from '../storage/items.ts';
import { isBuiltInStore, normalizeStoreUrl } from './store-url.ts';

export interface SettingsInput {
  storeUrl: string;
  sourceType: string;
  defaultAudioFormat: AudioFormat;
}

const sourceTypePattern = /^[A-Za-z0-9._-]{1,64}$/;

/** Resolves with the saved values, or throws an Error whose message the page shows as is. */
export async function saveSettings(input: SettingsInput): Promise<SettingsInput> {
  // permissions.request must be the first await: it only works inside the click's user gesture.
  const checked = normalizeStoreUrl(input.storeUrl);
  if (!checked.ok) throw new Error(checked.message);
  const { storeUrl } = checked;
  if (!sourceTypePattern.test(input.sourceType)) {
    throw new Error('The source type is 1 to 64 letters, digits, dots, dashes or underscores.');
  }
  // Every store, the local one too: Firefox lets the person take back even the manifest's origins,
  // and a grant already held resolves at once, without asking.
  const granted = await requestHostAccess(storeUrl);
  if (!granted) throw new Error(`Crate needs your permission to reach ${storeUrl}.`);
  try {
    // The background reaches the store (it holds the OAuth client); the origin is granted by now.
    await send('checkStore', { storeUrl });
  } catch (error) {
    throw new Error(
      error instanceof StoreError ? error.message : `${storeUrl} does not answer like a store.`,
    );
  }

  const previous = await storeUrlSetting.getValue();
  await sourceTypeSetting.setValue(input.sourceType);
  await defaultAudioFormatSetting.setValue(input.defaultAudioFormat);
  if (previous !== storeUrl) {
    await storeUrlSetting.setValue(storeUrl);
    // Keep host access to the one store in use: give back the previous store's origin.
    if (!isBuiltInStore(previous) && storeMatchPattern(previous) !== storeMatchPattern(storeUrl)) {
      await browser.permissions.remove({ origins: [storeMatchPattern(previous)] });
    }
  }
  return { storeUrl, sourceType: input.sourceType, defaultAudioFormat: input.defaultAudioFormat };
}
