import type { Release, Track } from '../../lib/contract/wire.ts';
import { cartNames, loadCart } from '../cart/cart-store.ts';
import { loadReleases, loadTracks } from '../catalog/records.ts';
import type { StoreContext } from '../context.ts';
import { type CartPageData, recordKey } from './pages/cart-page.tsx';

/** A user's carts as the cart API shows them, plus the catalog records the page links to. */
export function loadCartPageData(ctx: StoreContext, userId: number): CartPageData {
  const carts = cartNames(ctx, userId).map((name) => loadCart(ctx, userId, name));
  const items = carts.flatMap((cart) => cart.items);
  const ids = (type: 'track' | 'release') =>
    items.filter((item) => item.type === type).map((item) => item.id);
  const records = new Map<string, Track | Release>();
  for (const record of [
    ...loadTracks(ctx, ids('track')).values(),
    ...loadReleases(ctx, ids('release')).values(),
  ]) {
    records.set(recordKey(record.type, record.id), record);
  }
  return { carts, records };
}
