/**
 * A named cart, once paid, stays a crate (issue #50): its name and its items in the order the cart
 * held them, kept by the store so every computer the DJ signs in on sees it. Nothing new is stored
 * for it: a crate is what the orders of that cart name bought (each order keeps its cart's name and
 * each item its place). A name bought from again a week later is the same crate, its new items after
 * the old ones; an item bought twice is listed once, where it first came.
 */
import { defaultCartName } from '../../lib/contract/cart-name.ts';
import { itemKey } from '../../lib/contract/item-key.ts';
import type { CartItem } from '../../lib/contract/wire.ts';
import { cartItemRecords, type ItemRow } from '../cart/cart-store.ts';
import type { StoreContext } from '../context.ts';
import * as q from './queries.ts';

export interface PurchasedCrate {
  name: string;
  /** When the last order of this cart name was placed. */
  purchasedAt: string;
  items: CartItem[];
}

/** The user's purchased crates, the most recently bought first. */
export async function purchasedCrates(ctx: StoreContext, userId: number): Promise<PurchasedCrate[]> {
  const rows = await ctx.db.all(q.namedCartPurchases, { userId, defaultName: defaultCartName });
  const byName = new Map<string, { purchasedAt: string; seen: Set<string>; rows: ItemRow[] }>();
  for (const row of rows) {
    const crate = byName.get(row.cart_name) ?? { purchasedAt: row.created_at, seen: new Set(), rows: [] };
    byName.set(row.cart_name, crate);
    if (row.created_at > crate.purchasedAt) crate.purchasedAt = row.created_at;
    const key = itemKey({ type: row.item_type, id: row.item_id });
    if (crate.seen.has(key)) continue;
    crate.seen.add(key);
    crate.rows.push(row);
  }
  const crates = await Promise.all(
    [...byName].map(async ([name, crate]) => ({
      name,
      purchasedAt: crate.purchasedAt,
      items: await cartItemRecords(ctx, crate.rows),
    })),
  );
  return crates.sort((a, b) => b.purchasedAt.localeCompare(a.purchasedAt) || a.name.localeCompare(b.name));
}
