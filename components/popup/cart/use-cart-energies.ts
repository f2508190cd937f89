/**
 * The energies (1 to 10) of a cart's tracks, from the store's analyses, asked only while the cart
 * is shown as a set (the one view that uses them), in messages of 100 tracks; a track the store
 * has no analysis of, or one made before energy was measured, has none.
 */
import { useEffect, useState } from 'preact/hooks';
import type { CartItem } from '../../../lib/contract/wire.ts';
import { send } from '../../../lib/protocol/send.ts';

const perMessage = 100;

export function useCartEnergies(items: readonly CartItem[], wanted: boolean): ReadonlyMap<number, number> {
  const [energies, setEnergies] = useState<ReadonlyMap<number, number>>(() => new Map());
  const missing = items
    .filter((item) => item.type === 'track' && !energies.has(item.id))
    .map((item) => item.id)
    .join(',');

  useEffect(() => {
    if (!wanted || missing === '') return;
    let live = true;
    const ids = missing.split(',').map(Number);
    void (async () => {
      for (let start = 0; start < ids.length && live; start += perMessage) {
        try {
          const answered = await send('trackAnalyses', { ids: ids.slice(start, start + perMessage) });
          const found = answered.flatMap(({ id, analysis }) =>
            analysis.energy ? [[id, analysis.energy.level] as const] : [],
          );
          if (live && found.length > 0) setEnergies((known) => new Map([...known, ...found]));
        } catch {
          // The set is ordered without energies until the popup opens again.
          return;
        }
      }
    })();
    return () => {
      live = false;
    };
  }, [wanted, missing]);
  return energies;
}
