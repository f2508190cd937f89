import type { AudioFormat, ItemType, Price } from '../../lib/contract/wire.ts';
import { pricedItems } from '../cart/cart-store.ts';
import { price } from '../catalog/records.ts';
import type { StoreContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import * as q from './queries.ts';

export interface OrderItem {
  id: number;
  type: ItemType;
  audioFormat: AudioFormat;
  price: Price;
}

export interface Order {
  orderId: number;
  total: Price;
  items: OrderItem[];
}

/**
 * Buys everything in one of the user's carts, at the prices the cart shows: an order with its
 * items, one library entry per track bought (each track of a release), and an empty cart, all in
 * one transaction so a failure leaves the cart as it was and charges nothing.
 */
export async function checkoutCart(ctx: StoreContext, userId: number, cartName: string): Promise<Order> {
  const { db } = ctx;
  return await db.transaction(async () => {
    const now = new Date().toISOString();
    // Locks the cart's row first (PostgreSQL), so that two checkouts of one cart cannot both buy it.
    await db.run(q.lockCart, { userId, name: cartName, now });
    const rows = await pricedItems(ctx, userId, cartName);
    if (rows.length === 0) {
      throw new ApiError(
        409,
        'emptyCart',
        `The cart "${cartName}" is empty: add tracks or releases before checking out.`,
      );
    }
    const total = rows.reduce((sum, row) => sum + row.price_cents, 0);
    const { currency } = ctx.config;
    const orderId = (await db.get(q.insertOrder, { userId, cartName, total, currency, now }))?.id as number;
    for (const [position, row] of rows.entries()) {
      const item = { itemType: row.item_type, itemId: row.item_id, format: row.audio_format };
      await db.run(q.insertOrderItem, { orderId, ...item, price: row.price_cents, position });
      // Buying a track again in a format already owned keeps the one library entry it has.
      await db.run(row.item_type === 'track' ? q.purchaseTrack : q.purchaseRelease, {
        userId,
        format: row.audio_format,
        orderId,
        now,
        itemId: row.item_id,
      });
    }
    await db.run(q.emptyCart, { userId, name: cartName });
    return {
      orderId,
      total: price(total, ctx.config.currency),
      items: rows.map((row) => ({
        id: row.item_id,
        type: row.item_type,
        audioFormat: row.audio_format as AudioFormat,
        price: price(row.price_cents, ctx.config.currency),
      })),
    };
  });
}
