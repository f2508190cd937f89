/**
 * The background's side of the content script's cache (lib/storage/cart-state.ts): every cart change
 * the cart service (cart-service.ts) makes is applied to the cached cart, sign-in and sign-out flip
 * the signed-in flag, and a refresh reads the current cart and the download library from the store.
 * The cart can change elsewhere (the store's website, another computer): after a change, the cached
 * cart's version (lib/contract/cart-version.ts) must be the one the store answered with, or the
 * cart is read again rather than trusted (a store without versions: its count); and a store tab
 * shown asks whether the cart is still at the cached version (`check`, a conditional read). The
 * worker reads and writes these items as it keeps them (worker-storage.ts): a change costs one
 * storage write and no read.
 */

import { cartNameOf } from '../../contract/cart-name.ts';
import { keptCartVersion } from '../../contract/cart-version.ts';
import { type ItemKey, itemKey } from '../../contract/item-key.ts';
import type { CartItem, CartSummary, CartWarning, ItemType } from '../../contract/wire.ts';
import { StoreError } from '../../protocol/store-error.ts';
import {
  type CartState,
  type CartStateByStore,
  signedOutState,
  storeEntry,
} from '../../storage/cart-state.ts';
import { cartStateItem, currentCartSetting, storeUrlSetting } from '../../storage/items.ts';
import { keepSoldFormats } from '../../storage/sold-formats.ts';
import type { ApiClient, CartView } from '../api-client.ts';
import type { WorkerStorage } from '../worker-storage.ts';
import { ownedItems } from './owned-items.ts';

/** Where the pages' cart state and the settings it depends on are read: the worker's kept items, or storage. */
export type CartStateSources = Pick<WorkerStorage, 'storeUrl' | 'currentCart' | 'cartState'>;
const fromStorage: CartStateSources = {
  storeUrl: storeUrlSetting,
  currentCart: currentCartSetting,
  cartState: cartStateItem,
};

export interface CartStateWriterOptions {
  api(): Promise<ApiClient>;
  signedIn(): Promise<boolean>;
  stored: CartStateSources;
}

type Cart = CartState['cart'];
type Formatted = Pick<CartItem, 'id' | 'type' | 'audioFormat'>;
/** A cart change as the cached cart sees it: the cart before, the cart after. */
export type CartChange = (cart: Cart) => Cart;

const cartOf = (items: Formatted[]): Cart =>
  Object.fromEntries(items.map((item) => [itemKey({ type: item.type, id: item.id }), item.audioFormat]));
const keysWarned = (warnings: CartWarning[], code: CartWarning['code']): Set<ItemKey> =>
  new Set(
    warnings.filter((warning) => warning.code === code).map((w) => itemKey({ type: w.type, id: w.id })),
  );

/** Each cart change of the store's API, applied to the cached cart. */
export const cartChanges = {
  read:
    (items: Formatted[]): CartChange =>
    () =>
      cartOf(items),
  counted: (): CartChange => (cart) => cart,
  added:
    (requested: Formatted[], result: { added: CartItem[]; warnings: CartWarning[] }): CartChange =>
    (cart) => {
      const alreadyInCart = keysWarned(result.warnings, 'alreadyInCart');
      // An item already in the cart is kept once, in the requested format (contract.md section 4).
      for (const item of requested) {
        const key = itemKey({ type: item.type, id: item.id });
        if (alreadyInCart.has(key)) cart[key] = item.audioFormat;
      }
      return { ...cart, ...cartOf(result.added) };
    },
  formatsSet:
    (requested: Formatted[], warnings: CartWarning[]): CartChange =>
    (cart) => {
      const notInCart = keysWarned(warnings, 'notInCart');
      for (const item of requested) {
        const key = itemKey({ type: item.type, id: item.id });
        if (!notInCart.has(key)) cart[key] = item.audioFormat;
      }
      return cart;
    },
  cartFormatSet:
    (format: CartItem['audioFormat']): CartChange =>
    (cart) =>
      Object.fromEntries(Object.keys(cart).map((key) => [key, format])),
  removed:
    (items: Pick<CartItem, 'id' | 'type'>[]): CartChange =>
    (cart) => {
      for (const item of items) delete cart[itemKey({ type: item.type, id: item.id })];
      return cart;
    },
  emptied: (): CartChange => () => ({}),
};

/** An update of the pages' cart state, made in the worker's kept copy: storage has it once `written` resolves. */
interface Applied {
  /** Whether the cart now equals the store's as it answered (true when nothing to compare). */
  consistent: boolean;
  written: Promise<void>;
}

