import type { Price, Track } from '../../../lib/contract/wire.ts';
import { formatPrice } from '../format.ts';

/** A price, or "Free" for a promotional track (which is downloaded, never bought). */
export function PriceTag({ price, saleType }: { price: Price; saleType?: Track['saleType'] }) {
  if (saleType === 'promotion') return <span class="price free">Free</span>;
  return <span class="price">{formatPrice(price)}</span>;
}
