/**
 * Adds with the overlap check (overlap.ts) first: the facts come from the store (the item's catalog
 * record, the cart) and the page cache (the owned tracks). The cart changes go through the cart
 * service, so the badge and the pages' cache follow them.
 */
import { i18n } from '#i18n';
import type { CartItemInput } from '../../contract/wire.ts';
import type { CheckedAdd, OverlapChoice } from '../../protocol/messages.ts';
import { StoreError } from '../../protocol/store-error.ts';
import { storeEntry } from '../../storage/cart-state.ts';
import { cartStateItem, storeUrlSetting } from '../../storage/items.ts';
import type { ApiClient } from '../api-client.ts';
import { releaseTrackIds } from '../catalog/release-track-ids.ts';
import type { CartCalls } from './cart-calls.ts';
import { type AddedItem, choicesFor, describeOverlap, findOverlap, planFor, safeChoice } from './overlap.ts';

async function addedItem(api: ApiClient, item: CartItemInput): Promise<AddedItem> {
  if (item.type === 'release') {
    const trackIds = (await releaseTrackIds(api, [item.id])).get(item.id);
    if (!trackIds)
      throw new StoreError({
        kind: 'notFound',
        message: i18n.t('storeErrors.releaseUnknown', [String(item.id)]),
      });
    return { type: 'release', id: item.id, trackIds };
  }
  const { track } = await api.catalogPage('track', item.id);
  return { type: 'track', id: item.id, trackIds: [item.id], releaseId: track.release.id };
}

/** The tracks the pages show as owned (the page cache), for the configured store. */
export async function ownedTracks(): Promise<ReadonlySet<number>> {
  const [storeUrl, all] = await Promise.all([storeUrlSetting.getValue(), cartStateItem.getValue()]);
  return new Set(storeEntry(all, storeUrl)?.ownedTracks);
}

export interface CheckedAddRequest {
  name?: string;
  item: CartItemInput;
  /** How to settle an overlap the person was already asked about. */
  choice?: OverlapChoice;
}

export async function checkedAdd(
  cart: Pick<CartCalls, 'add' | 'remove' | 'view'>,
  api: ApiClient,
  { name, item, choice }: CheckedAddRequest,
): Promise<CheckedAdd> {
  const [added, view, owned] = await Promise.all([addedItem(api, item), cart.view({ name }), ownedTracks()]);
  const overlap = findOverlap(added, view.cart.items, owned);
  const add = (items: CartItemInput[], alreadyPurchasedOverride = false) =>
    cart.add({ name, items, ...(alreadyPurchasedOverride ? { alreadyPurchasedOverride } : {}) });
  if (overlap === null) return { outcome: 'added', result: await add([item]) };
  const choices = choicesFor(overlap);
  if (choice === undefined || !choices.includes(choice)) {
    return {
      outcome: 'overlap',
      message: describeOverlap(added, overlap),
      choices,
      safeChoice: safeChoice(overlap),
    };
  }
  const plan = planFor(item, item.audioFormat, overlap, choice);
  if (plan.remove.length > 0) await cart.remove({ name, items: plan.remove });
  if (plan.add.length === 0) {
    const { name: cartName, counts, total } = view.cart;
    return { outcome: 'added', result: { added: [], warnings: [], cart: { name: cartName, counts, total } } };
  }
  return { outcome: 'added', result: await add(plan.add, plan.alreadyPurchasedOverride) };
}
