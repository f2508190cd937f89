/**
 * The run's progress on the toolbar button, for a person with the popup closed: the badge shows
 * the share done ("45%", "…" while the store is awaited, "II" paused) and the title says files,
 * bytes and the time left. While a run is under way the worker refreshes it every few seconds;
 * the timer is no state (a worker started afresh starts it again from its first pass). When the
 * run ends the badge goes back to the cart's count and the title to the extension's name.
 */
import { browser } from 'wxt/browser';
import type { BulkProgress } from '../../protocol/messages.ts';
import { storeUrlSetting } from '../../storage/items.ts';
import { restoreCartBadge } from '../cart/cart-badge.ts';
import { toolbarProgress } from './toolbar-progress.ts';

/** How often the toolbar follows a run while this worker lives. */
export const toolbarRefreshMs = 2_000;

// MV2 (the Firefox build) calls the toolbar button browserAction.
const toolbarButton = () => browser.action ?? browser.browserAction;

export function createRunToolbar(progress: () => Promise<BulkProgress>) {
  let scheduled = false;

  async function show(): Promise<void> {
    const shown = toolbarProgress(await progress(), Date.now());
    const button = toolbarButton();
    if (shown) {
      await button.setBadgeText({ text: shown.badge });
      await button.setBadgeBackgroundColor({ color: '#2456a6' });
      await button.setTitle({ title: shown.title });
      if (!scheduled) {
        scheduled = true;
        setTimeout(() => {
          scheduled = false;
          void follow();
        }, toolbarRefreshMs);
      }
    } else {
      // Also when this worker never showed the run: an earlier one may have, then stopped.
      await button.setTitle({ title: browser.runtime.getManifest().name });
      await restoreCartBadge(await storeUrlSetting.getValue());
    }
  }

  /** Shows the run now (and keeps following it while it is under way); never throws. */
  async function follow(): Promise<void> {
    await show().catch((error: unknown) => console.warn('Crate: toolbar progress', error));
  }

  return { follow };
}
