import { useEffect, useState } from 'preact/hooks';
import type { AudioFormat, CartItem, CartItemInput, CartWarning } from '../../lib/contract/wire.ts';
import { type ReadableWarning, readableWarning } from '../../lib/popup/cart-warnings.ts';
import { itemKey } from '../../lib/popup/format-preview.ts';
import { formatMoney } from '../../lib/popup/money.ts';
import { openTab } from '../../lib/popup/open-tab.ts';
import { type CartViewValue, cartCacheKey, rememberShownCart } from '../../lib/popup/popup-snapshot.ts';
import { errorMessage } from '../../lib/protocol/error-message.ts';
import { send } from '../../lib/protocol/send.ts';
import type { Cached, CacheScope } from '../../lib/storage/popup-cache.ts';
import { CartItemRow } from './cart-item-row.tsx';
import { ErrorNotice } from './error-notice.tsx';
import { FormatSwitcher } from './format-switcher.tsx';
import { Notice } from './notice.tsx';
import { RefreshStatus } from './refresh-status.tsx';
import { useCachedResource } from './use-cached-resource.ts';

export interface CartTabProps {
  scope: CacheScope | null;
  storeUrl: string;
  cartName: string;
  initial?: Cached<CartViewValue>;
  /** Changes when the popup wants every tab to ask the store again (back online, store back). */
  revalidate: number;
}

/** More than the popup shows without scrolling. */
const firstPaintRows = 12;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** "3 items: 2 tracks, 1 release". */
export function countsText(counts: CartViewValue['cart']['counts']): string {
  return `${plural(counts.items, 'item')}: ${plural(counts.tracks, 'track')}, ${plural(counts.releases, 'release')}`;
}

