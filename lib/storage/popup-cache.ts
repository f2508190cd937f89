/**
 * The popup's last known state, in IndexedDB, so it can paint at once and refresh afterwards
 * (stale-while-revalidate): who was signed in, carts, library pages, artist pages and item fees.
 * Nothing secret goes here: no tokens, only what the popup already showed.
 *
 * Entries are scoped to a store and a user, so another account or store never sees them; signing
 * out clears everything.
 */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

export interface Cached<T> {
  value: T;
  /** Epoch milliseconds of when the store said so. */
  savedAt: number;
}

interface PopupCacheSchema extends DBSchema {
  entries: { key: string; value: Cached<unknown> };
}

const databaseName = 'crate-popup';
let opening: Promise<IDBPDatabase<PopupCacheSchema>> | null = null;

function database(): Promise<IDBPDatabase<PopupCacheSchema>> {
  opening ??= openDB<PopupCacheSchema>(databaseName, 1, {
    upgrade(db) {
      db.createObjectStore('entries');
    },
  });
  return opening;
}

/** Whose data a key belongs to: one store, one user. */
export interface CacheScope {
  storeUrl: string;
  username: string;
}

const scoped = (scope: CacheScope, key: string) => `${scope.storeUrl}\n${scope.username}\n${key}`;

/** A cache that fails closed: an unreadable or missing IndexedDB is a miss, never an error. */
export const popupCache = {
  async get<T>(scope: CacheScope | null, key: string): Promise<Cached<T> | undefined> {
    try {
      const db = await database();
      return (await db.get('entries', scope ? scoped(scope, key) : key)) as Cached<T> | undefined;
    } catch {
      return undefined;
    }
  },

  async put<T>(scope: CacheScope | null, key: string, value: T, savedAt = Date.now()): Promise<void> {
    try {
      const db = await database();
      await db.put('entries', { value, savedAt }, scope ? scoped(scope, key) : key);
    } catch {
      // A full or blocked database only costs the next popup its instant paint.
    }
  },

  async clear(): Promise<void> {
    try {
      await (await database()).clear('entries');
    } catch {
      // Nothing cached to clear.
    }
  },
};
