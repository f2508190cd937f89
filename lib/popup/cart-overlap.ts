/**
 * No paying twice, as the cart tab shows it: which cart items would be paid for twice, how much
 * of their price that is, and the total without it. Pure: the catalog facts (lib/protocol
 * messages.ts CatalogFacts) and the owned formats (the pages' cart state) are gathered by the caller.
 *
 * - A track owned in the format it is in the cart as: its whole price.
 * - A track whose release is in the cart too: its whole price (the release brings it).
 * - A release with tracks owned in its format: those tracks' prices in that format; the whole
 *   release price when all of it is owned so.
 * - A track not bought here but in the DJ's collection (the same recording, lib/contract/
 *   recording-match.ts): its whole price, as it is paid for a second time anywhere it was bought.
 * A format not owned is an upgrade, not paying twice. Items whose facts are not known yet are
 * not flagged (yet).
 */

import { i18n } from '#i18n';
import { formatLabel } from '../contract/audio-formats.ts';
import { itemKey } from '../contract/item-key.ts';
import type { Recording } from '../contract/recording-match.ts';
import {
  type AudioFormat,
  type CartItem,
  type FormatPrices,
  feeIn,
  type ItemType,
  type Price,
} from '../contract/wire.ts';
import { plural } from '../i18n/plural.ts';
import type { CatalogFacts } from '../protocol/messages.ts';
import { formatMoney, fromCents, toCents } from './money.ts';

/** The collection source holding a recording ("rekordbox"), or null (collectionLookup). */
export type CollectionSourceOf = (recording: Recording) => string | null;

/** What an item is owned as: its formats, null when owned in formats not known, [] when not owned. */
export type OwnedFormatsOf = (type: ItemType, id: number) => readonly AudioFormat[] | null;

export interface PaidTwice {
  /** What of the item's price pays for something already owned or already in the cart. */
  amount: Price;
  /** Why, in a sentence. */
  reason: string;
}

export interface CartOverlap {
  /** By item key (`track:42`). */
  flags: ReadonlyMap<string, PaidTwice>;
  /** The cart's total without the amounts paid twice; null when nothing is paid twice. */
  totalWithout: Price | null;
}

const cents = (value: number) => fromCents(toCents(value));

const ownedIn = (formats: readonly AudioFormat[] | null, format: AudioFormat) =>
  formats === null || formats.includes(format);

const isOwned = (formats: readonly AudioFormat[] | null) => formats === null || formats.length > 0;

/**
 * A track's price in a format: its MP3 price plus the format's fee; its MP3 price alone, a lower
 * bound, for a format whose fee the record does not name.
 */
const priceIn = (price: Price, prices: FormatPrices, format: AudioFormat): number =>
  price.value + (feeIn(prices, format)?.value ?? 0);

export function findCartOverlap(
  items: readonly CartItem[],
  total: Price,
  factsOf: (item: CartItem) => CatalogFacts | undefined,
  ownedFormatsOf: OwnedFormatsOf,
  collectionSourceOf: CollectionSourceOf = () => null,
): CartOverlap {
  const flags = new Map<string, PaidTwice>();
  const releasesInCart = new Map(
    items.filter((item) => item.type === 'release').map((item) => [item.id, item] as const),
  );
  const flag = (item: CartItem, value: number, reason: string) =>
    flags.set(itemKey(item), {
      amount: { value: cents(value), currency: item.price.currency },
      reason,
    });

  for (const item of items) {
    const format = item.audioFormat;
    const owned = ownedFormatsOf(item.type, item.id);
    if (isOwned(owned) && ownedIn(owned, format)) {
      flag(item, item.price.value, i18n.t('popup.overlap.ownedAs', [formatLabel(format)]));
      continue;
    }
    const facts = factsOf(item);
    if (!facts) continue;
    if (item.type === 'track') {
      const release = facts.releaseId === undefined ? undefined : releasesInCart.get(facts.releaseId);
      const source = isOwned(owned) || !facts.recording ? null : collectionSourceOf(facts.recording);
      if (release) flag(item, item.price.value, i18n.t('popup.overlap.releaseInCart', [release.name]));
      else if (source !== null) flag(item, item.price.value, i18n.t('collection.cartReason', [source]));
      continue;
    }
    const ownedTracks = (facts.tracks ?? []).filter((track) => {
      const formats = ownedFormatsOf('track', track.id);
      return isOwned(formats) && ownedIn(formats, format);
    });
    if (ownedTracks.length === 0) continue;
    const value = ownedTracks.reduce((sum, track) => sum + priceIn(track.price, track, format), 0);
    flag(
      item,
      Math.min(value, item.price.value),
      plural('popup.overlap.holdsOwned', ownedTracks.length, formatLabel(format)),
    );
  }

  if (flags.size === 0) return { flags, totalWithout: null };
  const twice = [...flags.values()].reduce((sum, flagged) => sum + flagged.amount.value, 0);
  return {
    flags,
    totalWithout: { value: cents(Math.max(0, total.value - twice)), currency: total.currency },
  };
}

/** "Pays twice: $1.49". */
export const paidTwiceText = (flagged: PaidTwice) =>
  i18n.t('popup.cart.paysTwice', [formatMoney(flagged.amount)]);
