/**
 * The extension's settings: typed, versioned WXT storage items, all in this file. They live in
 * storage.local and hold nothing secret (content scripts may read storage.local).
 */
import { storage } from 'wxt/utils/storage';
import type { AudioFormat } from '../contract/wire.ts';

/** Where the store runs when nobody configured another one (`npm start` and `npm run store`). */
export const defaultStoreUrl = 'http://127.0.0.1:8787';

/**
 * Origin of the store the extension talks to, e.g. `http://127.0.0.1:8787`: no path, no trailing
 * slash. The options page only saves an origin whose OAuth discovery document answered.
 */
export const storeUrlSetting = storage.defineItem<string>('local:storeUrl', {
  fallback: defaultStoreUrl,
  version: 1,
});

/** The `sourceType` parameter every cart call sends: it names the calling application. */
export const sourceTypeSetting = storage.defineItem<string>('local:sourceType', {
  fallback: 'crate-extension',
  version: 1,
});

/** Audio format of items added to a cart when the person does not pick one. */
export const defaultAudioFormatSetting = storage.defineItem<AudioFormat>('local:defaultAudioFormat', {
  fallback: 'mp3',
  version: 1,
});

/**
 * The cart that page buttons and the popup act on: `default` or a named cart ("crate") chosen in
 * the popup. Every cart message from a page or the content script addresses this one.
 */
export const currentCartSetting = storage.defineItem<string>('local:currentCart', {
  fallback: 'default',
  version: 1,
});

/**
 * Names of the carts this person has used, most recent first. The store has no call that lists
 * carts, so the extension remembers the names it created or used.
 */
export const cartNamesSetting = storage.defineItem<string[]>('local:cartNames', {
  fallback: ['default'],
  version: 1,
});

/**
 * How saved files are named (lib/storage/filename-template.ts lists the fields); `/` in a
 * template makes folders inside the browser's download folder.
 */
export const filenameTemplateSetting = storage.defineItem<string>('local:filenameTemplate', {
  fallback: '{artists} - {title} ({mix}).{ext}',
  version: 1,
});

/** Saves each file in a folder named after its release (`{release}/` before the template). */
export const folderPerReleaseSetting = storage.defineItem<boolean>('local:folderPerRelease', {
  fallback: false,
  version: 1,
});
