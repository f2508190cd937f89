/**
 * The store content script runs wherever the configured store is. The manifest covers the local
 * store (any port of 127.0.0.1 and localhost); any other store the person configured gets the
 * same script registered at run time (scripting.registerContentScripts), once the options page
 * has been granted that origin.
 */
import { browser } from 'wxt/browser';
import { manifestStoreMatches, storeMatchPattern } from '../contract/store-hosts.ts';

const scriptId = 'crate-store';
/** Where WXT builds entrypoints/store.content. */
export const storeContentScriptFile = 'content-scripts/store.js';

/** Registers the content script for `storeUrl` unless the manifest already covers it. */
export async function registerStoreContentScript(storeUrl: string): Promise<void> {
  const registered = await browser.scripting.getRegisteredContentScripts({ ids: [scriptId] });
  if (registered.length > 0) await browser.scripting.unregisterContentScripts({ ids: [scriptId] });
  const pattern = storeMatchPattern(storeUrl);
  if (manifestStoreMatches.includes(pattern)) return;
  // Without the origin granted the browser would refuse to inject anyway.
  if (!(await browser.permissions.contains({ origins: [pattern] }))) return;
  await browser.scripting.registerContentScripts([
    { id: scriptId, matches: [pattern], js: [storeContentScriptFile], runAt: 'document_start' },
  ]);
}
