import { i18n } from '#i18n';
import { itemKey } from '../../../lib/contract/item-key.ts';
import type { CartChanges } from './use-cart-changes.ts';

/** What the last change to the cart said: a problem, the store's warnings, and undo for a removal. */
export function CartMessages({ changes }: { changes: CartChanges }) {
  const { problem, warnings, pendingAdds, removed } = changes;
  return (
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
              <button type="button" class="link-button" onClick={() => changes.addAnyway(warning, pending)}>
                {i18n.t('popup.cart.addAnyway')}
              </button>
            )}
          </p>
        );
      })}
      {removed && (
        <p class="undo">
          {i18n.t('popup.cart.removed', [removed.name])}{' '}
          <button type="button" class="link-button" onClick={changes.undoRemove}>
            {i18n.t('popup.cart.undo')}
          </button>
        </p>
      )}
    </div>
  );
}
