/**
 * The store's cart calls as the cart service makes them (cart-service.ts): each goes through a
 * `change` that asks the store and then keeps the badge and the pages' cache in step.
 */
import type { AudioFormat, CartItemInput, CartSummary, ItemType } from '../../contract/wire.ts';
import { cartNamesSetting } from '../../storage/items.ts';
import type { ApiClient } from '../api-client.ts';
import { type CartChange, cartChanges, type PageCache } from './page-cache.ts';

export type Target = { name?: string };

/** Keeping the badge and the cache must never make the person's action fail: their errors are only logged. */
export const quietly = (work: Promise<unknown>) =>
  work.catch((error: unknown) => console.warn('Crate: the badge or page cache could not be updated', error));

/** The store cannot list carts: every name used goes to the front of the remembered list. */
export async function rememberCart(name: string | undefined): Promise<string[]> {
  const names = await cartNamesSetting.getValue();
  if (name === undefined || names[0] === name) return names;
  const next = [name, ...names.filter((known) => known !== name)];
  await cartNamesSetting.setValue(next);
  return next;
}

export type Change = <T>(
  target: Target,
  call: (api: ApiClient) => Promise<T>,
  after: (result: T) => { summary: CartSummary; change: CartChange },
) => Promise<T>;

/** The store's cart calls, each through `change` so the badge and the cache follow. */
export function cartCalls(change: Change, cache: PageCache) {
  return {
    summary: (target: Target) =>
      change(
        target,
        (api) => api.cartSummary(target),
        (summary) => ({ summary, change: cartChanges.counted() }),
      ),
    view: (target: Target) =>
      change(
        target,
        (api) => api.viewCart(target),
        ({ cart }) => ({ summary: cart, change: cartChanges.read(cart.items) }),
      ),
    async add({
      name,
      items,
      alreadyPurchasedOverride,
    }: Target & { items: CartItemInput[]; alreadyPurchasedOverride?: boolean }) {
      const result = await change(
        { name },
        (api) => api.addToCart(items, { name, alreadyPurchasedOverride }),
        (added) => ({ summary: added.cart, change: cartChanges.added(items, added) }),
      );
      await rememberCart(name);
      await quietly(cache.ownedWarned(result.warnings));
      return result;
    },
    setItemFormats: ({ name, items }: Target & { items: CartItemInput[] }) =>
      change(
        { name },
        (api) => api.setItemFormats(items, { name }),
        (result) => ({
          summary: result.cart,
          change: cartChanges.formatsSet(items, result.warnings),
        }),
      ),
    setCartFormat: ({ name, audioFormat }: Target & { audioFormat: AudioFormat }) =>
      change(
        { name },
        (api) => api.setCartFormat(audioFormat, { name }),
        (result) => ({
          summary: result.cart,
          change: cartChanges.cartFormatSet(audioFormat),
        }),
      ),
    remove: ({ name, items }: Target & { items: { id: number; type: ItemType }[] }) =>
      change(
        { name },
        (api) => api.removeFromCart(items, { name }),
        (result) => ({
          summary: result.cart,
          change: cartChanges.removed(items),
        }),
      ),
    empty: (target: Target) =>
      change(
        target,
        (api) => api.emptyCart(target),
        (result) => ({ summary: result.cart, change: cartChanges.emptied() }),
      ),
  };
}

export type CartCalls = ReturnType<typeof cartCalls>;
