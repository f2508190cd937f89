/**
 * The one cart service: the worker's every cart call (a message handler, the checked add, a
 * notification's "Add to cart", the keyboard shortcut, the crate import) is one of its functions,
 * and each asks the store, then keeps the toolbar badge (when it is the current cart) and the
 * pages' cart state (cart-state-writer.ts) in step, and returns the store's answer. Nothing else in the
 * worker calls the store's cart API.
 */
import { browser } from 'wxt/browser';
import { cartNameOf } from '../../contract/cart-name.ts';
import type { AudioFormat, CartItemInput, CartSummary, ItemType } from '../../contract/wire.ts';
import type { CrateFile } from '../../protocol/crate-file.ts';
import { StoreError } from '../../protocol/store-error.ts';
import { keepSoldFormats } from '../../storage/sold-formats.ts';
import type { ApiClient, CartAnswer, CartPrecondition, CartTarget } from '../api-client.ts';
import type { WorkerContext } from '../worker-context.ts';
import type { WorkerStorage } from '../worker-storage.ts';
import { clearCartCount, recordCartCount, restoreCartBadge } from './cart-badge.ts';
import {
  type CartChange,
  type CartStateWriter,
  cartChanges,
  createCartStateWriter,
} from './cart-state-writer.ts';
import { type CheckedAddRequest, checkedAdd } from './checked-add.ts';
import { importCrate } from './crate-import.ts';

/** Wakes the worker to count the current cart again while someone is signed in. */
export const cartSyncAlarm = 'cart-sync';
const cartSyncMinutes = 15;

/**
 * A failure worth a console line. Access to the store withheld is not one: it is a state the popup
 * explains and offers to change, and a tab shown or a badge counted just as the person withheld it
 * has nothing to report.
 */
const warnOf = (what: string, error: unknown) => {
  if (!(error instanceof StoreError && error.kind === 'noAccess')) console.warn(`Crate: ${what}`, error);
};

/** Keeping the badge and the cart state must never make the person's action fail: their errors are only logged. */
const quietly = (work: Promise<unknown>) =>
  work.catch((error: unknown) => warnOf('the badge or the cart state could not be updated', error));

/** The store cannot list carts: every name used goes to the front of the remembered list. */
async function rememberCart(stored: WorkerStorage, name: string | undefined): Promise<string[]> {
  const names = await stored.cartNames.getValue();
  if (name === undefined || names[0] === name) return names;
  const next = [name, ...names.filter((known) => known !== name)];
  await stored.cartNames.setValue(next);
  return next;
}

/** The current cart and the session: which cart the badge counts, and when it is counted. */
function cartSession(stored: WorkerStorage, cartState: CartStateWriter, syncCount: () => Promise<void>) {
  const recordCount = async (items: number) => recordCartCount(await stored.storeUrl.getValue(), items);
  return {
    /** Makes `name` the current cart: the badge and the pages follow it; failing to count does not undo it. */
    async setCurrent(name: string) {
      const names = await rememberCart(stored, name);
      await stored.currentCart.setValue(name);
      await syncCount().catch(() => undefined);
      await quietly(cartState.refresh({ owned: false }));
      return { current: name, names };
    },

    /** Signed in: count the cart now and every while, and read what the pages show. */
    async sessionStarted(): Promise<void> {
      await browser.alarms.create(cartSyncAlarm, { periodInMinutes: cartSyncMinutes });
      // The badge is a courtesy: a failing cart call must not make the sign-in look failed.
      await syncCount().catch(() => undefined);
      await quietly(cartState.refresh());
    },

    /** Signed out, or the store changed: no count, no alarm, nothing cached about the cart. */
    async sessionEnded(): Promise<void> {
      await browser.alarms.clear(cartSyncAlarm);
      await clearCartCount();
      await quietly(cartState.signedOut());
    },

    /** What the popup learned about the session; a change of it re-reads or clears the pages' cart state. */
    noteSignedIn: (signedIn: boolean) => quietly(cartState.noteSignedIn(signedIn)),

    /** A promotional track now sits in the library: pages show it owned. */
    promoDownloaded: (trackId: number) => quietly(cartState.promoDownloaded(trackId)),

    /**
     * A store tab was shown: whether the cart changed elsewhere (cart-state-writer.ts, `check`).
     * Tabs shown while a check is under way (a restored window's) share it.
     */
    checkShown: (() => {
      let checking: Promise<void> | undefined;
      return (): Promise<void> => {
        if (checking) return checking;
        checking = (async () => {
          const items = await cartState.check().catch((error: unknown) => {
            warnOf('the cart could not be checked', error);
            return undefined;
          });
          if (items !== undefined) await quietly(recordCount(items));
        })().finally(() => {
          checking = undefined;
        });
        return checking;
      };
    })(),

    /** A checkout finished, or the sync alarm rang: read the cart and the library again. */
    async resync(): Promise<void> {
      await quietly(cartState.refresh());
      await syncCount().catch(() => undefined);
    },

    /** The worker started: show the last known count again. */
    restoreBadge: async () => restoreCartBadge(await stored.storeUrl.getValue()),
  };
}

type Change = <T>(
  target: CartTarget,
  call: (api: ApiClient) => Promise<CartAnswer<T>>,
  after: (result: T) => { summary: CartSummary; change: CartChange },
) => Promise<T>;

