/**
 * The cart tab's view (sort, BPM range, "harmonic with"), with "As a set", its energy shape and
 * its pinned first and last tracks kept per cart in storage: the order the DJ accepted outlives the popup, and every export and the
 * stick's playlist follow it. The filters are for a look and are not kept.
 */
import { useEffect, useState } from 'preact/hooks';
import { keptSetOrder, keptSetOrderKey } from '../../../lib/popup/cart/kept-set-order.ts';
import { allTracks, type TrackView } from '../../../lib/popup/track-facts.ts';
import { cartSetOrdersItem } from '../../../lib/storage/items.ts';

let writes: Promise<void> = Promise.resolve();

export function useCartView(storeUrl: string, cartName: string): [TrackView, (view: TrackView) => void] {
  const [view, setView] = useState<TrackView>(allTracks);
  useEffect(() => {
    let current = true;
    void keptSetOrder(storeUrl, cartName).then((kept) => {
      if (current) setView(kept ? { ...allTracks, ...kept, sort: 'set' } : allTracks);
    });
    return () => {
      current = false;
    };
  }, [storeUrl, cartName]);

  function change(next: TrackView) {
    setView(next);
    const key = keptSetOrderKey(storeUrl, cartName);
    // One write after another: two quick choices must not both read the orders before either wrote.
    writes = writes
      .then(async () => {
        const orders = await cartSetOrdersItem.getValue();
        const { [key]: _, ...others } = orders;
        await cartSetOrdersItem.setValue(
          next.sort === 'set'
            ? {
                ...others,
                [key]: {
                  shape: next.shape ?? 'build',
                  ...(next.first ? { first: next.first } : {}),
                  ...(next.last ? { last: next.last } : {}),
                },
              }
            : others,
        );
      })
      .catch(() => undefined); // storage refused: the order holds while the popup is open
  }
  return [view, change];
}
