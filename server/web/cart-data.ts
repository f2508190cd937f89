import { itemKey } from '../../lib/contract/item-key.ts';
import type { Release, Track } from '../../lib/contract/wire.ts';
import { cartNames, cartSummary, loadCartPreview } from '../cart/cart-store.ts';
import { loadReleases, loadTracks } from '../catalog/records.ts';
import type { StoreContext } from '../context.ts';
import type { CartPageData } from './pages/cart-page.tsx';

/**
 * How much of a user's carts one cart page shows, so that it stays small whatever they hold
 * (100 carts of 1,000 items would be megabytes): the items of a few carts, each cut short,
 * and every other cart as one line that links to it.
 */
export const cartPageBounds = { cartsWithItems: 3, itemsPerCart: 100 };

/**
 * A user's carts as the cart API shows them, plus the catalog records the page links to. The
 * chosen cart (`/cart?cart=<name>`) is shown first, with its items.
 */
export async function loadCartPageData(
  ctx: StoreContext,
  userId: number,
  chosen?: string,
): Promise<CartPageData> {
  const all = [];
  for (const name of await cartNames(ctx, userId)) all.push(await cartSummary(ctx, userId, name));
  const summaries = all.filter((cart) => cart.counts.items > 0);
  const first = summaries.find((cart) => cart.name === chosen);
  const ordered = first ? [first, ...summaries.filter((cart) => cart !== first)] : summaries;
  const carts = await Promise.all(
    ordered
      .slice(0, cartPageBounds.cartsWithItems)
      .map((cart) => loadCartPreview(ctx, userId, cart.name, cartPageBounds.itemsPerCart)),
  );
  const items = carts.flatMap((cart) => cart.items);
  const ids = (type: 'track' | 'release') =>
    items.filter((item) => item.type === type).map((item) => item.id);
  const records = new Map<string, Track | Release>();
  for (const record of [
    ...(await loadTracks(ctx, ids('track'))).values(),
    ...(await loadReleases(ctx, ids('release'))).values(),
  ]) {
    records.set(itemKey(record), record);
  }
  return { carts, otherCarts: ordered.slice(cartPageBounds.cartsWithItems), records };
}
