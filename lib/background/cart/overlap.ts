/**
 * No paying twice: what an item about to be added shares with the cart and the library, and
 * what each of the person's choices sends. Pure: the facts (the item's tracks, the cart, the
 * owned tracks) are gathered by the caller, and the rules are tested as tables.
 *
 * - A release whose tracks are already owned or already in the cart as tracks.
 * - A track whose release is in the cart.
 * (The same track in another format is an upgrade or a format change, not an overlap: the
 * page's format buttons handle those, and the store keeps one cart line per item.)
 */

import { i18n } from '#i18n';
import type { AudioFormat, CartItemInput, ItemType } from '../../contract/wire.ts';
import { plural } from '../../i18n/plural.ts';
import type { Overlap, OverlapChoice } from '../../protocol/messages.ts';

export interface AddedItem {
  type: ItemType;
  id: number;
  /** A release's tracks; a track: itself. */
  trackIds: readonly number[];
  /** A track's release. */
  releaseId?: number;
}

export interface CartLine {
  type: ItemType;
  id: number;
}

/** What `item` shares with the cart and the library; null when nothing (add as asked). */
export function findOverlap(
  item: AddedItem,
  cart: readonly CartLine[],
  ownedTracks: ReadonlySet<number>,
): Overlap | null {
  const cartTracks = new Set(cart.filter((line) => line.type === 'track').map((line) => line.id));
  if (item.type === 'release') {
    // The release itself in the cart is one line the store keeps once: not an overlap.
    const owned = item.trackIds.filter((id) => ownedTracks.has(id));
    const inCart = item.trackIds.filter((id) => cartTracks.has(id) && !ownedTracks.has(id));
    if (owned.length === 0 && inCart.length === 0) return null;
    const missing = item.trackIds.filter((id) => !ownedTracks.has(id) && !cartTracks.has(id));
    return { owned, inCart, releaseInCart: null, missing };
  }
  const releaseInCart =
    item.releaseId !== undefined && cart.some((line) => line.type === 'release' && line.id === item.releaseId)
      ? item.releaseId
      : null;
  if (releaseInCart === null) return null;
  return { owned: [], inCart: [], releaseInCart, missing: [] };
}

/** The choices that make sense for an overlap, the safe one first (the default). */
export function choicesFor(overlap: Overlap): OverlapChoice[] {
  const choices: OverlapChoice[] = [];
  if (overlap.missing.length > 0) choices.push('missingOnly');
  if (overlap.inCart.length > 0 || overlap.releaseInCart !== null) choices.push('replace');
  choices.push('addAnyway', 'cancel');
  return choices;
}

export interface AddPlan {
  /** Cart lines to take out first. */
  remove: CartLine[];
  add: CartItemInput[];
  /** Owned tracks the person chose to pay for again. */
  alreadyPurchasedOverride: boolean;
}

/** The choice that pays for nothing twice: only the missing tracks, else replace, else cancel. */
export function safeChoice(overlap: Overlap): OverlapChoice {
  if (overlap.missing.length > 0) return 'missingOnly';
  if (overlap.owned.length === 0) return 'replace';
  return 'cancel';
}

/** What a choice sends to the store. */
export function planFor(
  item: Pick<AddedItem, 'type' | 'id'>,
  format: AudioFormat,
  overlap: Overlap,
  choice: OverlapChoice,
): AddPlan {
  const whole = [{ type: item.type, id: item.id, audioFormat: format }];
  switch (choice) {
    case 'cancel':
      return { remove: [], add: [], alreadyPurchasedOverride: false };
    case 'addAnyway':
      return { remove: [], add: whole, alreadyPurchasedOverride: overlap.owned.length > 0 };
    case 'missingOnly':
      return {
        remove: [],
        add: overlap.missing.map((id) => ({ type: 'track', id, audioFormat: format })),
        alreadyPurchasedOverride: false,
      };
    case 'replace': {
      // The cart's lines the new item covers go; owned tracks are still paid again only if chosen so.
      const remove: CartLine[] =
        overlap.releaseInCart !== null
          ? [{ type: 'release', id: overlap.releaseInCart }]
          : overlap.inCart.map((id) => ({ type: 'track', id }));
      return { remove, add: whole, alreadyPurchasedOverride: overlap.owned.length > 0 };
    }
  }
}

/** One sentence for a person: what the item shares with the cart and the library. */
export function describeOverlap(item: Pick<AddedItem, 'type'>, overlap: Overlap): string {
  if (overlap.releaseInCart !== null) return i18n.t('background.overlap.releaseInCart');
  const parts: string[] = [];
  if (overlap.owned.length > 0) parts.push(plural('background.overlap.owned', overlap.owned.length));
  if (overlap.inCart.length > 0) parts.push(plural('background.overlap.inCart', overlap.inCart.length));
  const held =
    parts.length === 2
      ? i18n.t('background.overlap.both', [parts[0] ?? '', parts[1] ?? ''])
      : (parts[0] ?? '');
  return i18n.t(item.type === 'track' ? 'background.overlap.track' : 'background.overlap.release', [held]);
}
