/**
 * Stale-while-revalidate for one popup resource: show the last known value from the popup cache at
 * once, ask the store, then replace it in place. Errors keep the stale value on screen.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { type StoreErrorData, toStoreErrorData } from '../../../lib/protocol/store-error.ts';
import { type Cached, type CacheScope, popupCache } from '../../../lib/storage/popup-cache.ts';

export interface CachedResource<T> {
  cached: Cached<T> | undefined;
  refreshing: boolean;
  error: StoreErrorData | null;
  refresh(): Promise<void>;
  /** Changes the shown value at once (an optimistic edit) and remembers it. */
  update(change: (value: T) => T): void;
}

export interface ResourceOptions<T> {
  /** Null while it is not known whose data this is (no one signed in): nothing loads. */
  scope: CacheScope | null;
  key: string;
  load: () => Promise<T>;
  /** Read before the first paint (see popup-snapshot.ts), so the cache is not read twice. */
  initial?: Cached<T>;
  /**
   * Keep showing the last key's value until the new key has one (paging through a list), instead
   * of clearing it (another cart must never show the last cart's items).
   */
  keepPrevious?: boolean;
}

export function useCachedResource<T>({
  scope,
  key,
  load,
  initial,
  keepPrevious = false,
}: ResourceOptions<T>): CachedResource<T> {
  const [cached, setCached] = useState<Cached<T> | undefined>(initial);
  const [refreshing, setRefreshing] = useState(scope !== null);
  const [error, setError] = useState<StoreErrorData | null>(null);
  // Answers that arrive after the key changed (another cart, another user) are dropped.
  const generation = useRef(0);
  /** The generation the store last answered. */
  const answered = useRef(-1);
  const loadRef = useRef(load);
  loadRef.current = load;
  const scopeId = scope ? `${scope.storeUrl}\n${scope.username}` : null;
  const scopeRef = useRef(scope);
  scopeRef.current = scope;
  // The snapshot belongs to the first scope and key only.
  const initialKey = useRef(`${scopeId}\n${key}`);

  const refresh = useCallback(async () => {
    const mine = ++generation.current;
    const currentScope = scopeRef.current;
    if (!currentScope) return;
    setRefreshing(true);
    try {
      const value = await loadRef.current();
      if (mine !== generation.current) return;
      const fresh = { value, savedAt: Date.now() };
      answered.current = mine;
      setCached(fresh);
      setError(null);
      await popupCache.put(currentScope, key, value, fresh.savedAt);
    } catch (caught) {
      if (mine === generation.current) setError(toStoreErrorData(caught));
    } finally {
      if (mine === generation.current) setRefreshing(false);
    }
  }, [key]);

  useEffect(() => {
    if (!scope) {
      generation.current++;
      setCached(undefined);
      setRefreshing(false);
      return;
    }
    const mine = generation.current + 1;
    const usable = initial && initialKey.current === `${scopeId}\n${key}`;
    initialKey.current = '';
    if (!usable) {
      if (!keepPrevious) setCached(undefined);
      void popupCache.get<T>(scope, key).then((stored) => {
        // Only when the store has not answered first.
        if (stored && mine === generation.current && answered.current !== mine) setCached(stored);
      });
    }
    setError(null);
    void refresh();
  }, [scopeId, key, refresh]);

  const update = useCallback(
    (change: (value: T) => T) => {
      setCached((shown) => {
        if (!shown) return shown;
        const next = { value: change(shown.value), savedAt: shown.savedAt };
        if (scopeRef.current) void popupCache.put(scopeRef.current, key, next.value, next.savedAt);
        return next;
      });
    },
    [key],
  );

  return { cached, refreshing, error, refresh, update };
}
