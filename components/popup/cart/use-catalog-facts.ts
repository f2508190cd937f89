/**
 * The catalog facts of a cart's items (artwork, BPM, key, sample, a release's tracks): the cart
 * does not carry them. Read from the popup cache first (catalog facts rarely change), and what is
 * missing asked of the background in batches of 100 items per message, never one per row. The cart
 * rows and the format switcher's preview (their fees) read the same facts.
 */
import { useEffect, useState } from 'preact/hooks';
import { itemKey } from '../../../lib/contract/item-key.ts';
import type { CartItem } from '../../../lib/contract/wire.ts';
import type { CatalogFacts } from '../../../lib/protocol/messages.ts';
import { send } from '../../../lib/protocol/send.ts';
import { type CacheScope, popupCache } from '../../../lib/storage/popup-cache.ts';

const factsKey = (key: string) => `facts:${key}`;
const perMessage = 100;

export interface CartCatalogFacts {
  facts: ReadonlyMap<string, CatalogFacts>;
  /** Some items' facts could not be fetched: their rows and fees stay unknown until the next open. */
  failed: boolean;
}

export function useCatalogFacts(scope: CacheScope | null, items: readonly CartItem[]): CartCatalogFacts {
  const [facts, setFacts] = useState<ReadonlyMap<string, CatalogFacts>>(() => new Map());
  const [failed, setFailed] = useState(false);
  const missingKeys = items
    .map(itemKey)
    .filter((key) => !facts.has(key))
    .join(',');

  useEffect(() => {
    if (!scope || missingKeys === '') return;
    let live = true;
    const missing = items.filter((item) => !facts.has(itemKey(item)));
    void (async () => {
      const found = new Map<string, CatalogFacts>();
      const stored = await Promise.all(
        missing.map((item) => popupCache.get<CatalogFacts>(scope, factsKey(itemKey(item)))),
      );
      const toAsk = missing.filter((item, index) => {
        // A track's facts cached before they named its recording are asked again, once.
        const hit = item.type === 'track' && !stored[index]?.value.recording ? undefined : stored[index];
        if (hit) found.set(itemKey(item), hit.value);
        return !hit;
      });
      // What the cache had shows at once; the store's answers follow.
      if (live && found.size > 0) setFacts((known) => new Map([...known, ...found]));
      for (let start = 0; start < toAsk.length && live; start += perMessage) {
        const chunk = toAsk.slice(start, start + perMessage).map(({ id, type }) => ({ id, type }));
        try {
          const answered = await send('catalogFacts', { items: chunk });
          for (const each of answered) void popupCache.put(scope, factsKey(itemKey(each)), each);
          if (live)
            setFacts(
              (known) => new Map([...known, ...answered.map((each) => [itemKey(each), each] as const)]),
            );
        } catch {
          // Rows without facts show no artwork and no BPM / key; the next open asks again.
          if (live) setFailed(true);
        }
      }
    })();
    return () => {
      live = false;
    };
  }, [scope?.storeUrl, scope?.username, missingKeys]);

  return { facts, failed };
}