/** What the store said of the cart after a change: its count, and its version when it keeps versions. */
export interface CartAfter {
  items: number;
  version?: string;
}

/** Whether the cached cart is the store's cart `after` describes: the same version, or without versions the same size. */
async function matches(cart: Cart, after: CartAfter): Promise<boolean> {
  if (after.version !== undefined) return (await keptCartVersion(cart)) === after.version;
  return Object.keys(cart).length === after.items;
}

/**
 * Changes the configured store's entry for the current cart, one change at a time (read-modify-write
 * in one worker, so two quick changes cannot lose one). `change` returns the new entry. With
 * `onlyCart`, nothing changes unless that is the current cart. The next change starts once this one
 * is in the worker's kept copy (worker-storage.ts), without waiting for storage to confirm it.
 */
function serialUpdates(stored: CartStateSources) {
  let queue: Promise<unknown> = Promise.resolve();
  return (change: (state: CartState) => CartState, after?: CartAfter, onlyCart?: string) => {
    const run = queue.then(async (): Promise<Applied> => {
      const unchanged = { consistent: true, written: Promise.resolve() };
      const [storeUrl, cartName, all] = await Promise.all([
        stored.storeUrl.getValue(),
        stored.currentCart.getValue(),
        stored.cartState.getValue(),
      ]);
      if (onlyCart !== undefined && onlyCart !== cartName) return unchanged;
      const entry = storeEntry(all, storeUrl) ?? signedOutState(cartName);
      // Items (and the version) of another cart say nothing about this one.
      const { cartVersion: _, ...other } = entry;
      const next = change(entry.cartName === cartName ? entry : { ...other, cartName, cart: {} });
      let consistent = true;
      if (after !== undefined) {
        consistent = await matches(next.cart, after);
        // The version is kept only with the items it describes; unknown until the cart is read again.
        delete next.cartVersion;
        if (after.version !== undefined && consistent) next.cartVersion = after.version;
      }
      // Only the configured store is kept: entries of a store no longer used would only go stale.
      const value: CartStateByStore = { [storeUrl]: next };
      return { consistent, written: stored.cartState.setValue(value) };
    });
    queue = run.catch(() => undefined);
    return run;
  };
}

/**
 * What the pages' cart state holds for the configured store: the owned tracks, and the current
 * cart's lines when `name` names the current cart and someone is signed in (else null: not kept).
 */
export async function keptCart(
  name?: string,
  stored: CartStateSources = fromStorage,
): Promise<{
  ownedTracks: ReadonlySet<number>;
  lines: { type: ItemType; id: number }[] | null;
  /** The store's version of the kept lines, when known. */
  version?: string;
}> {
  const [storeUrl, current, all] = await Promise.all([
    stored.storeUrl.getValue(),
    stored.currentCart.getValue(),
    stored.cartState.getValue(),
  ]);
  const kept = storeEntry(all, storeUrl);
  const ownedTracks = new Set(kept?.ownedTracks);
  if (!kept?.signedIn || kept.cartName !== (name ?? current)) return { ownedTracks, lines: null };
  const lines = Object.keys(kept.cart).map((key) => {
    const [type, id] = key.split(':');
    return { type: type as ItemType, id: Number(id) };
  });
  return { ownedTracks, lines, ...(kept.cartVersion === undefined ? {} : { version: kept.cartVersion }) };
}

/** The tracks the pages show as owned, for the configured store. */
export const ownedTracks = async (): Promise<ReadonlySet<number>> => (await keptCart()).ownedTracks;

type Update = (change: (state: CartState) => CartState) => Promise<void>;

