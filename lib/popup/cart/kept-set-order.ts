/**
 * The set order the DJ accepted for a cart ("As a set" in the cart tab: the energy shape and the
 * pinned first and last tracks), kept per store and cart name in storage.local (cartSetOrders). A
 * cart once paid is a crate under the same name: the export dialog plays it in the same order.
 */
import { cartSetOrdersItem } from '../../storage/items.ts';

/** How a crate is played as a set: its energy shape and the item keys (`track:42`) pinned first and last. */
export type SetChoice = Awaited<ReturnType<typeof cartSetOrdersItem.getValue>>[string];

/** The storage key of a cart's kept order. */
export const keptSetOrderKey = (storeUrl: string, cartName: string): string => `${storeUrl}\n${cartName}`;

/** The order kept for `cartName` in `storeUrl`, or null when the DJ did not order it as a set. */
export async function keptSetOrder(storeUrl: string, cartName: string): Promise<SetChoice | null> {
  return (await cartSetOrdersItem.getValue())[keptSetOrderKey(storeUrl, cartName)] ?? null;
}
