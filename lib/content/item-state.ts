/**
 * What the page knows about every item, from the cache the background keeps (lib/cart-state.ts)
 * and two settings: read from storage once, then watched. Controls subscribe and re-render only
 * when their own item's status changes.
 */

import { cartStateItem, formatNames, itemKey, type StoreCartState, storeEntry } from '../cart-state.ts';
import type { CatalogItemRef } from '../catalog-url.ts';
import { defaultAudioFormatSetting } from '../settings.ts';
import type { AudioFormat } from '../wire.ts';

export interface PageState {
  cache: StoreCartState | null;
  defaultFormat: AudioFormat;
}

export interface ItemStatus {
  signedIn: boolean;
  /** The format the item is in the current cart as, or null when it is not in it. */
  inCart: AudioFormat | null;
  owned: boolean;
  defaultFormat: AudioFormat;
}

export const sameStatus = (a: ItemStatus, b: ItemStatus): boolean =>
  a.signedIn === b.signedIn &&
  a.inCart === b.inCart &&
  a.owned === b.owned &&
  a.defaultFormat === b.defaultFormat;

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
      return {
        signedIn: cache?.signedIn ?? false,
        inCart: cache?.cart[itemKey(type, id)] ?? null,
        owned: (type === 'track' ? ownedTracks : ownedReleases).has(id),
        defaultFormat: state.defaultFormat,
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

/** The page's item states, read from storage once and then kept current until `signal` aborts. */
export async function watchItemStates(storeOrigin: string, { signal }: { signal: AbortSignal }) {
  const knownFormat = (format: unknown): AudioFormat =>
    formatNames.includes(format as AudioFormat) ? (format as AudioFormat) : 'mp3';
  const [all, defaultFormat] = await Promise.all([
    cartStateItem.getValue(),
    defaultAudioFormatSetting.getValue(),
  ]);
  const states = createItemStates({
    cache: storeEntry(all, storeOrigin),
    defaultFormat: knownFormat(defaultFormat),
  });
  const unwatch = [
    cartStateItem.watch((next) => states.set({ cache: storeEntry(next, storeOrigin) })),
    defaultAudioFormatSetting.watch((next) => states.set({ defaultFormat: knownFormat(next) })),
  ];
  signal.addEventListener('abort', () => {
    for (const stop of unwatch) stop();
  });
  return states;
}
