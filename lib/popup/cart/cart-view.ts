/** What the cart tab shows of a cart: its counts in words and the items the track view leaves. */
import { i18n } from '#i18n';
import { itemKey } from '../../contract/item-key.ts';
import type { CartItem } from '../../contract/wire.ts';
import { plural } from '../../i18n/plural.ts';
import type { CatalogFacts } from '../../protocol/messages.ts';
import type { CartViewValue } from '../popup-snapshot.ts';
import { asSet, isAllTracks, type TrackView, viewTracks } from '../track-facts.ts';

/** "3 items: 2 tracks, 1 release". */
export function countsText(counts: CartViewValue['cart']['counts']): string {
  return i18n.t('popup.cart.counts', [
    plural('popup.cart.items', counts.items),
    plural('popup.cart.tracks', counts.tracks),
    plural('popup.cart.releases', counts.releases),
  ]);
}

/**
 * The items in the cart's order, or sorted and narrowed by the track view; an item whose catalog
 * facts are not known yet has no tempo or key, so a BPM or key filter leaves it out.
 */
export const shownItems = (
  items: readonly CartItem[],
  facts: ReadonlyMap<string, CatalogFacts>,
  trackView: TrackView,
): readonly CartItem[] => {
  if (isAllTracks(trackView)) return items;
  if (trackView.sort !== 'set') return viewTracks(items, (item) => facts.get(itemKey(item)) ?? {}, trackView);
  return cartSet(
    viewTracks(items, (item) => facts.get(itemKey(item)) ?? {}, { ...trackView, sort: 'newest' }),
    facts,
  ).items;
};

type CartSet = ReturnType<typeof asSet<CartItem>>;
/** The last set worked out: the tab draws more often than its cart or facts change, and 200 items take 0.1 s. */
let lastSet:
  | { items: readonly CartItem[]; facts: ReadonlyMap<string, CatalogFacts>; set: CartSet }
  | undefined;

/** The cart's items in the order that plays as a set, its clashes, and how many it could not place. */
export function cartSet(items: readonly CartItem[], facts: ReadonlyMap<string, CatalogFacts>): CartSet {
  const same =
    lastSet?.facts === facts &&
    lastSet.items.length === items.length &&
    lastSet.items.every((item, i) => item === items[i]);
  if (!same || !lastSet)
    lastSet = { items, facts, set: asSet(items, (item) => facts.get(itemKey(item)) ?? {}) };
  return lastSet.set;
}
