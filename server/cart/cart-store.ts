import { defaultCartName } from '../../lib/contract/cart-name.ts';
import { cartVersion as versionOfLines } from '../../lib/contract/cart-version.ts';
import { itemKey } from '../../lib/contract/item-key.ts';
import { trackDisplayTitle } from '../../lib/contract/track-display.ts';
import type {
  AudioFormat,
  Cart,
  CartAddResult,
  CartChangeResult,
  CartItem,
  CartItemInput,
  CartSummary,
  CartWarning,
} from '../../lib/contract/wire.ts';
import { loadReleases, loadTracks, price } from '../catalog/records.ts';
import type { StoreContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { versionChanged } from '../http/preconditions.ts';
import * as q from './cart-queries.ts';
import type { ItemRef } from './items-param.ts';

/**
 * A user's carts (contract.md section 4). Every change runs in one transaction. On SQLite
 * transactions run one at a time; on PostgreSQL an add locks the cart's row first (touchCart) and
 * the items' primary key refuses a second copy, so concurrent requests on one cart are applied one
 * after another and none is lost. Every answer carries the version of the cart it leaves, read in
 * the same transaction (docs/api.md, "Cart versions").
 */

export { defaultCartName };

type PricedRow = q.PricedRow;

/** An answer with the version of the cart it shows or leaves. */
export interface Versioned<T> {
  result: T;
  version: string;
}

/** A change made against a version the client read (If-Match): refused when the cart moved on. */
export interface ChangeOptions {
  expectedVersion?: string;
}

const cartId = async (ctx: StoreContext, userId: number, name: string) =>
  (await ctx.db.get(q.cartIdByName, { userId, name }))?.id;

type Line = Pick<PricedRow, 'item_type' | 'item_id' | 'audio_format'>;

/** The cart's version (lib/contract/cart-version.ts) from its rows. */
const versionOf = (rows: readonly Line[]) =>
  versionOfLines(
    rows.map((row) => ({ type: row.item_type, id: row.item_id, audioFormat: row.audio_format })),
  );

const versionById = async (ctx: StoreContext, id: number | undefined) =>
  versionOf(id === undefined ? [] : await ctx.db.all(q.cartLines, { cartId: id }));

/** The cart's version now: one small read, for a conditional read that may need no more. */
export async function cartVersion(ctx: StoreContext, userId: number, name: string): Promise<string> {
  return versionById(ctx, await cartId(ctx, userId, name));
}

/**
 * Inside a change's transaction: goes on only while the cart is at the version the client expects.
 * The touch locks the cart's row on PostgreSQL until the commit, so no change slips in between.
 */
async function requireVersion(
  ctx: StoreContext,
  userId: number,
  name: string,
  { expectedVersion }: ChangeOptions,
): Promise<void> {
  if (expectedVersion === undefined) return;
  const touched = await ctx.db.get(q.touchCart, { userId, name, now: new Date().toISOString() });
  if ((await versionById(ctx, touched?.id)) !== expectedVersion) throw versionChanged('cart');
}

/** The cart's items with their prices, in the order they were added. */
export async function pricedItems(ctx: StoreContext, userId: number, name: string): Promise<PricedRow[]> {
  const id = await cartId(ctx, userId, name);
  return id === undefined ? [] : await ctx.db.all(q.pricedItems, { cartId: id });
}

function summaryOf(ctx: StoreContext, name: string, rows: PricedRow[]): CartSummary {
  const tracks = rows.filter((row) => row.item_type === 'track').length;
  return {
    name,
    counts: { items: rows.length, tracks, releases: rows.length - tracks },
    total: price(
      rows.reduce((sum, row) => sum + row.price_cents, 0),
      ctx.config.currency,
    ),
  };
}

/** What a cart item record is made from: a cart's row, or an order's (server/orders/crates.ts). */
export type ItemRow = Pick<PricedRow, 'item_type' | 'item_id' | 'audio_format' | 'price_cents'>;

/** The items' records as the cart shows them: name, artists and the price of each. */
export async function cartItemRecords(ctx: StoreContext, rows: readonly ItemRow[]): Promise<CartItem[]> {
  const tracks = await loadTracks(
    ctx,
    rows.filter((row) => row.item_type === 'track').map((row) => row.item_id),
  );
  const releases = await loadReleases(
    ctx,
    rows.filter((row) => row.item_type === 'release').map((row) => row.item_id),
  );
  return rows.flatMap((row) => {
    const record = row.item_type === 'track' ? tracks.get(row.item_id) : releases.get(row.item_id);
    if (!record) return [];
    return [
      {
        id: row.item_id,
        type: row.item_type,
        audioFormat: row.audio_format as CartItem['audioFormat'],
        name: record.type === 'track' ? trackDisplayTitle(record) : record.name,
        artists: record.artists,
        price: price(row.price_cents, ctx.config.currency),
      },
    ];
  });
}

/** Counts, total and version, read together. */
export const versionedSummary = (ctx: StoreContext, userId: number, name: string) =>
  ctx.db.transaction(
    async (): Promise<Versioned<CartSummary>> => ({
      result: await cartSummary(ctx, userId, name),
      version: await cartVersion(ctx, userId, name),
    }),
  );

/** Counts and total, summed in SQL: a summary never needs the items themselves. */
export async function cartSummary(ctx: StoreContext, userId: number, name: string): Promise<CartSummary> {
  const id = await cartId(ctx, userId, name);
  const sums = id === undefined ? undefined : await ctx.db.get(q.cartSums, { cartId: id });
  return {
    name,
    counts: {
      items: sums?.items ?? 0,
      tracks: sums?.tracks ?? 0,
      releases: (sums?.items ?? 0) - (sums?.tracks ?? 0),
    },
    total: price(sums?.total ?? 0, ctx.config.currency),
  };
}

/** The cart's summary with only its first `limit` items (a page that must stay small). */
export async function loadCartPreview(
  ctx: StoreContext,
  userId: number,
  name: string,
  limit: number,
): Promise<Cart> {
  const id = await cartId(ctx, userId, name);
  const rows = id === undefined ? [] : await ctx.db.all(q.firstPricedItems, { cartId: id, limit });
  return { ...(await cartSummary(ctx, userId, name)), items: await cartItemRecords(ctx, rows) };
}

/** A cart that does not exist yet is shown empty. */
export async function loadCart(ctx: StoreContext, userId: number, name: string): Promise<Versioned<Cart>> {
  const rows = await pricedItems(ctx, userId, name);
  return {
    result: { ...summaryOf(ctx, name, rows), items: await cartItemRecords(ctx, rows) },
    version: await versionOf(rows),
  };
}

/** The names of a user's carts that hold something or were used, default first. */
export async function cartNames(ctx: StoreContext, userId: number): Promise<string[]> {
  const rows = await ctx.db.all(q.cartNames, { userId, defaultName: defaultCartName });
  return rows.map((row) => row.name);
}

const warning = (item: ItemRef, code: CartWarning['code'], message: string): CartWarning => ({
  id: item.id,
  type: item.type,
  code,
  message,
});

const key = (item: ItemRef) => itemKey(item);

const label = (item: ItemRef) => `${item.type === 'track' ? 'Track' : 'Release'} ${item.id}`;

const tooManyCarts = (cartsPerUser: number) =>
  new ApiError(
    409,
    'tooManyCarts',
    `A user has at most ${cartsPerUser} carts; check out or empty one before starting another.`,
    'name',
  );

const cartFull = (itemsPerCart: number) =>
  new ApiError(
    409,
    'cartFull',
    `A cart holds at most ${itemsPerCart} items; check out or empty it first.`,
    'items',
  );

/**
 * The cart's id, creating it when the user is below the carts limit. Either statement that finds
 * the row locks it until the transaction ends, so on PostgreSQL concurrent changes to one cart
 * queue up here: a cart that exists costs one statement, as little time under its lock as can be.
 */
async function touchCart(ctx: StoreContext, userId: number, name: string): Promise<number> {
  const now = new Date().toISOString();
  const touched = await ctx.db.get(q.touchCart, { userId, name, now });
  if (touched) return touched.id;
  const { cartsPerUser } = ctx.config.cartLimits;
  const count = async () => (await ctx.db.get(q.cartCount, { userId }))?.n ?? 0;
  if ((await count()) >= cartsPerUser) {
    // Emptied named carts are forgotten first: only carts that hold something count.
    await ctx.db.run(q.deleteEmptyCarts, { userId, keep: defaultCartName });
    if ((await count()) >= cartsPerUser) throw tooManyCarts(cartsPerUser);
  }
  // Another request may have made it meanwhile: the upsert then takes that row (and its lock).
  const row = await ctx.db.get(q.upsertCart, { userId, name, now });
  return row?.id as number;
}

interface ItemStanding {
  exists: boolean;
  purchasable: boolean;
  owned: boolean;
}

/** Whether each item exists, can be bought, and is already owned by the user. */
async function itemStandings(
  ctx: StoreContext,
  userId: number,
  items: ItemRef[],
): Promise<Map<string, ItemStanding>> {
  const trackIds = items.filter((item) => item.type === 'track').map((item) => item.id);
  const releaseIds = items.filter((item) => item.type === 'release').map((item) => item.id);
  // Ownership in the same statement: one round trip per item type, none for a type not asked for.
  const owned = new Set<number>();
  const tracks = new Map<number, string>();
  if (trackIds.length > 0) {
    for (const row of await ctx.db.all(q.trackFacts, { userId, ids: trackIds })) {
      tracks.set(row.id, row.sale_type);
      if (row.owned) owned.add(row.id);
    }
  }
  const releaseTracks = new Map<number, { id: number; sale_type: string }[]>();
  if (releaseIds.length > 0) {
    for (const row of await ctx.db.all(q.releaseTrackFacts, { userId, ids: releaseIds })) {
      const list = releaseTracks.get(row.release_id) ?? [];
      list.push(row);
      releaseTracks.set(row.release_id, list);
      if (row.owned) owned.add(row.id);
    }
  }
  const facts = new Map<string, ItemStanding>();
  for (const item of items) {
    if (item.type === 'track') {
      const saleType = tracks.get(item.id);
      facts.set(key(item), {
        exists: saleType !== undefined,
        purchasable: saleType === 'purchase',
        owned: owned.has(item.id),
      });
    } else {
      const list = releaseTracks.get(item.id) ?? [];
      facts.set(key(item), {
        exists: list.length > 0,
        purchasable: list.some((track) => track.sale_type === 'purchase'),
        owned: list.length > 0 && list.every((track) => owned.has(track.id)),
      });
    }
  }
  return facts;
}

const alreadyInCart = (item: CartItemInput) =>
  warning(item, 'alreadyInCart', `${label(item)} is already in the cart; it is now ${item.audioFormat}.`);

/** Why an item cannot go in the cart, or nothing when it can. */
function refusal(
  item: ItemRef,
  fact: ItemStanding,
  alreadyPurchasedOverride: boolean,
): CartWarning | undefined {
  if (!fact.exists) return warning(item, 'notFound', `${label(item)} does not exist.`);
  if (!fact.purchasable) {
    return warning(item, 'notPurchasable', `${label(item)} is free: download it as a promotion instead.`);
  }
  if (fact.owned && !alreadyPurchasedOverride) {
    return warning(
      item,
      'alreadyPurchased',
      `You already own ${label(item).toLowerCase()}; send alreadyPurchasedOverride=true to add it anyway.`,
    );
  }
  return undefined;
}

interface Added {
  rows: PricedRow[];
  added: Set<string>;
  warnings: CartWarning[];
}

/**
 * The add, on either engine, in one transaction: the catalog facts, then the cart found or made
 * (touchCart's statement locks its row until the commit, so on PostgreSQL concurrent adds to one
 * cart queue there, as SQLite runs its transactions one at a time), then per item its format
 * switched when it is there already, a refusal when the cart is full, or the insert; the priced
 * items last. A refusal throws, and the whole add rolls back.
 */
async function addInTransaction(
  ctx: StoreContext,
  userId: number,
  name: string,
  items: CartItemInput[],
  alreadyPurchasedOverride: boolean,
  options: ChangeOptions,
): Promise<Added> {
  const { db } = ctx;
  return await db.transaction(async () => {
    await requireVersion(ctx, userId, name, options);
    const facts = await itemStandings(ctx, userId, items);
    const warnings: CartWarning[] = [];
    const added = new Set<string>();
    let id: number | undefined;
    for (const item of items) {
      const refused = refusal(item, facts.get(key(item)) as ItemStanding, alreadyPurchasedOverride);
      if (refused) {
        warnings.push(refused);
        continue;
      }
      if (id === undefined) id = await touchCart(ctx, userId, name);
      // The cart's size and the item's current format, in one statement under the cart's lock.
      const state = await db.get(q.cartState, { cartId: id, itemType: item.type, itemId: item.id });
      if (state?.existing != null) {
        await db.run(q.setItemFormat, {
          cartId: id,
          itemType: item.type,
          itemId: item.id,
          format: item.audioFormat,
        });
        warnings.push(alreadyInCart(item));
        continue;
      }
      const { itemsPerCart } = ctx.config.cartLimits;
      if ((state?.size ?? 0) >= itemsPerCart) throw cartFull(itemsPerCart);
      await db.run(q.insertItem, {
        cartId: id,
        itemType: item.type,
        itemId: item.id,
        format: item.audioFormat,
      });
      added.add(key(item));
    }
    // One read of the priced items gives both the added rows and the summary.
    const rows =
      id === undefined ? await pricedItems(ctx, userId, name) : await db.all(q.pricedItems, { cartId: id });
    return { rows, added, warnings };
  });
}

export async function addItems(
  ctx: StoreContext,
  userId: number,
  name: string,
  items: CartItemInput[],
  alreadyPurchasedOverride: boolean,
  options: ChangeOptions = {},
): Promise<Versioned<CartAddResult>> {
  const { rows, added, warnings } = await addInTransaction(
    ctx,
    userId,
    name,
    items,
    alreadyPurchasedOverride,
    options,
  );
  // Catalog records are read after the commit: the cart's lock is held no longer than its writes.
  const addedRows = rows.filter((row) => added.has(itemKey({ type: row.item_type, id: row.item_id })));
  return {
    result: { added: await cartItemRecords(ctx, addedRows), warnings, cart: summaryOf(ctx, name, rows) },
    version: await versionOf(rows),
  };
}

/** A change's answer: its warnings, and the cart's summary and version as the change leaves it. */
async function changed(
  ctx: StoreContext,
  userId: number,
  name: string,
  warnings: CartWarning[],
): Promise<Versioned<CartChangeResult>> {
  return {
    result: { warnings, cart: await cartSummary(ctx, userId, name) },
    version: await cartVersion(ctx, userId, name),
  };
}

const notInCart = (item: ItemRef) => warning(item, 'notInCart', `${label(item)} is not in the cart.`);

/** Every item of the cart gets the format. */
export async function setCartFormat(
  ctx: StoreContext,
  userId: number,
  name: string,
  audioFormat: AudioFormat,
  options: ChangeOptions = {},
): Promise<Versioned<CartChangeResult>> {
  return await ctx.db.transaction(async () => {
    await requireVersion(ctx, userId, name, options);
    const id = await cartId(ctx, userId, name);
    if (id !== undefined) await ctx.db.run(q.setCartFormat, { cartId: id, format: audioFormat });
    return changed(ctx, userId, name, []);
  });
}

/** Only the listed items change; items not in the cart are warnings. */
export async function setItemFormats(
  ctx: StoreContext,
  userId: number,
  name: string,
  items: CartItemInput[],
  options: ChangeOptions = {},
): Promise<Versioned<CartChangeResult>> {
  return await ctx.db.transaction(async () => {
    await requireVersion(ctx, userId, name, options);
    const id = await cartId(ctx, userId, name);
    const warnings: CartWarning[] = [];
    for (const item of items) {
      const updated =
        id === undefined
          ? 0
          : (
              await ctx.db.run(q.setItemFormat, {
                cartId: id,
                itemType: item.type,
                itemId: item.id,
                format: item.audioFormat,
              })
            ).changes;
      if (updated === 0) warnings.push(notInCart(item));
    }
    return changed(ctx, userId, name, warnings);
  });
}

export async function removeItems(
  ctx: StoreContext,
  userId: number,
  name: string,
  items: ItemRef[],
  options: ChangeOptions = {},
): Promise<Versioned<CartChangeResult>> {
  return await ctx.db.transaction(async () => {
    await requireVersion(ctx, userId, name, options);
    const id = await cartId(ctx, userId, name);
    const warnings: CartWarning[] = [];
    for (const item of items) {
      const removed =
        id === undefined
          ? 0
          : (await ctx.db.run(q.deleteItem, { cartId: id, itemType: item.type, itemId: item.id })).changes;
      if (removed === 0) warnings.push(notInCart(item));
    }
    return changed(ctx, userId, name, warnings);
  });
}

export async function emptyCart(
  ctx: StoreContext,
  userId: number,
  name: string,
  options: ChangeOptions = {},
): Promise<Versioned<CartChangeResult>> {
  return await ctx.db.transaction(async () => {
    await requireVersion(ctx, userId, name, options);
    const id = await cartId(ctx, userId, name);
    if (id !== undefined) await ctx.db.run(q.deleteItems, { cartId: id });
    return changed(ctx, userId, name, []);
  });
}
