/**
 * The one way the worker changes or reads a cart. Every call asks the store, then keeps the
 * toolbar badge (when it is the current cart) and the pages' cache (page-cache.ts) in step, and
 * returns the store's answer. Message handlers, the checked add, the downloads' "Add to cart" and
 * the crate import all come here; nothing else calls the store's cart API.
 */
import { browser } from 'wxt/browser';
import { cartNameOf } from '../../contract/cart-name.ts';
import type { CartSummary } from '../../contract/wire.ts';
import type { CrateFile } from '../../protocol/crate-file.ts';
import { StoreError } from '../../protocol/store-error.ts';
import { currentCartSetting, storeUrlSetting } from '../../storage/items.ts';
import type { WorkerContext } from '../worker-context.ts';
import { clearCartCount, recordCartCount, restoreCartBadge } from './cart-badge.ts';
import { type Change, cartCalls, quietly, rememberCart, type Target } from './cart-calls.ts';
import { type CheckedAddRequest, checkedAdd } from './checked-add.ts';
import { importCrate } from './crate-import.ts';
import { createPageCache, type PageCache } from './page-cache.ts';

/** Wakes the worker to count the current cart again while someone is signed in. */
export const cartSyncAlarm = 'cart-sync';
const cartSyncMinutes = 15;

/** The current cart and the session: which cart the badge counts, and when it is counted. */
function cartSession(cache: PageCache, syncCount: () => Promise<void>) {
  return {
    /** Makes `name` the current cart: the badge and the pages follow it; failing to count does not undo it. */
    async setCurrent(name: string) {
      const names = await rememberCart(name);
      await currentCartSetting.setValue(name);
      await syncCount().catch(() => undefined);
      await quietly(cache.refresh({ owned: false }));
      return { current: name, names };
    },

    /** Signed in: count the cart now and every while, and read what the pages show. */
    async sessionStarted(): Promise<void> {
      await browser.alarms.create(cartSyncAlarm, { periodInMinutes: cartSyncMinutes });
      // The badge is a courtesy: a failing cart call must not make the sign-in look failed.
      await syncCount().catch(() => undefined);
      await quietly(cache.refresh());
    },

    /** Signed out, or the store changed: no count, no alarm, nothing cached about the cart. */
    async sessionEnded(): Promise<void> {
      await browser.alarms.clear(cartSyncAlarm);
      await clearCartCount();
      await quietly(cache.signedOut());
    },

    /** What the popup learned about the session; a change of it re-reads or clears the pages' cache. */
    noteSignedIn: (signedIn: boolean) => quietly(cache.noteSignedIn(signedIn)),

    /** A promotional track now sits in the library: pages show it owned. */
    promoDownloaded: (trackId: number) => quietly(cache.promoDownloaded(trackId)),

    /** A checkout finished, or the sync alarm rang: read the cart and the library again. */
    async resync(): Promise<void> {
      await quietly(cache.refresh());
      await syncCount().catch(() => undefined);
    },

    /** The worker started: show the last known count again. */
    restoreBadge: async () => restoreCartBadge(await storeUrlSetting.getValue()),
  };
}

export function createCartService(worker: WorkerContext) {
  const cache = createPageCache(worker);

  /** The badge counts the current cart (the one page buttons add to); other carts leave it alone. */
  async function counted(target: Target, summary: CartSummary): Promise<void> {
    if (cartNameOf(target) !== (await currentCartSetting.getValue())) return;
    await recordCartCount(await storeUrlSetting.getValue(), summary.counts.items);
  }

  /** Asks the store, then the badge and the cache follow; a store that ended the session clears the cache. */
  const change: Change = async (target, call, after) => {
    let result: Awaited<ReturnType<typeof call>>;
    try {
      result = await call(await worker.api());
    } catch (error) {
      if (error instanceof StoreError && error.kind === 'signedOut') await quietly(cache.signedOut());
      throw error;
    }
    const { summary, change } = after(result);
    await counted(target, summary);
    await quietly(cache.changed(target, summary, change));
    return result;
  };

  async function syncCount(): Promise<void> {
    if (!(await worker.signedIn())) return;
    const name = await currentCartSetting.getValue();
    await counted({ name }, await (await worker.api()).cartSummary({ name }));
  }

  const calls = cartCalls(change, cache);
  return {
    cache,
    ...calls,
    ...cartSession(cache, syncCount),
    /** An add checked for overlap with the cart and the library first (checked-add.ts). */
    addChecked: async (payload: CheckedAddRequest) => checkedAdd(calls, await worker.api(), payload),
    /** A shared crate into a named cart, all or nothing (crate-import.ts). */
    importCrate: async (cartName: string, crate: CrateFile) =>
      importCrate(cartName, crate, await worker.api(), calls),
  };
}

export type CartService = ReturnType<typeof createCartService>;
