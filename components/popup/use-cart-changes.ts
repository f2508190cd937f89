import { useEffect, useState } from 'preact/hooks';
import type { AudioFormat, CartItem, CartItemInput, CartWarning } from '../../lib/contract/wire.ts';
import { type ReadableWarning, readableWarning } from '../../lib/popup/cart-warnings.ts';
import { itemKey } from '../../lib/popup/format-preview.ts';
import type { CartViewValue } from '../../lib/popup/popup-snapshot.ts';
import { errorMessage } from '../../lib/protocol/error-message.ts';
import { send } from '../../lib/protocol/send.ts';
import type { CachedResource } from './use-cached-resource.ts';

/**
 * The cart tab's changes: each is shown at once in the cached view, sent to the store, and followed
 * by a reload for the store's prices. Keeps what the person is told about the last change (its
 * problem, its warnings, the item just removed for undo) until the next one or another cart.
 */
export function useCartChanges(cart: CachedResource<CartViewValue>, cartName: string) {
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<ReadableWarning[]>([]);
  const [removed, setRemoved] = useState<CartItem | null>(null);
  // Items the popup tried to add back (undo), by key, for the "add anyway" override.
  const [pendingAdds, setPendingAdds] = useState<Map<string, CartItemInput>>(() => new Map());

  // Another cart: messages about the last one no longer apply.
  useEffect(() => {
    setWarnings([]);
    setProblem(null);
    setRemoved(null);
  }, [cartName]);

  const names = new Map((cart.cached?.value.cart.items ?? []).map((item) => [itemKey(item), item.name]));
  if (removed) names.set(itemKey(removed), removed.name);

  /** Runs one change at the store, shows its warnings, then reloads the cart for the new prices. */
  async function act(label: string, change: () => Promise<{ warnings: CartWarning[] }>) {
    setBusy(label);
    setProblem(null);
    setWarnings([]);
    try {
      const result = await change();
      setWarnings(result.warnings.map((warning) => readableWarning(warning, names)));
    } catch (caught) {
      setProblem(errorMessage(caught));
    } finally {
      await cart.refresh();
      setBusy(null);
    }
  }

  const setItems = (change: (items: CartItem[]) => CartItem[]) =>
    cart.update((shown) => ({ ...shown, cart: { ...shown.cart, items: change(shown.cart.items) } }));

  function add(item: CartItemInput, alreadyPurchasedOverride?: boolean) {
    setPendingAdds((pending) => new Map(pending).set(itemKey(item), item));
    void act('add', () => send('addToCart', { name: cartName, items: [item], alreadyPurchasedOverride }));
  }

  return {
    busy,
    problem,
    warnings,
    removed,
    pendingAdds,

    changeFormat(item: CartItem, audioFormat: AudioFormat) {
      setItems((items) =>
        items.map((each) => (itemKey(each) === itemKey(item) ? { ...each, audioFormat } : each)),
      );
      void act('format', () =>
        send('setItemFormats', {
          name: cartName,
          items: [{ id: item.id, type: item.type, audioFormat }],
        }),
      );
    },

    remove(item: CartItem) {
      setItems((items) => items.filter((each) => itemKey(each) !== itemKey(item)));
      setRemoved(item);
      void act('remove', () =>
        send('removeFromCart', { name: cartName, items: [{ id: item.id, type: item.type }] }),
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
      setItems(() => []);
      void act('empty', () => send('emptyCart', { name: cartName }));
    },

    setAll(audioFormat: AudioFormat) {
      setItems((items) => items.map((item) => ({ ...item, audioFormat })));
      void act('setAll', () => send('setCartFormat', { name: cartName, audioFormat }));
    },
  };
}

export type CartChanges = ReturnType<typeof useCartChanges>;
