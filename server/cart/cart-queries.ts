import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { AudioFormat } from '../../lib/contract/wire.ts';
import { idsIn, query } from '../db/prepared.ts';
import type { Schema } from '../db/schema.ts';

/** The statements of cart-store.ts, each compiled once per engine. */

// A release in WAV or AIFF pays the format's fee once per track, as the track records say.
const priced = (db: Kysely<Schema>, cartId: number) =>
  db
    .selectFrom('cart_items as ci')
    .innerJoin('audio_formats as f', 'f.name', 'ci.audio_format')
    .leftJoin('tracks as t', (join) =>
      join.on('ci.item_type', '=', sql.lit('track')).onRef('t.id', '=', 'ci.item_id'),
    )
    .leftJoin('releases as r', (join) =>
      join.on('ci.item_type', '=', sql.lit('release')).onRef('r.id', '=', 'ci.item_id'),
    )
    .select((eb) => [
      'ci.item_type',
      'ci.item_id',
      'ci.audio_format',
      eb
        .case('ci.item_type')
        .when(sql.lit('track'))
        .then(eb('t.price_cents', '+', eb.ref('f.fee_cents')))
        .else(
          eb(
            'r.price_cents',
            '+',
            eb(
              'f.fee_cents',
              '*',
              eb
                .selectFrom('tracks as rt')
                .select(eb.fn.countAll<number>().as('n'))
                .whereRef('rt.release_id', '=', 'r.id'),
            ),
          ),
        )
        .end()
        .$notNull()
        .as('price_cents'),
    ])
    .where('ci.cart_id', '=', cartId)
    .orderBy('ci.added_seq');

export type PricedRow = Awaited<ReturnType<ReturnType<typeof priced>['execute']>>[number];

/** The cart's items with their prices, in the order they were added. */
export const pricedItems = query((db, a: { cartId: number }) => priced(db, a.cartId));

export const firstPricedItems = query((db, a: { cartId: number; limit: number }) =>
  priced(db, a.cartId).limit(a.limit),
);

/** Counts and total, summed in SQL: a summary never needs the items themselves. */
export const cartSums = query((db, a: { cartId: number }) =>
  db
    .selectFrom(priced(db, a.cartId).as('priced'))
    .select((eb) => [
      eb.fn.countAll<number>().as('items'),
      eb.fn
        .coalesce(
          eb.fn.sum<number>(
            eb.case().when('item_type', '=', sql.lit('track')).then(sql.lit(1)).else(sql.lit(0)).end(),
          ),
          sql.lit(0),
        )
        .as('tracks'),
      eb.fn.coalesce(eb.fn.sum<number>('price_cents'), sql.lit(0)).as('total'),
    ]),
);

/** The cart's lines as its version is made of them (cart-store.ts, versionOf). */
export const cartLines = query((db, a: { cartId: number }) =>
  db
    .selectFrom('cart_items')
    .select(['item_type', 'item_id', 'audio_format'])
    .where('cart_id', '=', a.cartId),
);

export const cartIdByName = query((db, a: { userId: number; name: string }) =>
  db.selectFrom('carts').select('id').where('user_id', '=', a.userId).where('name', '=', a.name),
);

/** The names of a user's carts, the default cart first, then the last used. */
export const cartNames = query((db, a: { userId: number; defaultName: string }) =>
  db
    .selectFrom('carts')
    .select('name')
    .where('user_id', '=', a.userId)
    .orderBy((eb) => eb('name', '=', a.defaultName), 'desc')
    .orderBy('updated_at', 'desc')
    .orderBy('name'),
);

/** Finds the cart and locks its row until the transaction ends. */
export const touchCart = query((db, a: { userId: number; name: string; now: string }) =>
  db
    .updateTable('carts')
    .set({ updated_at: a.now })
    .where('user_id', '=', a.userId)
    .where('name', '=', a.name)
    .returning('id'),
);

export const cartCount = query((db, a: { userId: number }) =>
  db
    .selectFrom('carts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', a.userId),
);

/** The user's named carts that hold nothing. */
export const deleteEmptyCarts = query((db, a: { userId: number; keep: string }) =>
  db
    .deleteFrom('carts')
    .where('user_id', '=', a.userId)
    .where('name', '<>', a.keep)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('cart_items').select(sql.lit(1).as('one')).whereRef('cart_id', '=', 'carts.id'),
        ),
      ),
    ),
);

