/**
 * The keyboard shortcut (manifest `commands`): on a track or release page of the configured
 * store, adds that page's item to the current cart in the default format. The item comes from
 * the tab's URL, parsed as strictly as the content script parses links; the page is not asked.
 */
import type { Browser } from 'wxt/browser';
import { parseCatalogUrl } from './catalog-url.ts';
import type { Handlers } from './message-router.ts';
import { protocol } from './messages.ts';
import { currentCartSetting, defaultAudioFormatSetting, storeUrlSetting } from './settings.ts';

/** The command's name in the manifest. */
export const addPageItemCommand = 'add-page-item';

export async function addPageItem(tab: Browser.tabs.Tab | undefined, handlers: Handlers): Promise<void> {
  const storeUrl = await storeUrlSetting.getValue();
  const ref = tab?.url ? parseCatalogUrl(tab.url, storeUrl) : null;
  if (ref === null) return;
  const [name, audioFormat] = await Promise.all([
    currentCartSetting.getValue(),
    defaultAudioFormatSetting.getValue(),
  ]);
  // The same checks a message from the page would get before its handler runs.
  const payload = protocol.addToCart.payload.parse({ name, items: [{ ...ref, audioFormat }] });
  await handlers.addToCart(payload, 'storeContentScript');
}
