/**
 * The background's side of the content script's cache (lib/storage/cart-state.ts): every cart change the
 * background makes (from the popup or a page, they all go through its handlers) is applied to
 * the cached cart, sign-in and sign-out flip the signed-in flag, and a refresh reads the current
 * cart and the download library from the store. When the cached cart's size disagrees with the
 * count the store just reported, the cart is read again rather than trusted.
 */

import type { CartItem, CartSummary, CartWarning, ItemType } from '../../contract/wire.ts';
import type { Handlers } from '../../protocol/receive.ts';
import { StoreError } from '../../protocol/store-error.ts';
import {
  type CartStateByStore,
  type ItemKey,
  itemKey,
  type StoreCartState,
  signedOutState,
  storeEntry,
} from '../../storage/cart-state.ts';
import { cartStateItem, currentCartSetting, storeUrlSetting } from '../../storage/items.ts';
import type { ApiClient } from '../api-client.ts';
import { ownedItems } from './owned-items.ts';

export interface CartStateSyncOptions {
  api(): Promise<ApiClient>;
  signedIn(): Promise<boolean>;
}

type Cart = StoreCartState['cart'];
const cartOf = (items: Pick<CartItem, 'id' | 'type' | 'audioFormat'>[]): Cart =>
  Object.fromEntries(items.map((item) => [itemKey(item.type, item.id), item.audioFormat]));
const keysWarned = (warnings: CartWarning[], code: CartWarning['code']): Set<ItemKey> =>
  new Set(warnings.filter((warning) => warning.code === code).map((w) => itemKey(w.type, w.id)));

export function createCartStateSync({ api, signedIn }: CartStateSyncOptions) {
  // Read-modify-write in one worker, one at a time, so two quick changes cannot lose one.
  let queue: Promise<unknown> = Promise.resolve();

  /**
   * Changes the configured store's entry for the current cart. `change` returns the new entry;
   * the result says whether its cart size matches `expectedItems` (true when nothing to compare).
   */
  function update(
    change: (state: StoreCartState) => StoreCartState,
    expectedItems?: number,
  ): Promise<boolean> {
    const run = queue.then(async () => {
      const [storeUrl, cartName, all] = await Promise.all([
        storeUrlSetting.getValue(),
        currentCartSetting.getValue(),
        cartStateItem.getValue(),
      ]);
      const stored = storeEntry(all, storeUrl) ?? signedOutState(cartName);
      // Items of another cart say nothing about this one.
      const current = stored.cartName === cartName ? stored : { ...stored, cartName, cart: {} };
      const next = change(current);
      // Only the configured store is kept: entries of a store no longer used would only go stale.
      const value: CartStateByStore = { [storeUrl]: next };
      await cartStateItem.setValue(value);
      return expectedItems === undefined || Object.keys(next.cart).length === expectedItems;
    });
    queue = run.catch(() => undefined);
    return run;
  }

  const isCurrentCart = async (target: { name?: string }) =>
    (target.name ?? 'default') === (await currentCartSetting.getValue());

  async function refreshCart(): Promise<void> {
    const client = await api();
    const name = await currentCartSetting.getValue();
    const { cart } = await client.viewCart({ name });
    await update((state) => ({ ...state, signedIn: true, cart: cartOf(cart.items) }));
  }

  async function refreshOwned(): Promise<void> {
    const owned = await ownedItems(await api());
    await update((state) => ({
      ...state,
      signedIn: true,
      ownedTracks: owned.tracks,
      ownedReleases: owned.releases,
      ownedFormats: owned.formats,
    }));
  }

  /** Applies a cart change to the cached cart; reads the whole cart when the counts disagree. */
  async function applyToCart(target: { name?: string }, summary: CartSummary, change: (cart: Cart) => Cart) {
    if (!(await isCurrentCart(target))) return;
    const consistent = await update(
      (state) => ({ ...state, signedIn: true, cart: change({ ...state.cart }) }),
      summary.counts.items,
    );
    if (!consistent) await refreshCart();
  }

  const sync = {
    /** Reads the current cart and, unless told otherwise, the library; signed out: clears both. */
    async refresh({ owned = true }: { owned?: boolean } = {}): Promise<void> {
      if (!(await signedIn())) return sync.signedOut();
      try {
        await Promise.all([refreshCart(), owned ? refreshOwned() : undefined]);
      } catch (error) {
        if (error instanceof StoreError && error.kind === 'signedOut') await sync.signedOut();
        else throw error;
      }
    },

    signedOut: async (): Promise<void> => {
      await update((state) => signedOutState(state.cartName));
    },

    /** What the popup learned about the session; a change of it re-reads or clears the cache. */
    async noteSignedIn(isSignedIn: boolean): Promise<void> {
      const [storeUrl, all] = await Promise.all([storeUrlSetting.getValue(), cartStateItem.getValue()]);
      if ((storeEntry(all, storeUrl)?.signedIn ?? false) !== isSignedIn) await sync.refresh();
    },

    /** A new store: nothing cached belongs to it. */
    clear: () => cartStateItem.removeValue(),

    cartRead: (target: { name?: string }, items: CartItem[], summary: CartSummary) =>
      applyToCart(target, summary, () => cartOf(items)),

    /** A cart summary only tells the count; a disagreeing count re-reads the cart. */
    counted: (target: { name?: string }, summary: CartSummary) =>
      applyToCart(target, summary, (cart) => cart),

    async added(
      target: { name?: string },
      requested: Pick<CartItem, 'id' | 'type' | 'audioFormat'>[],
      result: { added: CartItem[]; warnings: CartWarning[]; cart: CartSummary },
    ): Promise<void> {
      const alreadyInCart = keysWarned(result.warnings, 'alreadyInCart');
      const owned = result.warnings.filter((warning) => warning.code === 'alreadyPurchased');
      await applyToCart(target, result.cart, (cart) => {
        // An item already in the cart is kept once, in the requested format (contract.md section 4).
        for (const item of requested) {
          const key = itemKey(item.type, item.id);
          if (alreadyInCart.has(key)) cart[key] = item.audioFormat;
        }
        return { ...cart, ...cartOf(result.added) };
      });
      // The store knows of a purchase the cache has not seen yet (a checkout since the last sync).
      if (owned.length > 0) {
        const has = (type: ItemType) => owned.filter((warning) => warning.type === type).map((w) => w.id);
        await update((state) => ({
          ...state,
          ownedTracks: [...new Set([...state.ownedTracks, ...has('track')])],
          ownedReleases: [...new Set([...state.ownedReleases, ...has('release')])],
        }));
      }
    },

    formatsSet: (
      target: { name?: string },
      requested: Pick<CartItem, 'id' | 'type' | 'audioFormat'>[],
      result: { warnings: CartWarning[]; cart: CartSummary },
    ) => {
      const notInCart = keysWarned(result.warnings, 'notInCart');
      return applyToCart(target, result.cart, (cart) => {
        for (const item of requested) {
          const key = itemKey(item.type, item.id);
          if (!notInCart.has(key)) cart[key] = item.audioFormat;
        }
        return cart;
      });
    },

    cartFormatSet: (target: { name?: string }, format: CartItem['audioFormat'], summary: CartSummary) =>
      applyToCart(target, summary, (cart) =>
        Object.fromEntries(Object.keys(cart).map((key) => [key, format])),
      ),

    removed: (target: { name?: string }, items: Pick<CartItem, 'id' | 'type'>[], summary: CartSummary) =>
      applyToCart(target, summary, (cart) => {
        for (const item of items) delete cart[itemKey(item.type, item.id)];
        return cart;
      }),

    emptied: (target: { name?: string }, summary: CartSummary) => applyToCart(target, summary, () => ({})),

    /** A promotional track now sits in the library. */
    promoDownloaded: (trackId: number) =>
      update((state) => ({ ...state, ownedTracks: [...new Set([...state.ownedTracks, trackId])] })),
  };
  return sync;
}

