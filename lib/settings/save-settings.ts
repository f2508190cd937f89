/**
 * Saving the options page: the store URL is only kept once the extension may reach it and the
 * store's discovery document answered, so a typo never leaves the extension pointed at nothing.
 */

import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import { storeMatchPattern } from '../contract/store-hosts.ts';
import type { AudioFormat } from '../contract/wire.ts';
import { requestHostAccess } from '../permissions/host-access.ts';
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

/**
 * Points the extension at a store, in the click that asked for it: the URL checked, the origin's
 * access asked for (permissions.request must be the first await: it only works inside the click's
 * user gesture), the store's discovery document answering, and the previous store's access given
 * back. Resolves with the store's origin, or throws an Error whose message the page shows as is.
 */
export async function chooseStore(address: string): Promise<string> {
  const checked = normalizeStoreUrl(address);
  if (!checked.ok) throw new Error(checked.message);
  const { storeUrl } = checked;
  // Every store, the local one too: Firefox lets the person take back even the manifest's origins,
  // and a grant already held resolves at once, without asking.
  const granted = await requestHostAccess(storeUrl);
  if (!granted) throw new Error(i18n.t('options.problem.permission', [storeUrl]));
  try {
    // The background reaches the store (it holds the OAuth client); the origin is granted by now.
    await send('checkStore', { storeUrl });
  } catch (error) {
    throw new Error(
      error instanceof StoreError ? error.message : i18n.t('options.problem.notAStore', [storeUrl]),
    );
  }
  const previous = await storeUrlSetting.getValue();
  if (previous !== storeUrl) {
    await storeUrlSetting.setValue(storeUrl);
    // Keep host access to the one store in use: give back the previous store's origin.
    if (!isBuiltInStore(previous) && storeMatchPattern(previous) !== storeMatchPattern(storeUrl)) {
      await browser.permissions.remove({ origins: [storeMatchPattern(previous)] });
    }
  }
  return storeUrl;
}

/** Resolves with the saved values, or throws an Error whose message the page shows as is. */
export async function saveSettings(input: SettingsInput): Promise<SettingsInput> {
  // The source type is checked before the store is asked for, so a bad one asks nothing.
  if (!sourceTypePattern.test(input.sourceType)) {
    const checked = normalizeStoreUrl(input.storeUrl);
    throw new Error(checked.ok ? i18n.t('options.problem.sourceType') : checked.message);
  }
  const storeUrl = await chooseStore(input.storeUrl);
  await sourceTypeSetting.setValue(input.sourceType);
  await defaultAudioFormatSetting.setValue(input.defaultAudioFormat);
  return { storeUrl, sourceType: input.sourceType, defaultAudioFormat: input.defaultAudioFormat };
}