/** The cart tab: items with format and price, the total, the whole-cart switcher, remove, empty, checkout. */
export function CartTab({ scope, storeUrl, cartName, initial, revalidate }: CartTabProps) {
  const cart = useCachedResource<CartViewValue>({
    scope,
    key: cartCacheKey(cartName),
    load: () => send('viewCart', { name: cartName }),
    initial,
  });
  useEffect(() => {
    if (scope && cart.cached) void rememberShownCart(scope, cartName, cart.cached);
  }, [scope, cartName, cart.cached]);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<ReadableWarning[]>([]);
  const [removed, setRemoved] = useState<CartItem | null>(null);
  const [confirmEmpty, setConfirmEmpty] = useState(false);
  // The first paint shows the rows in view; a 200-item cart renders the rest right after it.
  const [rowLimit, setRowLimit] = useState(firstPaintRows);
  useEffect(() => setRowLimit(Number.POSITIVE_INFINITY), []);
  // Items the popup tried to add back (undo), by key, for the "add anyway" override.
  const [pendingAdds, setPendingAdds] = useState<Map<string, CartItemInput>>(() => new Map());

  useEffect(() => {
    if (revalidate > 0) void cart.refresh();
  }, [revalidate]);

  // Another cart: messages about the last one no longer apply.
  useEffect(() => {
    setWarnings([]);
    setProblem(null);
    setRemoved(null);
    setConfirmEmpty(false);
  }, [cartName]);

  const view = cart.cached?.value;
  const names = new Map((view?.cart.items ?? []).map((item) => [itemKey(item), item.name]));
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

  function changeFormat(item: CartItem, audioFormat: AudioFormat) {
    setItems((items) =>
      items.map((each) => (itemKey(each) === itemKey(item) ? { ...each, audioFormat } : each)),
    );
    void act('format', () =>
      send('setItemFormats', {
        name: cartName,
        items: [{ id: item.id, type: item.type, audioFormat }],
      }),
    );
  }

  function remove(item: CartItem) {
    setItems((items) => items.filter((each) => itemKey(each) !== itemKey(item)));
    setRemoved(item);
    void act('remove', () =>
      send('removeFromCart', { name: cartName, items: [{ id: item.id, type: item.type }] }),
    );
  }

  function add(item: CartItemInput, alreadyPurchasedOverride?: boolean) {
    setPendingAdds((pending) => new Map(pending).set(itemKey(item), item));
    void act('add', () => send('addToCart', { name: cartName, items: [item], alreadyPurchasedOverride }));
  }

  function undoRemove() {
    if (!removed) return;
    const { id, type, audioFormat } = removed;
    setRemoved(null);
    add({ id, type, audioFormat });
  }

  function emptyCart() {
    setConfirmEmpty(false);
    setRemoved(null);
    setItems(() => []);
    void act('empty', () => send('emptyCart', { name: cartName }));
  }

  function setAll(audioFormat: AudioFormat) {
    setItems((items) => items.map((item) => ({ ...item, audioFormat })));
    void act('setAll', () => send('setCartFormat', { name: cartName, audioFormat }));
  }

  const status = (
    <RefreshStatus
      refreshing={cart.refreshing || busy !== null}
      savedAt={cart.cached?.savedAt}
      error={cart.error}
      onRetry={() => void cart.refresh()}
    />
  );

  const messages = (
    <div class="messages" aria-live="polite">
      {problem && (
        <p class="problem" role="alert">
          {problem}
        </p>
      )}
      {warnings.map((warning) => {
        const pending = pendingAdds.get(itemKey(warning.warning));
        return (
          <p key={warning.key} class="warning">
            {warning.text}{' '}
            {warning.overridable && pending && (
              <button
                type="button"
                class="link-button"
                onClick={() => {
                  setWarnings((shown) => shown.filter((each) => each.key !== warning.key));
                  add(pending, true);
                }}
              >
                Add anyway
              </button>
            )}
          </p>
        );
      })}
      {removed && (
        <p class="undo">
          Removed "{removed.name}".{' '}
          <button type="button" class="link-button" onClick={undoRemove}>
            Undo
          </button>
        </p>
      )}
    </div>
  );

  if (!scope) {
    return (
      <Notice title="Sign in to see your cart">
        Use "Sign in" at the top: the store's login window opens, and your cart appears here.
      </Notice>
    );
  }
  if (!view) {
    if (cart.error) return <ErrorNotice error={cart.error} onRetry={() => void cart.refresh()} />;
    return (
      <div aria-busy="true">
        <Notice title="Loading your cart…" />
      </div>
    );
  }

  const { items, counts, total } = view.cart;
  const cartLabel = cartName === 'default' ? 'Your cart' : `Cart "${cartName}"`;
  return (
    <div class="cart-tab">
      {status}
      <p class="cart-summary">
        {/* elementtiming: the Element Timing API reports when its text was painted (bench/popup.ts). */}
        <span class="cart-counts" elementtiming="cart-summary">
          {countsText(counts)}
        </span>
        <span class="cart-total">
          Total <strong>{formatMoney(total)}</strong>
        </span>
      </p>
      {messages}
      {items.length === 0 ? (
        <Notice
          title={`${cartLabel} is empty`}
          action={
            <button type="button" onClick={() => openTab(storeUrl)}>
              Open the store
            </button>
          }
        >
          Add tracks and releases with the Crate buttons on the store's pages; they appear here.
        </Notice>
      ) : (
        <>
          <FormatSwitcher
            scope={scope}
            items={items}
            total={total}
            disabled={busy !== null}
            onApply={setAll}
          />
          <ul class="cart-items" aria-label={`Items in ${cartLabel.toLowerCase()}`}>
            {items.slice(0, rowLimit).map((item) => (
              <CartItemRow
                key={itemKey(item)}
                item={item}
                formats={view.audioFormats}
                disabled={busy === 'setAll' || busy === 'empty'}
                onFormat={changeFormat}
                onRemove={remove}
              />
            ))}
          </ul>
          <div class="cart-actions">
            {confirmEmpty ? (
              <fieldset class="confirm">
                <legend class="visually-hidden">Confirm emptying the cart</legend>
                <span>Remove all {plural(items.length, 'item')}?</span>
                <button type="button" class="danger" onClick={emptyCart}>
                  Yes, empty the cart
                </button>
                <button type="button" onClick={() => setConfirmEmpty(false)}>
                  Keep them
                </button>
              </fieldset>
            ) : (
              <button type="button" disabled={busy !== null} onClick={() => setConfirmEmpty(true)}>
                Empty cart
              </button>
            )}
            <button type="button" class="primary" onClick={() => openTab(`${storeUrl}/cart`)}>
              Checkout on the store
            </button>
          </div>
        </>
      )}
    </div>
  );
}
