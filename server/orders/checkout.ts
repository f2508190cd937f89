import type { AudioFormat, ItemType, Price } from '../../lib/contract/wire.ts';
import { pricedItems } from '../cart/cart-store.ts';
import { price } from '../catalog/records.ts';
import type { StoreContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';

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
    await db.run('UPDATE carts SET updated_at = ? WHERE user_id = ? AND name = ?', now, userId, cartName);
    const rows = await pricedItems(ctx, userId, cartName);
    if (rows.length === 0) {
      throw new ApiError(
        409,
        'emptyCart',
        `The cart "${cartName}" is empty: add tracks or releases before checking out.`,
      );
    }
    const total = rows.reduce((sum, row) => sum + row.price_cents, 0);
    const orderId = (
      await db.get<{ id: number }>(
        `INSERT INTO orders (user_id, cart_name, total_cents, currency, created_at)
       VALUES (?, ?, ?, ?, ?) RETURNING id`,
        userId,
        cartName,
        total,
        ctx.config.currency,
        now,
      )
    )?.id as number;
    for (const row of rows) {
      await db.run(
        'INSERT INTO order_items (order_id, item_type, item_id, audio_format, price_cents) VALUES (?, ?, ?, ?, ?)',
        orderId,
        row.item_type,
        row.item_id,
        row.audio_format,
        row.price_cents,
      );
      // Buying a track again in a format already owned keeps the one library entry it has.
      await db.run(
        `INSERT INTO downloads (user_id, track_id, audio_format, source, order_id, purchased_at)
         SELECT ?, id, ?, 'purchase', ?, ? FROM tracks
          WHERE ${row.item_type === 'track' ? 'id' : 'release_id'} = ?
          ORDER BY track_number
         ON CONFLICT (user_id, track_id, audio_format) DO NOTHING`,
        userId,
        row.audio_format,
        orderId,
        now,
        row.item_id,
      );
    }
    await db.run(
      `DELETE FROM cart_items WHERE cart_id = (SELECT id FROM carts WHERE user_id = ? AND name = ?)`,
      userId,
      cartName,
    );
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
