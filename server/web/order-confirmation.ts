import type { AudioFormat } from '../../lib/contract/wire.ts';
import { loadReleases, price, tracksInOrder } from '../catalog/records.ts';
import type { StoreContext } from '../context.ts';
import type { OrderConfirmation } from './pages/cart-page.tsx';

/**
 * What a finished checkout bought, for the confirmation on the cart page: only the buyer's own
 * orders, so an order id in a URL shows nothing to anybody else.
 */
export async function loadOrderConfirmation(
  ctx: StoreContext,
  userId: number,
  orderId: number,
): Promise<OrderConfirmation | undefined> {
  const order = await ctx.db.get<{ total_cents: number; currency: string }>(
    'SELECT total_cents, currency FROM orders WHERE id = ? AND user_id = ?',
    orderId,
    userId,
  );
  if (!order) return undefined;
  const items = await ctx.db.all<{
    item_type: 'track' | 'release';
    item_id: number;
    audio_format: AudioFormat;
  }>(
    `SELECT item_type, item_id, audio_format FROM order_items WHERE order_id = ?
      ORDER BY item_type DESC, item_id`,
    orderId,
  );
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
