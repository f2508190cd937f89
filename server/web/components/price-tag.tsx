import { formatPriceAttribute, priceCurrencyAttribute } from '../../../lib/contract/audio-formats.ts';
import type { Price, Track } from '../../../lib/contract/wire.ts';
import { formatPrice } from '../format.ts';

/** The price with a format's fee, in whole cents. */
const withFee = (price: Price, fee: Price): Price => ({
  value: Math.round((price.value + fee.value) * 100) / 100,
  currency: price.currency,
});

/**
 * A price, or "Free" for a promotional track (which is downloaded, never bought). With the
 * item's format fees, it carries every format's amount and the currency too (formatPriceAttribute),
 * for the extension to write in the DJ's language.
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
        [formatPriceAttribute('mp3')]: String(price.value),
        [formatPriceAttribute('wav')]: String(withFee(price, fee.wav).value),
        [formatPriceAttribute('aiff')]: String(withFee(price, fee.aiff).value),
        [priceCurrencyAttribute]: price.currency,
      }
    : {};
  return (
    <span class="price" {...others}>
      {formatPrice(price)}
    </span>
  );
}
