/**
 * Adds with the overlap check (lib/background/cart/overlap.ts) first: the facts come from the store
 * (the item's catalog record, the cart) and the page cache (the owned tracks). The cart changes
 * go through the background's own handlers, so the badge and the pages' cache follow them.
 */
import type { CartItemInput } from '../../contract/wire.ts';
import type { CheckedAdd, OverlapChoice, SenderRole } from '../../protocol/messages.ts';
import type { Handlers } from '../../protocol/receive.ts';
import type { ApiClient } from '../api-client.ts';
import { type AddedItem, choicesFor, describeOverlap, findOverlap, planFor, safeChoice } from './overlap.ts';

/** What a notification adds after an overlap: the page's buttons offer the choices. */
export const choosePrompt = "Add it from the page's buttons to choose what to buy.";

export interface CheckedAddOptions {
  api(): Promise<ApiClient>;
  handlers(): Pick<Handlers, 'addToCart' | 'removeFromCart'>;
  ownedTracks(): Promise<ReadonlySet<number>>;
}

async function addedItem(api: ApiClient, item: CartItemInput): Promise<AddedItem> {
  if (item.type === 'release') {
    const { release } = await api.catalogPage('release', item.id);
    return { type: 'release', id: item.id, trackIds: release.trackIds };
  }
  const { track } = await api.catalogPage('track', item.id);
  return { type: 'track', id: item.id, trackIds: [item.id], releaseId: track.release.id };
}

export async function checkedAdd(
  { api, handlers, ownedTracks }: CheckedAddOptions,
  { name, item, choice }: { name?: string; item: CartItemInput; choice?: OverlapChoice },
  role: SenderRole,
): Promise<CheckedAdd> {
  const client = await api();
  const [added, view, owned] = await Promise.all([
    addedItem(client, item),
    client.viewCart({ name }),
    ownedTracks(),
  ]);
  const overlap = findOverlap(added, view.cart.items, owned);
  const add = (items: CartItemInput[], alreadyPurchasedOverride = false) =>
    handlers().addToCart(
      { name, items, ...(alreadyPurchasedOverride ? { alreadyPurchasedOverride } : {}) },
      role,
    );
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
  if (plan.remove.length > 0) await handlers().removeFromCart({ name, items: plan.remove }, role);
  if (plan.add.length === 0) {
    const { name: cartName, counts, total } = view.cart;
    return { outcome: 'added', result: { added: [], warnings: [], cart: { name: cartName, counts, total } } };
  }
  return { outcome: 'added', result: await add(plan.add, plan.alreadyPurchasedOverride) };
}
