/** What the cart tab shows of a cart: its counts in words and the items the track view leaves. */
import { i18n } from '#i18n';
import { itemKey } from '../../contract/item-key.ts';
import type { CartItem } from '../../contract/wire.ts';
import { plural } from '../../i18n/plural.ts';
import type { CatalogFacts } from '../../protocol/messages.ts';
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
): readonly CartItem[] =>
  isAllTracks(trackView) ? items : viewTracks(items, (item) => facts.get(itemKey(item)) ?? {}, trackView);
