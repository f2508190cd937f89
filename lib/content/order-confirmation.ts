/**
 * The store's order confirmation (its cart page after checkout, `/cart?order=<id>`): the worker is
 * asked once to read the library again, so this page's next catalog pages, the other open ones
 * and the popup mark what was just bought as owned, not after the next periodic sync.
 */
import { cartPageUrl } from '../contract/store-urls.ts';
import { send } from '../protocol/send.ts';

/** The order a confirmation page shows, or null on any other page. */
export function confirmedOrder(location: Pick<Location, 'pathname' | 'search'>): number | null {
  if (location.pathname !== cartPageUrl) return null;
  const order = new URLSearchParams(location.search).get('order');
  return order && /^[1-9][0-9]{0,15}$/.test(order) ? Number(order) : null;
}

export async function announcePurchases(orderId: number): Promise<void> {
  // The worker's answer changes nothing here: the pages follow the stored cache it updates.
  await send('purchasesChanged', { orderId }).catch(() => undefined);
}
