/**
 * An add with no button to show how it went (the keyboard shortcut, a notification's "Add to
 * cart"): the item goes to the current cart in the default format, checked for overlap first, and
 * a notification says the outcome (added, already owned, signed out, would pay twice).
 */
import { i18n } from '#i18n';
import type { CatalogItemRef } from '../../contract/catalog-url.ts';
import { errorMessage } from '../../i18n/error-message.ts';
import type { CheckedAdd } from '../../protocol/messages.ts';
import { StoreError } from '../../protocol/store-error.ts';
import { currentCartSetting, defaultAudioFormatSetting } from '../../storage/items.ts';
import { notifyInCollection } from '../collection/collection-check.ts';
import { notifyAddedToCart, notifyProblem } from '../downloads/notifications.ts';
import type { CartService } from './cart-service.ts';

async function checked(cart: CartService, ref: CatalogItemRef, name: string): Promise<CheckedAdd | null> {
  const audioFormat = await defaultAudioFormatSetting.getValue();
  try {
    return await cart.addChecked({ name, item: { ...ref, audioFormat } });
  } catch (error) {
    if (error instanceof StoreError && error.kind === 'signedOut') {
      await notifyProblem(
        i18n.t('background.problem.signInTitle'),
        i18n.t('background.problem.signInMessage'),
      );
    } else {
      await notifyProblem(i18n.t('background.problem.notAdded'), errorMessage(error));
    }
    return null;
  }
}

/** The collection source holding a track ("rekordbox"), or null (collection/collection-check.ts). */
export type CollectionSource = (ref: CatalogItemRef) => Promise<string | null>;

export async function addWithNotice(
  cart: CartService,
  ref: CatalogItemRef,
  inCollection: CollectionSource,
): Promise<void> {
  // A track the DJ has elsewhere: with no way to ask "buy anyway?", it is not added and said so.
  const source = await inCollection(ref);
  if (source !== null) return notifyInCollection(source);
  const name = await currentCartSetting.getValue();
  const outcome = await checked(cart, ref, name);
  if (outcome === null) return;
  // Checked for overlap first: with no way to ask, an overlap adds nothing and says why.
  if (outcome.outcome === 'overlap') {
    await notifyProblem(
      i18n.t('background.problem.payTwice'),
      `${outcome.message} ${i18n.t('background.problem.choose')}`,
    );
    return;
  }
  const [added] = outcome.result.added;
  const [warning] = outcome.result.warnings;
  if (added) await notifyAddedToCart(added.name, name);
  else if (warning?.code === 'alreadyPurchased') {
    await notifyProblem(
      i18n.t('background.problem.ownedTitle'),
      i18n.t('background.problem.ownedMessage', [warning.message]),
    );
  } else if (warning) await notifyProblem(i18n.t('background.problem.notAdded'), warning.message);
}
