import { sql } from 'kysely';
import type { AudioFormat } from '../../lib/contract/wire.ts';
import { idsIn, query } from '../db/prepared.ts';

/** The statements of checkout and ownership, compiled once per engine. */

export const ownedTracks = query((db, a: { userId: number; ids: readonly number[] }) =>
  db
    .selectFrom('downloads')
    .select('track_id')
    .distinct()
    .where('user_id', '=', a.userId)
    .where('track_id', 'in', idsIn(a.ids)),
);

/** Locks the cart's row (PostgreSQL) until the transaction ends. */
export const lockCart = query((db, a: { userId: number; name: string; now: string }) =>
  db
    .updateTable('carts')
    .set({ updated_at: a.now })
    .where('user_id', '=', a.userId)
    .where('name', '=', a.name),
);

export const insertOrder = query(
  (db, a: { userId: number; cartName: string; total: number; currency: string; now: string }) =>
    db
      .insertInto('orders')
      .values({
        user_id: a.userId,
        cart_name: a.cartName,
        total_cents: a.total,
        currency: a.currency,
        created_at: a.now,
      })
      .returning('id'),
);

export const insertOrderItem = query(
  (
    db,
    a: {
      orderId: number;
      itemType: 'track' | 'release';
      itemId: number;
      format: AudioFormat;
      price: number;
      position: number;
    },
  ) =>
    db.insertInto('order_items').values({
      order_id: a.orderId,
      item_type: a.itemType,
      item_id: a.itemId,
      audio_format: a.format,
      price_cents: a.price,
      position: a.position,
    }),
);

/** Everything a user bought from named carts, cart by cart, each cart's orders and items in order. */
export const namedCartPurchases = query((db, a: { userId: number; defaultName: string }) =>
  db
    .selectFrom('orders as o')
    .innerJoin('order_items as oi', 'oi.order_id', 'o.id')
    .select([
      'o.cart_name',
      'o.created_at',
      'oi.item_type',
      'oi.item_id',
      'oi.audio_format',
      'oi.price_cents',
    ])
    .where('o.user_id', '=', a.userId)
    .where('o.cart_name', '<>', a.defaultName)
    .orderBy('o.cart_name')
    .orderBy('o.created_at')
    .orderBy('o.id')
    .orderBy('oi.position')
    .orderBy('oi.item_type')
    .orderBy('oi.item_id'),
);

type Purchase = { userId: number; format: AudioFormat; orderId: number; now: string; itemId: number };

/**
 * The bought tracks (the track itself, or each track of a release) into the library; a track
 * already owned in the format keeps the one entry it has.
 */
const purchase = (by: 'id' | 'release_id') =>
  query((db, a: Purchase) =>
    db
      .insertInto('downloads')
      .columns(['user_id', 'track_id', 'audio_format', 'source', 'order_id', 'purchased_at'])
      .expression(
        db
          .selectFrom('tracks')
          .select((eb) => [
            eb.val(a.userId).as('user_id'),
            'id',
            eb.val(a.format).as('audio_format'),
            sql.lit('purchase').as('source'),
            eb.val(a.orderId).as('order_id'),
            eb.val(a.now).as('purchased_at'),
          ])
          .where(by, '=', a.itemId)
          .orderBy('track_number'),
      )
      .onConflict((conflict) => conflict.columns(['user_id', 'track_id', 'audio_format']).doNothing()),
  );

export const purchaseTrack = purchase('id');
export const purchaseRelease = purchase('release_id');

export const emptyCart = query((db, a: { userId: number; name: string }) =>
  db
    .deleteFrom('cart_items')
    .where('cart_id', '=', (eb) =>
      eb.selectFrom('carts').select('id').where('user_id', '=', a.userId).where('name', '=', a.name),
    ),
);
