import { useState } from 'preact/hooks';
import { cartPageUrl } from '../../lib/contract/store-urls.ts';
import { openTab } from '../../lib/popup/open-tab.ts';

export const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

interface CartFooterProps {
  storeUrl: string;
  itemCount: number;
  disabled: boolean;
  onEmpty(): void;
}

/** Empty the cart (asked twice) and checkout, which happens on the store's own cart page. */
export function CartFooter({ storeUrl, itemCount, disabled, onEmpty }: CartFooterProps) {
  const [confirmEmpty, setConfirmEmpty] = useState(false);
  return (
    <div class="cart-actions">
      {confirmEmpty ? (
        <fieldset class="confirm">
          <legend class="visually-hidden">Confirm emptying the cart</legend>
          <span>Remove all {plural(itemCount, 'item')}?</span>
          <button
            type="button"
            class="danger"
            onClick={() => {
              setConfirmEmpty(false);
              onEmpty();
            }}
          >
            Yes, empty the cart
          </button>
          <button type="button" onClick={() => setConfirmEmpty(false)}>
            Keep them
          </button>
        </fieldset>
      ) : (
        <button type="button" disabled={disabled} onClick={() => setConfirmEmpty(true)}>
          Empty cart
        </button>
      )}
      <button type="button" class="primary" onClick={() => openTab(`${storeUrl}${cartPageUrl}`)}>
        Checkout on the store
      </button>
    </div>
  );
}
