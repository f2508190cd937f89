/**
 * What the page knows about every item, from the cache the background keeps (lib/storage/cart-state.ts)
 * and two settings: read from storage once, then watched. Controls subscribe and re-render only
 * when their own item's status changes.
 */

import { defaultCartName } from '../contract/cart-name.ts';
import type { CatalogItemRef } from '../contract/catalog-url.ts';
import { type ItemKey, itemKey } from '../contract/item-key.ts';
import type { KeyNotation } from '../contract/musical-key.ts';
import type { Recording } from '../contract/recording-match.ts';
import type { AudioFormat } from '../contract/wire.ts';
import { type CartState, storeEntry } from '../storage/cart-state.ts';
import { type CollectionIndex, collectionLookup } from '../storage/collection-index.ts';
import { type PageStorage, watchPageStorage } from './page-storage.ts';

export interface PageState {
  cache: CartState | null;
  defaultFormat: AudioFormat;
  /** How keys are written (items.ts, keyNotationSetting); musical when not given. */
  keyNotation?: KeyNotation;
  /** The cart adds go to (items.ts, currentCartSetting); `default` when not given. */
  currentCart?: string;
  /** The DJ's imported collection (items.ts, collectionIndexItem); none when not given. */
  collection?: CollectionIndex | null;
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
  /** The name of the collection source holding the same recording ("rekordbox"), or null. */
  inCollection: string | null;
}

const noFormats: readonly AudioFormat[] = [];

/** An item, with the recording its row names when it is a track (decorate.ts). */
export type ItemOnPage = CatalogItemRef & { recording?: Recording };

/** The keys (`track:42`) of the items a change touched, or null when it may touch every item. */
export type ChangedItems = ReadonlySet<string> | null;

export interface ItemStates {
  status(ref: ItemOnPage): ItemStatus;
  set(state: Partial<PageState>): void;
  /**
   * The item went into the cart as `format`, as an add's answer says: shown at once, while the
   * worker's write to storage (made before it answered) brings every other tab up to date and
   * changes nothing here when its event comes.
   */
  added(ref: CatalogItemRef, format: AudioFormat): void;
  /**
   * Calls `listener` after every change that touches an item, with the items it touched; returns
   * the unsubscribe function.
   */
  subscribe(listener: (changed: ChangedItems) => void): () => void;
}

/** The collection's lookup, remembered per track: a page's rows then cost a bisection each, once. */
function itemLookup(collection: CollectionIndex | null | undefined) {
  const holding = collectionLookup(collection);
  const found = new Map<string, string | null>();
  return (item: ItemOnPage): string | null => {
    if (!collection?.sources.length || item.type !== 'track' || !item.recording) return null;
    const key = itemKey(item);
    let name = found.get(key);
    if (name === undefined) {
      name = holding(item.recording);
      found.set(key, name);
    }
    return name;
  };
}

/** What is owned, the same in both (a purchase or a library read changes it; a cart change does not). */
const sameOwned = (a: CartState, b: CartState): boolean =>
  `${a.ownedTracks} ${a.ownedReleases}` === `${b.ownedTracks} ${b.ownedReleases}` &&
  JSON.stringify(a.ownedFormats) === JSON.stringify(b.ownedFormats);

/**
 * The items a new cart state touches, by key: a cart change (every store tab gets every one) is an
 * item or two, and only their controls are asked again. Null: any item may have changed.
 */
function cacheChanges(before: CartState | null, after: CartState | null): ChangedItems {
  if (before === after) return new Set();
  if (!before || !after || before.signedIn !== after.signedIn || before.cartName !== after.cartName)
    return null;
  if (!sameOwned(before, after)) return null;
  const changed = new Set<string>();
  for (const key of Object.keys({ ...before.cart, ...after.cart }))
    if (before.cart[key as ItemKey] !== after.cart[key as ItemKey]) changed.add(key);
  return changed;
}

const signature = (collection: CollectionIndex | null | undefined): string =>
  (collection?.sources ?? []).map(({ id, importedAt }) => `${id} ${importedAt}`).join('\n');

export function createItemStates(initial: PageState): ItemStates {
  let state = initial;
  let ownedTracks = new Set(initial.cache?.ownedTracks);
  let ownedReleases = new Set(initial.cache?.ownedReleases);
  let inCollection = itemLookup(initial.collection);
  let collectionSignature = signature(initial.collection);
  const listeners = new Set<(changed: ChangedItems) => void>();

  return {
    status(item) {
      const { type, id } = item;
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
        inCollection: inCollection(item),
      };
    },
    set(change) {
      const before = state;
      state = { ...state, ...change };
      let changed = change.cache !== undefined ? cacheChanges(before.cache, state.cache) : new Set<string>();
      if (changed === null) {
        ownedTracks = new Set(state.cache?.ownedTracks);
        ownedReleases = new Set(state.cache?.ownedReleases);
      }
      if (
        state.defaultFormat !== before.defaultFormat ||
        state.keyNotation !== before.keyNotation ||
        state.currentCart !== before.currentCart
      )
        changed = null;
      // Every change hands over a new collection object: decode only a changed collection.
      if (change.collection !== undefined && signature(change.collection) !== collectionSignature) {
        collectionSignature = signature(change.collection);
        inCollection = itemLookup(state.collection);
        changed = null;
      }
      if (changed?.size === 0) return;
      for (const listener of listeners) listener(changed);
    },
    added(ref, format) {
      const { cache } = state;
      if (cache?.signedIn) this.set({ cache: { ...cache, cart: { ...cache.cart, [itemKey(ref)]: format } } });
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
    collection: values.collection,
  });
  const states = createItemStates(pageState(stored));
  watchPageStorage((values) => states.set(pageState(values)), { signal });
  return states;
}
