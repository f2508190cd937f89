/**
 * The keyboard shortcut (manifest `commands`): on a page of the configured store, adds the track
 * or release under the pointer or in keyboard focus, or else the page's own item (a track or
 * release page), to the current cart in the default format. The item is a catalog link, parsed as
 * strictly as the content script parses links. A shortcut has no button to show its outcome: a
 * notification says it (added, already owned, in the DJ's collection, signed out).
 */
import { type Browser, browser } from 'wxt/browser';
import { type CatalogItemRef, parseCatalogUrl } from '../contract/catalog-url.ts';
import { errorMessage } from '../protocol/error-message.ts';
import { protocol } from '../protocol/messages.ts';
import type { Handlers } from '../protocol/receive.ts';
import { StoreError } from '../protocol/store-error.ts';
import { currentCartSetting, defaultAudioFormatSetting, storeUrlSetting } from '../storage/items.ts';
import { choosePrompt } from './checked-add.ts';
import { notifyInCollection } from './collection/collection-check.ts';
import { notifyAddedToCart, notifyProblem } from './downloads/notifications.ts';

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
  handlers: Handlers,
  inCollection: (item: CatalogItemRef) => Promise<string | null>,
): Promise<void> {
  const storeUrl = await storeUrlSetting.getValue();
  if (!tab?.url || (parseCatalogUrl(tab.url, storeUrl) === null && !sameOrigin(tab.url, storeUrl))) return;
  const pointed = await pointedItem(tab);
  const ref = (pointed ? parseCatalogUrl(pointed, storeUrl) : null) ?? parseCatalogUrl(tab.url, storeUrl);
  if (ref === null) return;
  const [name, audioFormat] = await Promise.all([
    currentCartSetting.getValue(),
    defaultAudioFormatSetting.getValue(),
  ]);
  // The same checks a message from the page would get before its handler runs.
  const payload = protocol.addChecked.payload.parse({ name, item: { ...ref, audioFormat } });
  let result: Awaited<ReturnType<Handlers['addToCart']>>;
  try {
    // A track the DJ has elsewhere: a shortcut cannot ask "buy anyway?", so it says so instead.
    const source = await inCollection(ref);
    if (source !== null) return await notifyInCollection(source);
    // Checked for overlap first: a shortcut cannot ask, so an overlap adds nothing and says why.
    const outcome = await handlers.addChecked(payload, 'storeContentScript');
    if (outcome.outcome === 'overlap') {
      await notifyProblem('Not added: you would pay twice', `${outcome.message} ${choosePrompt}`);
      return;
    }
    result = outcome.result;
  } catch (error) {
    if (error instanceof StoreError && error.kind === 'signedOut') {
      await notifyProblem(
        'Sign in to Crate first',
        'Open Crate from the toolbar, sign in, then press the shortcut again.',
      );
    } else {
      await notifyProblem('Not added to your cart', errorMessage(error));
    }
    return;
  }
  const [added] = result.added;
  const [warning] = result.warnings;
  if (added) await notifyAddedToCart(added.name, name);
  else if (warning?.code === 'alreadyPurchased') {
    await notifyProblem(
      'You already own this',
      `${warning.message} To buy it again, use the page's format buttons and confirm.`,
    );
  } else if (warning) await notifyProblem('Not added to your cart', warning.message);
}