/** How every cart call keeps the badge and the pages' cart state in step with the store's answer. */
function inStep(worker: WorkerContext, cartState: CartStateWriter) {
  const { stored } = worker;
  /** The badge counts the current cart (the one page buttons add to); other carts leave it alone. */
  async function counted(target: CartTarget, summary: CartSummary): Promise<void> {
    if (cartNameOf(target) !== (await stored.currentCart.getValue())) return;
    await recordCartCount(await stored.storeUrl.getValue(), summary.counts.items);
  }
  // What follows the store's answers, one after the other: storage's copy of the cart state, the badge.
  let following: Promise<unknown> = Promise.resolve();

  /** Asks the store, then the badge and the cart state follow; a store that ended the session clears it. */
  const change: Change = async (target, call, after) => {
    let answer: Awaited<ReturnType<typeof call>>;
    try {
      answer = await call(await worker.api());
    } catch (error) {
      if (error instanceof StoreError && error.kind === 'signedOut') await quietly(cartState.signedOut());
      throw error;
    }
    const { result, version } = answer;
    const { summary, change } = after(result);
    // The answer waits for the worker's kept cart state (the next call's overlap check starts from
    // it), not for storage: the store tab that asked shows the answer; the others, and the badge,
    // follow storage's write a moment later.
    const applied = cartState.changed(target, summary, change, version);
    await quietly(applied);
    following = following
      .then(() => quietly(applied.then(({ written }) => written)))
      .then(() => quietly(counted(target, summary)));
    return result;
  };

  async function syncCount(): Promise<void> {
    if (!(await worker.signedIn())) return;
    const name = await stored.currentCart.getValue();
    await counted({ name }, await (await worker.api()).cartSummary({ name }));
  }

  /** Resolves once storage and the badge have every change made so far (the store's answers do not wait for them). */
  const settled = () => following;

  return { change, syncCount, settled };
}

/** The store's cart calls, each through `change` so the badge and the cart state follow. */
function storeCalls(stored: WorkerStorage, change: Change, cartState: CartStateWriter) {
  return {
    summary: (target: CartTarget) =>
      change(
        target,
        async (api) => ({ result: await api.cartSummary(target) }),
        (summary) => ({ summary, change: cartChanges.counted() }),
      ),
    view: (target: CartTarget) =>
      change(
        target,
        async (api) => {
          const view = await api.viewCart(target);
          await keepSoldFormats(await stored.storeUrl.getValue(), view.audioFormats);
          return { result: view, version: view.version };
        },
        ({ cart }) => ({ summary: cart, change: cartChanges.read(cart.items) }),
      ),
    async add({
      name,
      items,
      alreadyPurchasedOverride,
      expectedVersion,
    }: CartTarget & CartPrecondition & { items: CartItemInput[]; alreadyPurchasedOverride?: boolean }) {
      const result = await change(
        { name },
        (api) => api.addToCart(items, { name, alreadyPurchasedOverride, expectedVersion }),
        (added) => ({ summary: added.cart, change: cartChanges.added(items, added) }),
      );
      await rememberCart(stored, name);
      await quietly(cartState.ownedWarned(result.warnings));
      return result;
    },
    setItemFormats: ({ name, items }: CartTarget & { items: CartItemInput[] }) =>
      change(
        { name },
        (api) => api.setItemFormats(items, { name }),
        (result) => ({
          summary: result.cart,
          change: cartChanges.formatsSet(items, result.warnings),
        }),
      ),
    setCartFormat: ({ name, audioFormat }: CartTarget & { audioFormat: AudioFormat }) =>
      change(
        { name },
        (api) => api.setCartFormat(audioFormat, { name }),
        (result) => ({
          summary: result.cart,
          change: cartChanges.cartFormatSet(audioFormat),
        }),
      ),
    remove: ({
      name,
      items,
      expectedVersion,
    }: CartTarget & CartPrecondition & { items: { id: number; type: ItemType }[] }) =>
      change(
        { name },
        (api) => api.removeFromCart(items, { name, expectedVersion }),
        (result) => ({
          summary: result.cart,
          change: cartChanges.removed(items),
        }),
      ),
    empty: (target: CartTarget) =>
      change(
        target,
        (api) => api.emptyCart(target),
        (result) => ({ summary: result.cart, change: cartChanges.emptied() }),
      ),
  };
}

export function createCartService(worker: WorkerContext) {
  const cartState = createCartStateWriter(worker);
  const { change, syncCount, settled } = inStep(worker, cartState);
  const calls = storeCalls(worker.stored, change, cartState);
  return {
    cartState,
    settled,
    ...calls,
    ...cartSession(worker.stored, cartState, syncCount),
    /** An add checked for overlap with the cart and the library first (checked-add.ts). */
    addChecked: (payload: CheckedAddRequest) => checkedAdd(calls, worker.api(), payload, worker.stored),
    /** A shared crate into a named cart, all or nothing (crate-import.ts). */
    importCrate: async (cartName: string, crate: CrateFile) =>
      importCrate(cartName, crate, await worker.api(), calls),
  };
}

export type CartService = ReturnType<typeof createCartService>;
