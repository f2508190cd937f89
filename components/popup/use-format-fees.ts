/**
 * The catalog fees of a cart's items, for the format switcher's preview. Looked up only once a
 * preview is wanted, remembered in the popup cache (catalog fees rarely change), and asked of the
 * store at most 100 items per message.
 */
import { useEffect, useState } from 'preact/hooks';
import type { CartItem } from '../../lib/contract/wire.ts';
import { type FeeTable, itemKey } from '../../lib/popup/format-preview.ts';
import type { ItemFormatFee } from '../../lib/protocol/messages.ts';
import { send } from '../../lib/protocol/send.ts';
import { type CacheScope, popupCache } from '../../lib/storage/popup-cache.ts';

const feeKey = (key: string) => `fee:${key}`;
const perMessage = 100;

export interface FormatFees {
  fees: FeeTable;
  loading: boolean;
  /** Some fees could not be fetched; the preview stays an estimate. */
  failed: boolean;
}

export function useFormatFees(
  scope: CacheScope | null,
  items: readonly CartItem[],
  wanted: boolean,
): FormatFees {
  const [fees, setFees] = useState<Map<string, ItemFormatFee['fee']>>(() => new Map());
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const missingKeys = items
    .map(itemKey)
    .filter((key) => !fees.has(key))
    .join(',');

  useEffect(() => {
    if (!wanted || !scope || missingKeys === '') return;
    let live = true;
    const missing = items.filter((item) => !fees.has(itemKey(item)));
    const found = new Map<string, ItemFormatFee['fee']>();
    setLoading(true);
    void (async () => {
      const stored = await Promise.all(
        missing.map((item) => popupCache.get<ItemFormatFee['fee']>(scope, feeKey(itemKey(item)))),
      );
      const toAsk = missing.filter((item, index) => {
        const hit = stored[index];
        if (hit) found.set(itemKey(item), hit.value);
        return !hit;
      });
      let anyFailed = false;
      for (let start = 0; start < toAsk.length; start += perMessage) {
        const chunk = toAsk.slice(start, start + perMessage).map(({ id, type }) => ({ id, type }));
        try {
          for (const { id, type, fee } of await send('formatFees', { items: chunk })) {
            found.set(itemKey({ id, type }), fee);
            void popupCache.put(scope, feeKey(itemKey({ id, type })), fee);
          }
        } catch {
          anyFailed = true;
        }
      }
      if (!live) return;
      setFees((known) => new Map([...known, ...found]));
      setFailed(anyFailed);
      setLoading(false);
    })();
    return () => {
      live = false;
      setLoading(false);
    };
  }, [wanted, scope?.storeUrl, scope?.username, missingKeys]);

  return { fees, loading, failed };
}
