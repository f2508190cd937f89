import type { AudioFormat } from '../../lib/contract/wire.ts';
import { loadReleases, price, tracksInOrder } from '../catalog/records.ts';
import type { StoreContext } from '../context.ts';
import { query } from '../db/prepared.ts';
import type { OrderConfirmation } from './pages/cart-page.tsx';

const usersOrder = query((db, a: { orderId: number; userId: number }) =>
  db
    .selectFrom('orders')
    .select(['total_cents', 'currency'])
    .where('id', '=', a.orderId)
    .where('user_id', '=', a.userId),
);

const orderItems = query((db, a: { orderId: number }) =>
  db
    .selectFrom('order_items')
    .select(['item_type', 'item_id', 'audio_format'])
    .where('order_id', '=', a.orderId)
    .orderBy('item_type', 'desc')
    .orderBy('item_id'),
);

/**
 * What a finished checkout bought, for the confirmation on the cart page: only the buyer's own
 * orders, so an order id in a URL shows nothing to anybody else.
 */
export async function loadOrderConfirmation(
  ctx: StoreContext,
  userId: number,
  orderId: number,
): Promise<OrderConfirmation | undefined> {
  const order = await ctx.db.get(usersOrder, { orderId, userId });
  if (!order) return undefined;
  const items = await ctx.db.all(orderItems, { orderId });
  const releases = await loadReleases(
    ctx,
    items.filter((item) => item.item_type === 'release').map((item) => item.item_id),
  );
  // A release's tracks are bought in the release's format.
  const formats = new Map<number, AudioFormat>();
  for (const item of items) {
    const trackIds =
      item.item_type === 'track' ? [item.item_id] : (releases.get(item.item_id)?.trackIds ?? []);
    for (const id of trackIds) formats.set(id, item.audio_format);
  }
  return {
    orderId,
    total: price(order.total_cents, order.currency),
    tracks: (await tracksInOrder(ctx, [...formats.keys()])).map((track) => ({
      track,
      audioFormat: formats.get(track.id) as AudioFormat,
    })),
  };
}
