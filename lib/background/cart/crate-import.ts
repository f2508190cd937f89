/**
 * A shared crate into a named cart, all or nothing as far as the store lets us check first: every
 * id must be in the catalog and the cart must have room (the store's limits); only then are the
 * items added, 100 per request. The store's own 409s (`tooManyCarts`, `cartFull`) refuse the first
 * request, before anything was added. Items the store declines (owned, already in the cart, not
 * for sale) are reported as skipped with its reason.
 */
import { defaultCartLimits } from '../../contract/cart-limits.ts';
import { itemKey } from '../../contract/item-key.ts';
import type { CartAddResult, CartItemInput } from '../../contract/wire.ts';
import type { CrateFile } from '../../protocol/crate-file.ts';
import { errorMessage } from '../../protocol/error-message.ts';
import type { CrateImportResult } from '../../protocol/messages.ts';
import { StoreError } from '../../protocol/store-error.ts';
import type { ApiClient } from '../api-client.ts';
import { forEachPooled } from '../pool.ts';
import type { CartCalls } from './cart-calls.ts';

/** Catalog lookups at once: as many as the fee lookups use. */
const lookups = 4;
const perRequest = 100;

export async function importCrate(
  cartName: string,
  crate: CrateFile,
  api: ApiClient,
  cart: Pick<CartCalls, 'add' | 'view'>,
): Promise<CrateImportResult> {
  // The same item twice in a file: the last format wins, as the store's add would have it.
  const items = [...new Map(crate.items.map((item) => [itemKey(item), item])).values()];
  if (items.length === 0) return { imported: false, problem: 'This crate is empty: nothing to add.' };

  const unknown: CartItemInput[] = [];
  await forEachPooled(items, lookups, async (item) => {
    try {
      await api.catalogPage(item.type, item.id);
    } catch (error) {
      if (error instanceof StoreError && error.kind === 'notFound') unknown.push(item);
      else throw error;
    }
  });
  if (unknown.length > 0) {
    const named = unknown
      .slice(0, 5)
      .map((item) => `${item.type} ${item.id}`)
      .join(', ');
    return {
      imported: false,
      problem: `The store does not know ${unknown.length} of this crate's items (${named}${unknown.length > 5 ? ', …' : ''}): nothing was added.`,
    };
  }

  const { cart: current } = await cart.view({ name: cartName });
  const inCart = new Set(current.items.map(itemKey));
  const joining = items.filter((item) => !inCart.has(itemKey(item))).length;
  if (current.items.length + joining > defaultCartLimits.itemsPerCart)
    return {
      imported: false,
      problem: `The cart "${cartName}" holds ${current.items.length} items; this crate would bring it to ${current.items.length + joining}, past the store's limit of ${defaultCartLimits.itemsPerCart.toLocaleString('en-US')}: nothing was added.`,
    };

  const added: CartAddResult['added'] = [];
  const skipped: Extract<CrateImportResult, { imported: true }>['skipped'] = [];
  for (let start = 0; start < items.length; start += perRequest) {
    let result: CartAddResult;
    try {
      result = await cart.add({ name: cartName, items: items.slice(start, start + perRequest) });
    } catch (error) {
      // Refused before anything was added (a new cart past the store's number of carts): say so.
      if (start === 0 && error instanceof StoreError && error.kind === 'conflict')
        return { imported: false, problem: `${errorMessage(error)} Nothing was added.` };
      throw error;
    }
    added.push(...result.added);
    for (const warning of result.warnings)
      if (
        warning.code !== 'alreadyInCart' ||
        !result.added.some((item) => itemKey(item) === itemKey(warning))
      )
        skipped.push({ id: warning.id, type: warning.type, reason: warning.message });
  }
  return { imported: true, added, skipped };
}
