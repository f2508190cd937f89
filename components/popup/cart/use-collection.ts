/**
 * The DJ's imported collection as the cart tab asks it: which source holds a recording. The
 * compact index the pages read (collectionIndex), decoded once per import, not once per row.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { CollectionSourceOf } from '../../../lib/popup/cart-overlap.ts';
import { type CollectionIndex, collectionLookup } from '../../../lib/storage/collection-index.ts';
import { collectionIndexItem } from '../../../lib/storage/items.ts';

export function useCollectionSource(): CollectionSourceOf {
  const [index, setIndex] = useState<CollectionIndex | null>(null);
  useEffect(() => {
    void collectionIndexItem.getValue().then(setIndex);
    return collectionIndexItem.watch(setIndex);
  }, []);
  return useMemo(() => collectionLookup(index), [index]);
}
