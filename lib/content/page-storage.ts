/**
 * What the content script reads from storage.local: the store, the default format, the current
 * cart and the pages' cart state. It reads the keys of the WXT storage items (lib/storage/items.ts)
 * directly: WXT's storage module would be a sixth of the content script, which must stay small.
 * test/unit/lib/content/page-storage.test.ts checks keys and fallbacks against the items themselves.
 */
import { browser } from 'wxt/browser';
import { isAudioFormat } from '../contract/audio-formats.ts';
import { defaultCartName } from '../contract/cart-name.ts';
import { type KeyNotation, keyNotations } from '../contract/musical-key.ts';
import type { AudioFormat } from '../contract/wire.ts';
import { type CartStateByStore, cartStateKey } from '../storage/cart-state.ts';
import type { CollectionIndex } from '../storage/collection-index.ts';
import { defaultStoreUrl } from '../storage/default-store-url.ts';
import { moneyPatternsKey } from '../storage/money-patterns.ts';
import { pageWordsKey } from '../storage/page-words.ts';

export const pageStorageKeys = {
  storeUrl: 'storeUrl',
  defaultFormat: 'defaultAudioFormat',
  currentCart: 'currentCart',
  cartState: cartStateKey,
  keyNotation: 'keyNotation',
  collection: 'collectionIndex',
  hideWhatYouHave: 'hideWhatYouHave',
} as const;

/** The settings items' fallbacks. */
export const pageStorageFallbacks = {
  storeUrl: defaultStoreUrl,
  defaultFormat: 'mp3' as AudioFormat,
  currentCart: defaultCartName,
  keyNotation: 'musical' as KeyNotation,
};

export interface PageStorage {
  storeUrl: string;
  defaultFormat: AudioFormat;
  currentCart: string;
  cartState: CartStateByStore | null;
  keyNotation: KeyNotation;
  /** The DJ's collection's compact index (collection-index.ts); null when none was imported. */
  collection: CollectionIndex | null;
  /** The page filter hides what the DJ has (page-filter.ts). */
  hideWhatYouHave: boolean;
  /** How prices were written before, unchecked (page-prices.ts checks them); read, not watched. */
  moneyPatterns: unknown;
  /** The words of earlier pages, unchecked (page-i18n.ts checks them); read, not watched. */
  pageWords: unknown;
}

type Raw = Partial<Record<string, unknown>>;
const text = (value: unknown, fallback: string) => (typeof value === 'string' && value ? value : fallback);

const collectionOf = (value: unknown): CollectionIndex | null =>
  typeof value === 'object' && value !== null && Array.isArray((value as CollectionIndex).sources)
    ? (value as CollectionIndex)
    : null;

function fromRaw(raw: Raw): PageStorage {
  const format = raw[pageStorageKeys.defaultFormat];
  const cartState = raw[pageStorageKeys.cartState];
  const notation = keyNotations.find((known) => known === raw[pageStorageKeys.keyNotation]);
  return {
    storeUrl: text(raw[pageStorageKeys.storeUrl], pageStorageFallbacks.storeUrl),
    defaultFormat: isAudioFormat(format) ? (format as AudioFormat) : pageStorageFallbacks.defaultFormat,
    currentCart: text(raw[pageStorageKeys.currentCart], pageStorageFallbacks.currentCart),
    cartState: typeof cartState === 'object' ? (cartState as CartStateByStore | null) : null,
    keyNotation: notation ?? pageStorageFallbacks.keyNotation,
    collection: collectionOf(raw[pageStorageKeys.collection]),
    hideWhatYouHave: raw[pageStorageKeys.hideWhatYouHave] === true,
    moneyPatterns: raw[moneyPatternsKey],
    pageWords: raw[pageWordsKey],
  };
}

/** What the page last read, kept current by watchPageStorage's changes; trusted only while one watches. */
let known: Raw | undefined;
let watchers = 0;

export async function readPageStorage(): Promise<PageStorage> {
  const keys = [...Object.values(pageStorageKeys), moneyPatternsKey, pageWordsKey];
  const raw: Raw = await browser.storage.local.get(keys);
  known = raw;
  return fromRaw(raw);
}

/** The values as the page knows them (read once, then changed by what storage.onChanged says). */
export const knownPageStorage = (): Promise<PageStorage> =>
  known && watchers > 0 ? Promise.resolve(fromRaw(known)) : readPageStorage();

/**
 * Calls `listener` with the new values after a change to any of the keys, until `signal` aborts.
 * A change carries its new value: it is applied to what the page knows, and nothing is read again
 * (a store tab would otherwise read every key, the collection's index included, on every click).
 */
export function watchPageStorage(
  listener: (values: PageStorage) => void,
  { signal }: { signal: AbortSignal },
): void {
  const keys: string[] = Object.values(pageStorageKeys);
  const changed = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    const ours = Object.keys(changes).filter((key) => keys.includes(key));
    if (area !== 'local' || ours.length === 0) return;
    if (!known) return void readPageStorage().then(listener);
    known = { ...known };
    for (const key of ours) known[key] = changes[key]?.newValue;
    listener(fromRaw(known));
  };
  browser.storage.onChanged.addListener(changed);
  watchers++;
  signal.addEventListener('abort', () => {
    browser.storage.onChanged.removeListener(changed);
    if (--watchers === 0) known = undefined;
  });
}