export type CartStateSync = ReturnType<typeof createCartStateSync>;

/** Keeping the cache must never make the person's action fail: its errors are only logged. */
const quietly = (work: Promise<unknown>) =>
  work.catch((error: unknown) => console.warn('Crate: the page cache could not be updated', error));

/**
 * The background's handlers, with every answer that changes or reveals the cart, the session or
 * the library also applied to the cache. A store that ended the session marks it signed out.
 */
export function withCartState(sync: CartStateSync, handlers: Handlers): Handlers {
  async function watched<T>(work: Promise<T>): Promise<T> {
    try {
      return await work;
    } catch (error) {
      if (error instanceof StoreError && error.kind === 'signedOut') await quietly(sync.signedOut());
      throw error;
    }
  }

  return {
    ...handlers,
    async getAuthState(payload, role) {
      const state = await handlers.getAuthState(payload, role);
      await quietly(sync.noteSignedIn(state.signedIn));
      return state;
    },
    async signIn(payload, role) {
      const state = await handlers.signIn(payload, role);
      await quietly(sync.refresh());
      return state;
    },
    async signOut(payload, role) {
      try {
        return await handlers.signOut(payload, role);
      } finally {
        await quietly(sync.signedOut());
      }
    },
    async setCurrentCart(payload, role) {
      const choice = await handlers.setCurrentCart(payload, role);
      await quietly(sync.refresh({ owned: false }));
      return choice;
    },
    async cartSummary(payload, role) {
      const summary = await watched(handlers.cartSummary(payload, role));
      await quietly(sync.counted(payload, summary));
      return summary;
    },
    async viewCart(payload, role) {
      const view = await watched(handlers.viewCart(payload, role));
      await quietly(sync.cartRead(payload, view.cart.items, view.cart));
      return view;
    },
    async addToCart(payload, role) {
      const result = await watched(handlers.addToCart(payload, role));
      await quietly(sync.added(payload, payload.items, result));
      return result;
    },
    async setItemFormats(payload, role) {
      const result = await watched(handlers.setItemFormats(payload, role));
      await quietly(sync.formatsSet(payload, payload.items, result));
      return result;
    },
    async setCartFormat(payload, role) {
      const result = await watched(handlers.setCartFormat(payload, role));
      await quietly(sync.cartFormatSet(payload, payload.audioFormat, result.cart));
      return result;
    },
    async removeFromCart(payload, role) {
      const result = await watched(handlers.removeFromCart(payload, role));
      await quietly(sync.removed(payload, payload.items, result.cart));
      return result;
    },
    async emptyCart(payload, role) {
      const result = await watched(handlers.emptyCart(payload, role));
      await quietly(sync.emptied(payload, result.cart));
      return result;
    },
    async promoDownload(payload, role) {
      const link = await watched(handlers.promoDownload(payload, role));
      await quietly(sync.promoDownloaded(payload.trackId));
      return link;
    },
  };
}
