/**
 * When the person grants the store's origin (from the popup, the options page, or the browser's
 * own extension menu), the page buttons come back without a reload: the content script is
 * registered for the store if the manifest does not cover it, and injected into the store's tabs
 * that are already open, which no browser does by itself for a grant made after they loaded.
 */
import { browser } from 'wxt/browser';
import { storeMatchPattern } from '../contract/store-hosts.ts';
import { hasHostAccess } from '../permissions/host-access.ts';
import { registerStoreContentScript, storeContentScriptFile } from './content-script-registration.ts';

export async function storeAccessGranted(storeUrl: string): Promise<void> {
  if (!(await hasHostAccess(storeUrl))) return;
  await registerStoreContentScript(storeUrl);
  const tabs = await browser.tabs.query({ url: storeMatchPattern(storeUrl) });
  await Promise.all(
    tabs.map(async ({ id }) => {
      if (id === undefined) return;
      // A second copy (a browser that did inject on the grant) replaces the first: WXT's
      // content script context stops the older one, which removes its controls.
      await browser.scripting.executeScript({
        target: { tabId: id },
        files: [`/${storeContentScriptFile}` as const],
      });
    }),
  );
}
