import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { cartPageUrl } from '../../../lib/contract/store-urls.ts';
import { plural } from '../../../lib/i18n/plural.ts';
import { openTab } from '../../../lib/popup/open-tab.ts';

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
          <legend class="visually-hidden">{i18n.t('popup.cart.confirmLegend')}</legend>
          <span>{plural('popup.cart.confirmEmpty', itemCount)}</span>
          <button
            type="button"
            class="danger"
            onClick={() => {
              setConfirmEmpty(false);
              onEmpty();
            }}
          >
            {i18n.t('popup.cart.yesEmpty')}
          </button>
          <button type="button" onClick={() => setConfirmEmpty(false)}>
            {i18n.t('popup.cart.keep')}
          </button>
        </fieldset>
      ) : (
        <button type="button" disabled={disabled} onClick={() => setConfirmEmpty(true)}>
          {i18n.t('popup.cart.empty')}
        </button>
      )}
      <button type="button" class="primary" onClick={() => openTab(`${storeUrl}${cartPageUrl}`)}>
        {i18n.t('popup.cart.checkout')}
      </button>
    </div>
  );
}
