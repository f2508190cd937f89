/**
 * The toolbar badge: how many items the default cart holds. The count is kept in storage.local
 * (not secret) so a restarted worker or browser shows it again without asking the store.
 */
import { browser } from 'wxt/browser';
import { cartCountItem } from '../../storage/items.ts';

// MV2 (the Firefox build) calls the toolbar button browserAction.
const toolbarButton = () => browser.action ?? browser.browserAction;

async function show(items: number | null): Promise<void> {
  const button = toolbarButton();
  await button.setBadgeText({ text: items ? String(items) : '' });
  if (items) await button.setBadgeBackgroundColor({ color: '#1f6f5c' });
}

export async function recordCartCount(storeUrl: string, items: number): Promise<void> {
  await cartCountItem.setValue({ storeUrl, items });
  await show(items);
}

export async function clearCartCount(): Promise<void> {
  await cartCountItem.removeValue();
  await show(null);
}

/** Shows the stored count again, e.g. when the worker starts. */
export async function restoreCartBadge(storeUrl: string): Promise<void> {
  const count = await cartCountItem.getValue();
  await show(count?.storeUrl === storeUrl ? count.items : null);
}
