import { useEffect, useState } from 'preact/hooks';
import { itemKey } from '../../../lib/contract/item-key.ts';
import type { AudioFormat, CartItem, CartItemInput, CartWarning } from '../../../lib/contract/wire.ts';
import { errorMessage } from '../../../lib/i18n/error-message.ts';
import { type ReadableWarning, readableWarning } from '../../../lib/popup/cart-warnings.ts';
import type { CartViewValue } from '../../../lib/popup/popup-snapshot.ts';
import { send } from '../../../lib/protocol/send.ts';
import type { CachedResource } from '../data-hooks/use-cached-resource.ts';

/**
 * The cart tab's changes: each is shown at once in the cached view, sent to the store, and followed
 * by a reload for the store's prices. Keeps what the person is told about the last change (its
 * problem, its warnings, the item just removed for undo) until the next one or another cart.
 */
export function useCartChanges(cart: CachedResource<CartViewValue>, cartName: string) {
  const { busy, problem, warnings, setWarnings, removed, setRemoved, act } = useChangeRunner(cart, cartName);
  // Items the popup tried to add back (undo), by key, for the "add anyway" override.
  const [pendingAdds, setPendingAdds] = useState<Map<string, CartItemInput>>(() => new Map());

  function add(item: CartItemInput, alreadyPurchasedOverride?: boolean) {
    setPendingAdds((pending) => new Map(pending).set(itemKey(item), item));
    void act('add', () => send('addToCart', { name: cartName, items: [item], alreadyPurchasedOverride }));
  }

  return {
    busy,
    problem,
    /** The last change failed: its message says why, the cart's reload need not say it again. */
    failedChange: problem !== null,
    warnings,
    removed,
    pendingAdds,

    changeFormat(item: CartItem, audioFormat: AudioFormat) {
      void act(
        'format',
        () =>
          send('setItemFormats', {
            name: cartName,
            items: [{ id: item.id, type: item.type, audioFormat }],
          }),
        (items) => items.map((each) => (itemKey(each) === itemKey(item) ? { ...each, audioFormat } : each)),
      );
    },

    remove(item: CartItem) {
      setRemoved(item);
      void act(
        'remove',
        () => send('removeFromCart', { name: cartName, items: [{ id: item.id, type: item.type }] }),
        (items) => items.filter((each) => itemKey(each) !== itemKey(item)),
      );
    },

    undoRemove() {
      if (!removed) return;
      const { id, type, audioFormat } = removed;
      setRemoved(null);
      add({ id, type, audioFormat });
    },

    /** The store refused an owned item: add it anyway, as the person asked. */
    addAnyway(warning: ReadableWarning, item: CartItemInput) {
      setWarnings((shown) => shown.filter((each) => each.key !== warning.key));
      add(item, true);
    },

    emptyCart() {
      setRemoved(null);
      void act(
        'empty',
        () => send('emptyCart', { name: cartName }),
        () => [],
      );
    },

    setAll(audioFormat: AudioFormat) {
      void act(
        'setAll',
        () => send('setCartFormat', { name: cartName, audioFormat }),
        (items) => items.map((item) => ({ ...item, audioFormat })),
      );
    },
  };
}

/**
 * What the person is told about the last change (its problem, its warnings, the item just removed
 * for undo), and `act`, which runs one change.
 */
function useChangeRunner(cart: CachedResource<CartViewValue>, cartName: string) {
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<ReadableWarning[]>([]);
  const [removed, setRemoved] = useState<CartItem | null>(null);

  // Another cart: messages about the last one no longer apply.
  useEffect(() => {
    setWarnings([]);
    setProblem(null);
    setRemoved(null);
  }, [cartName]);

  const names = new Map((cart.cached?.value.cart.items ?? []).map((item) => [itemKey(item), item.name]));
  if (removed) names.set(itemKey(removed), removed.name);

  /**
   * Runs one change at the store, shows its warnings, then reloads the cart for the new prices.
   * The cart shows the change at once (`edit`); when the store refuses it or does not answer, it
   * shows again what it showed before, then what the store says. A failure is told once: the
   * reload's own failure (the same unreachable store) is not repeated (`failedChange`).
   */
  async function act(
    label: string,
    change: () => Promise<{ warnings: CartWarning[] }>,
    edit?: (items: CartItem[]) => CartItem[],
  ) {
    const before = cart.cached?.value;
    if (edit) setItems(edit);
    setBusy(label);
    setProblem(null);
    setWarnings([]);
    try {
      const result = await change();
      setWarnings(result.warnings.map((warning) => readableWarning(warning, names)));
    } catch (caught) {
      if (edit && before) cart.update(() => before);
      if (label === 'remove') setRemoved(null);
      setProblem(errorMessage(caught));
    } finally {
      await cart.refresh();
      setBusy(null);
    }
  }

  function setItems(change: (items: CartItem[]) => CartItem[]) {
    cart.update((shown) => ({ ...shown, cart: { ...shown.cart, items: change(shown.cart.items) } }));
  }

  return { busy, problem, warnings, setWarnings, removed, setRemoved, act };
}

export type CartChanges = ReturnType<typeof useCartChanges>;
