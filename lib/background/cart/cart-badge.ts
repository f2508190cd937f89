/**
 * The toolbar badge: how many items the default cart holds. The count is kept in storage.local
 * (not secret) so a restarted worker or browser shows it again without asking the store.
 */
import { cartCountItem } from '../../storage/items.ts';
import { paintBadge } from '../following/feed-badge.ts';

/** Painted with the new releases' count, which shows while the cart is empty (following/feed-badge.ts). */
const show = (items: number | null) => paintBadge(items);

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