/** What the store says of the current cart and the library, kept in the cache. */
function storeReads({ api, stored }: CartStateWriterOptions, update: Update) {
  /** The cart as the store showed it; true when it no longer holds an item the cache had (bought elsewhere?). */
  async function keepRead({ cart, version, audioFormats }: CartView): Promise<boolean> {
    await keepSoldFormats(await stored.storeUrl.getValue(), audioFormats);
    let lost = false;
    await update((state) => {
      const read = cartOf(cart.items);
      lost = Object.keys(state.cart).some((key) => !(key in read));
      const { cartVersion: _, ...rest } = state;
      return {
        ...rest,
        signedIn: true,
        cart: read,
        ...(version === undefined ? {} : { cartVersion: version }),
      };
    });
    return lost;
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

  return {
    refreshOwned,
    refreshCart: async (): Promise<void> =>
      void (await keepRead(await (await api()).viewCart({ name: await stored.currentCart.getValue() }))),

    /**
     * Whether the cart changed elsewhere: a conditional read against the cached version (a 304 when
     * not), the whole cart read without one. A cart that lost items may have been checked out on
     * another computer: the library is read again too. Resolves with the cart's size when it was
     * read, nothing when it had not changed.
     */
    async checkCart(): Promise<number | undefined> {
      const [storeUrl, name, all] = await Promise.all([
        stored.storeUrl.getValue(),
        stored.currentCart.getValue(),
        stored.cartState.getValue(),
      ]);
      const kept = storeEntry(all, storeUrl);
      const version = kept?.signedIn && kept.cartName === name ? kept.cartVersion : undefined;
      const client = await api();
      const read =
        version === undefined
          ? await client.viewCart({ name })
          : await client.viewCartIfChanged({ name }, version);
      if (!read) return undefined;
      if (await keepRead(read)) await refreshOwned();
      return read.cart.counts.items;
    },
  };
}

export function createCartStateWriter(options: CartStateWriterOptions) {
  const { signedIn, stored } = options;
  const apply = serialUpdates(stored);
  const update = async (change: (state: CartState) => CartState) => (await apply(change)).written;
  const addOwned = (tracks: number[], releases: number[] = []) =>
    update((state) => ({
      ...state,
      ownedTracks: [...new Set([...state.ownedTracks, ...tracks])],
      ownedReleases: [...new Set([...state.ownedReleases, ...releases])],
    }));
  const { refreshCart, refreshOwned, checkCart } = storeReads(options, update);
  /** A store read; a store that ended the session leaves the cache signed out. */
  async function signedInRead<T>(read: () => Promise<T>): Promise<T | undefined> {
    if (!(await signedIn())) {
      await cache.signedOut();
      return undefined;
    }
    try {
      return await read();
    } catch (error) {
      if (!(error instanceof StoreError && error.kind === 'signedOut')) throw error;
      await cache.signedOut();
      return undefined;
    }
  }

  const cache = {
    /** Reads the current cart and, unless told otherwise, the library; signed out: clears both. */
    refresh: async ({ owned = true }: { owned?: boolean } = {}): Promise<void> =>
      void (await signedInRead(() => Promise.all([refreshCart(), owned ? refreshOwned() : undefined]))),

    signedOut: async (): Promise<void> => {
      await update((state) => signedOutState(state.cartName));
    },

    /** Whether the cart changed elsewhere (storeReads, checkCart): its size when it did. */
    check: (): Promise<number | undefined> => signedInRead(checkCart),

    /** What the popup learned about the session; a change of it re-reads or clears the cache. */
    async noteSignedIn(isSignedIn: boolean): Promise<void> {
      const [storeUrl, all] = await Promise.all([stored.storeUrl.getValue(), stored.cartState.getValue()]);
      if ((storeEntry(all, storeUrl)?.signedIn ?? false) !== isSignedIn) await cache.refresh();
    },

    /** A new store: nothing cached belongs to it. */
    clear: () => stored.cartState.removeValue(),

    /**
     * A change of the cart `target` names (only the current cart is cached); a cart that does not
     * come out at the store's version (or count) is read again. Resolves once the worker's kept
     * copy has it; `written` once storage (and with it every store tab) has it, or the cart was
     * read again.
     */
    async changed(
      target: { name?: string },
      summary: CartSummary,
      change: CartChange,
      version?: string,
    ): Promise<Applied> {
      const { consistent, written } = await apply(
        (state) => ({ ...state, signedIn: true, cart: change({ ...state.cart }) }),
        { items: summary.counts.items, ...(version === undefined ? {} : { version }) },
        cartNameOf(target),
      );
      return { consistent, written: consistent ? written : written.then(refreshCart) };
    },

    /** The store knows of a purchase the cache has not seen yet (a checkout since the last sync). */
    async ownedWarned(warnings: CartWarning[]): Promise<void> {
      const owned = warnings.filter((warning) => warning.code === 'alreadyPurchased');
      if (owned.length === 0) return;
      const ids = (type: ItemType) => owned.filter((warning) => warning.type === type).map((w) => w.id);
      await addOwned(ids('track'), ids('release'));
    },

    /** A promotional track now sits in the library. */
    promoDownloaded: (trackId: number) => addOwned([trackId]),
  };
  return cache;
}

export type CartStateWriter = ReturnType<typeof createCartStateWriter>;
