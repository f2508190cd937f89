/**
 * An add with no button to show how it went (the keyboard shortcut, a notification's "Add to
 * cart"): the item goes to the current cart in the default format, checked for overlap first, and
 * a notification says the outcome (added, already owned, signed out, would pay twice).
 */
import type { CatalogItemRef } from '../../contract/catalog-url.ts';
import { errorMessage } from '../../protocol/error-message.ts';
import type { CheckedAdd } from '../../protocol/messages.ts';
import { StoreError } from '../../protocol/store-error.ts';
import { currentCartSetting, defaultAudioFormatSetting } from '../../storage/items.ts';
import { notifyInCollection } from '../collection/collection-check.ts';
import { notifyAddedToCart, notifyProblem } from '../downloads/notifications.ts';
import type { CartService } from './cart-service.ts';
import { choosePrompt } from './checked-add.ts';

async function checked(cart: CartService, ref: CatalogItemRef, name: string): Promise<CheckedAdd | null> {
  const audioFormat = await defaultAudioFormatSetting.getValue();
  try {
    return await cart.addChecked({ name, item: { ...ref, audioFormat } });
  } catch (error) {
    if (error instanceof StoreError && error.kind === 'signedOut') {
      await notifyProblem(
        'Sign in to Crate first',
        'Open Crate from the toolbar, sign in, then press the shortcut again.',
      );
    } else {
      await notifyProblem('Not added to your cart', errorMessage(error));
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
    await notifyProblem('Not added: you would pay twice', `${outcome.message} ${choosePrompt}`);
    return;
  }
  const [added] = outcome.result.added;
  const [warning] = outcome.result.warnings;
  if (added) await notifyAddedToCart(added.name, name);
  else if (warning?.code === 'alreadyPurchased') {
    await notifyProblem(
      'You already own this',
      `${warning.message} To buy it again, use the page's format buttons and confirm.`,
    );
  } else if (warning) await notifyProblem('Not added to your cart', warning.message);
}
