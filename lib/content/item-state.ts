/**
 * What the page knows about every item, from the cache the background keeps (lib/storage/cart-state.ts)
 * and two settings: read from storage once, then watched. Controls subscribe and re-render only
 * when their own item's status changes.
 */

import { defaultCartName } from '../contract/cart-name.ts';
import type { CatalogItemRef } from '../contract/catalog-url.ts';
import { itemKey } from '../contract/item-key.ts';
import type { KeyNotation } from '../contract/musical-key.ts';
import type { AudioFormat } from '../contract/wire.ts';
import { type StoreCartState, storeEntry } from '../storage/cart-state.ts';
import { type PageStorage, watchPageStorage } from './page-storage.ts';

export interface PageState {
  cache: StoreCartState | null;
  defaultFormat: AudioFormat;
  /** How keys are written (items.ts, keyNotationSetting); musical when not given. */
  keyNotation?: KeyNotation;
  /** The cart adds go to (items.ts, currentCartSetting); `default` when not given. */
  currentCart?: string;
}

export interface ItemStatus {
  signedIn: boolean;
  /** The format the item is in the current cart as, or null when it is not in it. */
  inCart: AudioFormat | null;
  owned: boolean;
  /** The formats it is owned in: empty when not owned, null when owned in formats not known. */
  ownedFormats: readonly AudioFormat[] | null;
  defaultFormat: AudioFormat;
  keyNotation: KeyNotation;
  /** The crate adds go to: `default` is the store's own cart. */
  currentCart: string;
}

const noFormats: readonly AudioFormat[] = [];

export const sameStatus = (a: ItemStatus, b: ItemStatus): boolean =>
  a.signedIn === b.signedIn &&
  a.inCart === b.inCart &&
  a.owned === b.owned &&
  a.ownedFormats?.join() === b.ownedFormats?.join() &&
  a.defaultFormat === b.defaultFormat &&
  a.keyNotation === b.keyNotation &&
  a.currentCart === b.currentCart;

export interface ItemStates {
  status(ref: CatalogItemRef): ItemStatus;
  set(state: Partial<PageState>): void;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

export function createItemStates(initial: PageState): ItemStates {
  let state = initial;
  let ownedTracks = new Set(initial.cache?.ownedTracks);
  let ownedReleases = new Set(initial.cache?.ownedReleases);
  const listeners = new Set<() => void>();

  return {
    status({ type, id }) {
      const cache = state.cache;
      const key = itemKey({ type: type, id: id });
      const owned = (type === 'track' ? ownedTracks : ownedReleases).has(id);
      return {
        signedIn: cache?.signedIn ?? false,
        inCart: cache?.cart[key] ?? null,
        owned,
        ownedFormats: owned ? (cache?.ownedFormats?.[key] ?? null) : noFormats,
        defaultFormat: state.defaultFormat,
        keyNotation: state.keyNotation ?? 'musical',
        currentCart: state.currentCart ?? defaultCartName,
      };
    },
    set(change) {
      state = { ...state, ...change };
      if (change.cache !== undefined) {
        ownedTracks = new Set(state.cache?.ownedTracks);
        ownedReleases = new Set(state.cache?.ownedReleases);
      }
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The page's item states from what storage held at start, then kept current until `signal` aborts. */
export function watchItemStates(stored: PageStorage, { signal }: { signal: AbortSignal }): ItemStates {
  const pageState = (values: PageStorage): PageState => ({
    cache: storeEntry(values.cartState, values.storeUrl),
    defaultFormat: values.defaultFormat,
    keyNotation: values.keyNotation,
    currentCart: values.currentCart,
  });
  const states = createItemStates(pageState(stored));
  watchPageStorage((values) => states.set(pageState(values)), { signal });
  return states;
}