/** Another request may have made the cart meanwhile: the upsert then takes that row (and its lock). */
export const upsertCart = query((db, a: { userId: number; name: string; now: string }) =>
  db
    .insertInto('carts')
    .values({ user_id: a.userId, name: a.name, created_at: a.now, updated_at: a.now })
    .onConflict((conflict) =>
      conflict
        .columns(['user_id', 'name'])
        .doUpdateSet((eb) => ({ updated_at: eb.ref('excluded.updated_at') })),
    )
    .returning('id'),
);

const owned = (eb: ExpressionBuilder<Schema & { t: Schema['tracks'] }, 't'>, userId: number) =>
  eb
    .case()
    .when(
      eb.exists(
        eb
          .selectFrom('downloads as d')
          .select(sql.lit(1).as('one'))
          .where('d.user_id', '=', userId)
          .whereRef('d.track_id', '=', 't.id'),
      ),
    )
    .then(sql.lit(1))
    .else(sql.lit(0))
    .end()
    .as('owned');

/** Listed tracks' sale types, and whether the user owns each: one round trip. */
export const trackFacts = query((db, a: { userId: number; ids: readonly number[] }) =>
  db
    .selectFrom('tracks as t')
    .select((eb) => ['t.id', 't.sale_type', owned(eb, a.userId)])
    .where('t.id', 'in', idsIn(a.ids)),
);

/** The tracks of listed releases, with the same facts. */
export const releaseTrackFacts = query((db, a: { userId: number; ids: readonly number[] }) =>
  db
    .selectFrom('tracks as t')
    .select((eb) => ['t.release_id', 't.id', 't.sale_type', owned(eb, a.userId)])
    .where('t.release_id', 'in', idsIn(a.ids)),
);

/** The cart's size and an item's current format, in one statement under the cart's lock. */
export const cartState = query((db, a: { cartId: number; itemType: 'track' | 'release'; itemId: number }) =>
  db
    .selectFrom('cart_items')
    .select((eb) => [
      eb.fn.countAll<number>().as('size'),
      eb.fn
        .max(
          eb
            .case()
            .when(eb.and([eb('item_type', '=', a.itemType), eb('item_id', '=', a.itemId)]))
            .then(eb.ref('audio_format'))
            .end(),
        )
        .as('existing'),
    ])
    .where('cart_id', '=', a.cartId),
);

export const setItemFormat = query(
  (db, a: { cartId: number; itemType: 'track' | 'release'; itemId: number; format: AudioFormat }) =>
    db
      .updateTable('cart_items')
      .set({ audio_format: a.format })
      .where('cart_id', '=', a.cartId)
      .where('item_type', '=', a.itemType)
      .where('item_id', '=', a.itemId),
);

export const setCartFormat = query((db, a: { cartId: number; format: AudioFormat }) =>
  db.updateTable('cart_items').set({ audio_format: a.format }).where('cart_id', '=', a.cartId),
);

/** The item goes last: one past the cart's highest sequence number. */
export const insertItem = query(
  (db, a: { cartId: number; itemType: 'track' | 'release'; itemId: number; format: AudioFormat }) =>
    db.insertInto('cart_items').values((eb) => ({
      cart_id: a.cartId,
      item_type: a.itemType,
      item_id: a.itemId,
      audio_format: a.format,
      added_seq: eb
        .selectFrom('cart_items')
        .select((inner) =>
          inner(inner.fn.coalesce(inner.fn.max('added_seq'), sql.lit(0)), '+', sql.lit(1)).as('next'),
        )
        .where('cart_id', '=', a.cartId),
    })),
);

export const deleteItem = query((db, a: { cartId: number; itemType: 'track' | 'release'; itemId: number }) =>
  db
    .deleteFrom('cart_items')
    .where('cart_id', '=', a.cartId)
    .where('item_type', '=', a.itemType)
    .where('item_id', '=', a.itemId),
);

export const deleteItems = query((db, a: { cartId: number }) =>
  db.deleteFrom('cart_items').where('cart_id', '=', a.cartId),
);
