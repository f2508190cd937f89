/** What the cart tab shows of a cart: its counts in words and the items the track view leaves. */
import { i18n } from '#i18n';
import { itemKey } from '../../contract/item-key.ts';
import type { CartItem } from '../../contract/wire.ts';
import { plural } from '../../i18n/plural.ts';
import type { CatalogFacts } from '../../protocol/messages.ts';
import { asSet } from '../../set-order/as-set.ts';
import type { EnergyShape } from '../../set-order/set-order.ts';
import type { CartViewValue } from '../popup-snapshot.ts';
import { isAllTracks, type TrackView, viewTracks } from '../track-facts.ts';

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
  energies: ReadonlyMap<number, number> = new Map(),
): readonly CartItem[] => {
  if (isAllTracks(trackView)) return items;
  if (trackView.sort !== 'set') return viewTracks(items, (item) => facts.get(itemKey(item)) ?? {}, trackView);
  return shownSet(items, facts, trackView, energies).items;
};

/** The set the view shows: the items its filters keep, ordered to be played (cartSet). */
export function shownSet(
  items: readonly CartItem[],
  facts: ReadonlyMap<string, CatalogFacts>,
  trackView: TrackView,
  energies: ReadonlyMap<number, number>,
): CartSet {
  const narrowed = viewTracks(items, (item) => facts.get(itemKey(item)) ?? {}, {
    ...trackView,
    sort: 'newest',
  });
  return cartSet(narrowed, facts, energies, trackView);
}

type CartSet = ReturnType<typeof asSet<CartItem>>;
interface SetInput {
  items: readonly CartItem[];
  facts: ReadonlyMap<string, CatalogFacts>;
  energies: ReadonlyMap<number, number>;
  shape: EnergyShape | undefined;
  first: string | undefined;
  last: string | undefined;
}
/** The last set worked out: the tab draws more often than its cart or facts change, and 200 items take 0.1 s. */
let lastSet: (SetInput & { set: CartSet }) | undefined;

/** The cart's items in the order that plays as a set, its clashes, and how many it could not place. */
export function cartSet(
  items: readonly CartItem[],
  facts: ReadonlyMap<string, CatalogFacts>,
  energies: ReadonlyMap<number, number>,
  { shape, first, last }: Pick<TrackView, 'shape' | 'first' | 'last'>,
): CartSet {
  const same =
    lastSet?.facts === facts &&
    lastSet.energies === energies &&
    lastSet.shape === shape &&
    lastSet.first === first &&
    lastSet.last === last &&
    lastSet.items.length === items.length &&
    lastSet.items.every((item, i) => item === items[i]);
  if (!same || !lastSet) {
    const factsOf = (item: CartItem) => ({
      ...facts.get(itemKey(item)),
      energy: item.type === 'track' ? energies.get(item.id) : undefined,
    });
    const pinned = (key: string | undefined) => items.find((item) => itemKey(item) === key);
    const pins = { first: pinned(first), last: pinned(last) };
    lastSet = { items, facts, energies, shape, first, last, set: asSet(items, factsOf, shape, pins) };
  }
  return lastSet.set;
}
