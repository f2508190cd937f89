/**
 * The keyboard shortcut (manifest `commands`): on a page of the configured store, adds the track
 * or release under the pointer or in keyboard focus, or else the page's own item (a track or
 * release page), to the current cart in the default format. The item is a catalog link, parsed as
 * strictly as the content script parses links. A shortcut has no button to show its outcome: a
 * notification says it (added, already owned, signed out).
 */
import { type Browser, browser } from 'wxt/browser';
import { parseCatalogUrl } from '../../contract/catalog-url.ts';
import { storeUrlSetting } from '../../storage/items.ts';
import type { CartService } from './cart-service.ts';
import { addWithNotice, type CollectionSource } from './notified-add.ts';

const sameOrigin = (url: string, storeUrl: string) => {
  try {
    return new URL(url).origin === new URL(storeUrl).origin;
  } catch {
    return false;
  }
};

/** The command's name in the manifest. */
export const addPageItemCommand = 'add-page-item';

/**
 * Runs in the page (scripting.executeScript, so it must stand alone): the link of the one track,
 * else the one release, of the row or card under the pointer or in focus. Walks out from that
 * element until an ancestor holds links to items; an ancestor holding several is past the row.
 */
export function pointedItemLink(): string | null {
  const hovered = [...document.querySelectorAll(':hover')].at(-1);
  const focused = document.activeElement === document.body ? null : document.activeElement;
  for (const start of [focused, hovered]) {
    for (let node = start ?? null; node && node !== document.body; node = node.parentElement) {
      const links = (kind: string) =>
        new Set(
          [...node.querySelectorAll<HTMLAnchorElement>(`a[href*="/${kind}/"]`)]
            .concat(node instanceof HTMLAnchorElement && node.href.includes(`/${kind}/`) ? [node] : [])
            .map((link) => link.href),
        );
      const tracks = links('track');
      if (tracks.size === 1) return [...tracks][0] as string;
      const releases = links('release');
      if (tracks.size === 0 && releases.size === 1) return [...releases][0] as string;
      if (tracks.size > 1 || releases.size > 1) break;
    }
  }
  return null;
}

/** The pointed item's link in the tab, or null (no such item, or no access to the page). */
async function pointedItem(tab: Browser.tabs.Tab): Promise<string | null> {
  if (tab.id === undefined) return null;
  try {
    const [frame] = await browser.scripting.executeScript({
      target: { tabId: tab.id },
      func: pointedItemLink,
    });
    return typeof frame?.result === 'string' ? frame.result : null;
  } catch {
    return null;
  }
}

export async function addPageItem(
  tab: Browser.tabs.Tab | undefined,
  cart: CartService,
  inCollection: CollectionSource,
): Promise<void> {
  const storeUrl = await storeUrlSetting.getValue();
  if (!tab?.url || (parseCatalogUrl(tab.url, storeUrl) === null && !sameOrigin(tab.url, storeUrl))) return;
  const pointed = await pointedItem(tab);
  const ref = (pointed ? parseCatalogUrl(pointed, storeUrl) : null) ?? parseCatalogUrl(tab.url, storeUrl);
  if (ref !== null) await addWithNotice(cart, ref, inCollection);
}
