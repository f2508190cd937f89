/**
 * A shared crate into a named cart, all or nothing as far as the store lets us check first: every
 * id must be in the catalog and the cart must have room (the store's limits); only then are the
 * items added, 100 per request. The store's own 409s (`tooManyCarts`, `cartFull`) refuse the first
 * request, before anything was added. Items the store declines (owned, already in the cart, not
 * for sale) are reported as skipped with its warning code. The popup words every outcome.
 */
import { defaultCartLimits } from '../../contract/cart-limits.ts';
import { itemKey } from '../../contract/item-key.ts';
import type { CartAddResult, CartItemInput } from '../../contract/wire.ts';
import { errorMessage } from '../../i18n/error-message.ts';
import type { CrateFile } from '../../protocol/crate-file.ts';
import type { CrateImportResult } from '../../protocol/messages.ts';
import { StoreError } from '../../protocol/store-error.ts';
import type { ApiClient } from '../api-client.ts';
import { forEachPooled } from '../pool.ts';
import type { CartCalls } from './checked-add.ts';

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
  if (items.length === 0) return { imported: false, problem: { code: 'empty' } };

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
    const named = unknown.slice(0, 5).map(({ id, type }) => ({ id, type }));
    return { imported: false, problem: { code: 'unknownItems', count: unknown.length, named } };
  }

  const { cart: current } = await cart.view({ name: cartName });
  const inCart = new Set(current.items.map(itemKey));
  const joining = items.filter((item) => !inCart.has(itemKey(item))).length;
  const limit = defaultCartLimits.itemsPerCart;
  if (current.items.length + joining > limit) {
    const wouldHold = current.items.length + joining;
    return {
      imported: false,
      problem: { code: 'cartFull', cartName, holds: current.items.length, wouldHold, limit },
    };
  }

  const added: CartAddResult['added'] = [];
  const skipped: Extract<CrateImportResult, { imported: true }>['skipped'] = [];
  for (let start = 0; start < items.length; start += perRequest) {
    let result: CartAddResult;
    try {
      result = await cart.add({ name: cartName, items: items.slice(start, start + perRequest) });
    } catch (error) {
      // Refused before anything was added (a new cart past the store's number of carts): say so.
      if (start === 0 && error instanceof StoreError && error.kind === 'conflict')
        return { imported: false, problem: { code: 'refused', reason: errorMessage(error) } };
      throw error;
    }
    added.push(...result.added);
    for (const warning of result.warnings)
      if (
        warning.code !== 'alreadyInCart' ||
        !result.added.some((item) => itemKey(item) === itemKey(warning))
      )
        skipped.push({ id: warning.id, type: warning.type, code: warning.code });
  }
  return { imported: true, added, skipped };
}
