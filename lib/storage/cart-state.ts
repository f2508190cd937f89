/**
 * The non-secret cache the content script reads instead of waking the background: per store
 * origin, whether someone is signed in, the current cart's items with their formats and the ids
 * of owned tracks and releases. The background keeps it current (lib/background/cart/cart-state-writer.ts); no
 * token or anything else the store would not show on its own pages goes here.
 *
 * The content script imports this file, so it stays free of zod: its guard is written by hand.
 */
import { type AudioFormat, isAudioFormat } from '../contract/audio-formats.ts';
import type { ItemKey } from '../contract/item-key.ts';

export interface CartState {
  signedIn: boolean;
  /** The current cart (items.ts, currentCartSetting) these items belong to. */
  cartName: string;
  /** The current cart's items and the format each is in. */
  cart: Partial<Record<ItemKey, AudioFormat>>;
  /**
   * The store's version of the cart (lib/contract/cart-version.ts) these items are known to equal;
   * absent when not known (a store without versions, an entry written before them).
   */
  cartVersion?: string;
  ownedTracks: number[];
  /** Releases all of whose tracks are in the download library. */
  ownedReleases: number[];
  /**
   * The formats each owned item is owned in (a release: those all of its tracks are owned in).
   * Absent in entries written before it, and for an item whose formats are not known yet (a
   * purchase the store reported before the library was read): such an item reads as owned in
   * formats unknown.
   */
  ownedFormats?: Partial<Record<ItemKey, AudioFormat[]>>;
}

/** Keyed by store origin, so a page of one store never shows another store's cart. */
export type CartStateByStore = Partial<Record<string, CartState>>;

/** The storage.local key, which lib/content/page-storage.ts reads directly. */
export const cartStateKey = 'cartState';

export const signedOutState = (cartName: string): CartState => ({
  signedIn: false,
  cartName,
  cart: {},
  ownedTracks: [],
  ownedReleases: [],
});

const isIdList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((id) => Number.isSafeInteger(id) && id > 0);

const isCart = (value: unknown): value is CartState['cart'] =>
  typeof value === 'object' &&
  value !== null &&
  Object.entries(value).every(
    ([key, format]) => /^(track|release):[1-9][0-9]*$/.test(key) && isAudioFormat(format),
  );

const isFormatsByItem = (value: unknown): value is CartState['ownedFormats'] =>
  value === undefined ||
  (typeof value === 'object' &&
    value !== null &&
    Object.entries(value).every(
      ([key, formats]) =>
        /^(track|release):[1-9][0-9]*$/.test(key) && Array.isArray(formats) && formats.every(isAudioFormat),
    ));

/** Fails closed: anything but a well-formed entry reads as signed out with an empty cart. */
export function isCartState(value: unknown): value is CartState {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Record<string, unknown>;
  return (
    typeof state.signedIn === 'boolean' &&
    typeof state.cartName === 'string' &&
    isCart(state.cart) &&
    (state.cartVersion === undefined || typeof state.cartVersion === 'string') &&
    isIdList(state.ownedTracks) &&
    isIdList(state.ownedReleases) &&
    isFormatsByItem(state.ownedFormats)
  );
}

/** One store's entry of a stored value, or null when there is none or it is malformed. */
export function storeEntry(all: CartStateByStore | null, origin: string): CartState | null {
  const entry = all?.[origin];
  return isCartState(entry) ? entry : null;
}
