/**
 * What the popup paints before any message reaches the background: the last known account, the
 * current cart's name and that cart, all from local storage and the popup cache. Reading them
 * before the first render means the first paint already shows the cart.
 */
import type { z } from 'zod';
import type { AuthState, CartView } from '../protocol/messages.ts';
import { storeEntry } from '../storage/cart-state.ts';
import { cartNamesSetting, cartStateItem, currentCartSetting, storeUrlSetting } from '../storage/items.ts';
import { type Cached, type CacheScope, popupCache } from '../storage/popup-cache.ts';

export type CartViewValue = z.infer<typeof CartView>;

export interface PopupSnapshot {
  auth: AuthState | null;
  /**
   * With no account kept (the popup cache cleared or evicted): whether the pages' cart state, which
   * the worker keeps in storage.local, says someone is signed in. The popup then keeps the cart
   * picker's line while it asks, so the account's answer moves nothing (bench/popup.ts, cold).
   */
  signedInLikely: boolean;
  currentCart: string;
  cartNames: string[];
  cart?: Cached<CartViewValue>;
}

export const authCacheKey = 'auth';
export const cartCacheKey = (name: string) => `cart:${name}`;

/** Whose data the popup shows: nobody's until someone is signed in. */
export function scopeOf(auth: AuthState | null): CacheScope | null {
  return auth?.signedIn && auth.username ? { storeUrl: auth.storeUrl, username: auth.username } : null;
}

/**
 * The cart last shown, with whose and which cart it is, under one key: the snapshot then takes
 * one round of reads (all at once) instead of reading the account before knowing the cart's key.
 */
interface ShownCart {
  storeUrl: string;
  username: string;
  name: string;
  cart: Cached<CartViewValue>;
}
const shownCartKey = 'shown-cart';

export async function loadPopupSnapshot(): Promise<PopupSnapshot> {
  const [auth, shown, currentCart, cartNames] = await Promise.all([
    popupCache.get<AuthState>(null, authCacheKey),
    popupCache.get<ShownCart>(null, shownCartKey),
    currentCartSetting.getValue(),
    cartNamesSetting.getValue(),
  ]);
  const scope = scopeOf(auth?.value ?? null);
  // Read only when nothing is kept: a warm opening reads no more than before.
  const signedInLikely = auth ? false : await pagesSaySignedIn();
  const last = shown?.value;
  const current =
    scope &&
    last?.storeUrl === scope.storeUrl &&
    last.username === scope.username &&
    last.name === currentCart;
  return {
    auth: auth?.value ?? null,
    signedInLikely,
    currentCart,
    cartNames,
    cart: current ? last.cart : undefined,
  };
}

async function pagesSaySignedIn(): Promise<boolean> {
  const [storeUrl, cartState] = await Promise.all([storeUrlSetting.getValue(), cartStateItem.getValue()]);
  return storeEntry(cartState, storeUrl)?.signedIn === true;
}

/** Remembers the cart on screen for the next popup's first paint. */
export function rememberShownCart(
  scope: CacheScope,
  name: string,
  cart: Cached<CartViewValue>,
): Promise<void> {
  return popupCache.put<ShownCart>(null, shownCartKey, { ...scope, name, cart });
}

/** Remembers the account for the next paint; a store problem is news only when it is current. */
export function rememberAuth(auth: AuthState): Promise<void> {
  return popupCache.put(null, authCacheKey, { ...auth, storeProblem: null, notice: null });
}
