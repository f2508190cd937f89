/**
 * What a whole-cart format change would cost, before it is applied. A cart item's price already
 * includes its format's fee; the catalog record says what each format adds to the MP3 price (its
 * `formats`' whole prices, or `audioFormatFee` for WAV and AIFF from stores that list no formats;
 * for a release, the fee once per track). So: new price = price - fee(now) + fee(target).
 */

import { itemKey } from '../contract/item-key.ts';
import { type AudioFormat, type CartItem, type FormatPrices, feeIn } from '../contract/wire.ts';
import { toCents } from './money.ts';

/** Each item's format prices by its key (itemKey): the catalog facts the cart tab holds. */
export type PricesByItem = ReadonlyMap<string, FormatPrices>;

export interface FormatPreview {
  totalCents: number;
  /** Items whose format would change. */
  changing: number;
  /**
   * Changing items whose fees are not known (yet): their current price is counted, so the total is
   * an estimate while this is above zero.
   */
  unknown: number;
}

/** A format's fee in cents, or undefined for a format the item's fee record does not name. */
const feeCents = (prices: FormatPrices, format: AudioFormat) => {
  const price = feeIn(prices, format);
  return price === undefined ? undefined : toCents(price.value);
};

export function previewCartFormat(
  items: readonly CartItem[],
  target: AudioFormat,
  prices: PricesByItem,
): FormatPreview {
  let totalCents = 0;
  let changing = 0;
  let unknown = 0;
  for (const item of items) {
    const price = toCents(item.price.value);
    if (item.audioFormat === target) {
      totalCents += price;
      continue;
    }
    changing++;
    const known = prices.get(itemKey(item));
    const from = known && feeCents(known, item.audioFormat);
    const to = known && feeCents(known, target);
    if (from === undefined || to === undefined) {
      unknown++;
      totalCents += price;
      continue;
    }
    totalCents += price - from + to;
  }
  return { totalCents, changing, unknown };
}
