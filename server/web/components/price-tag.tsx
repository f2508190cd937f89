import { formatPriceAttribute } from '../../../lib/contract/audio-formats.ts';
import type { Price, Track } from '../../../lib/contract/wire.ts';
import { formatPrice } from '../format.ts';

/** The price with a format's fee, in whole cents. */
const withFee = (price: Price, fee: Price): Price => ({
  value: Math.round((price.value + fee.value) * 100) / 100,
  currency: price.currency,
});

/**
 * A price, or "Free" for a promotional track (which is downloaded, never bought). With the
 * item's format fees, it carries the price in each other format too (formatPriceAttribute).
 */
export function PriceTag({
  price,
  saleType,
  fee,
}: {
  price: Price;
  saleType?: Track['saleType'];
  fee?: Track['audioFormatFee'];
}) {
  if (saleType === 'promotion') return <span class="price free">Free</span>;
  const others = fee
    ? {
        [formatPriceAttribute('wav')]: formatPrice(withFee(price, fee.wav)),
        [formatPriceAttribute('aiff')]: formatPrice(withFee(price, fee.aiff)),
      }
    : {};
  return (
    <span class="price" {...others}>
      {formatPrice(price)}
    </span>
  );
}
