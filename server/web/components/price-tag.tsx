import { formatPriceAttribute, priceCurrencyAttribute } from '../../../lib/contract/audio-formats.ts';
import type { Price, SoldFormat, Track } from '../../../lib/contract/wire.ts';
import { formatPrice } from '../format.ts';

/**
 * A price, or "Free" for a promotional track (which is downloaded, never bought). With the
 * formats the item is sold in (the store's list, issue #49), it carries each format's amount and the
 * currency too (formatPriceAttribute), for the extension to write in the DJ's language and to draw
 * one button per format.
 */
export function PriceTag({
  price,
  saleType,
  formats,
}: {
  price: Price;
  saleType?: Track['saleType'];
  formats?: readonly SoldFormat[];
}) {
  if (saleType === 'promotion') return <span class="price free">Free</span>;
  const others = formats
    ? {
        ...Object.fromEntries(
          formats.map((sold) => [
            formatPriceAttribute(sold.format),
            String(Math.round(sold.price.value * 100) / 100),
          ]),
        ),
        [priceCurrencyAttribute]: price.currency,
      }
    : {};
  return (
    <span class="price" {...others}>
      {formatPrice(price)}
    </span>
  );
}
