/**
 * What the control's clicks ask of the background, as protocol messages. Adds go to the cart
 * chosen in the popup (settings.currentCartSetting). The background checks the sender and the ids
 * again; nothing here is trusted more than a page could be.
 */
import type { CartActions } from '../../components/content/cart-buttons.ts';
import type { PageItem } from './decorate.ts';
import { readPageStorage } from './page-storage.ts';
import { ActionError, send } from './send.ts';

const ref = ({ id, type }: PageItem) => ({ id, type });
const currentCart = async () => (await readPageStorage()).currentCart;

/** Warnings that mean the item did not go in, said briefly for the row. */
const refusals: Partial<Record<string, string>> = {
  notFound: 'The store no longer has this.',
  notPurchasable: 'The store does not sell this.',
};

/** Saves a download link the way a click on a download link would, if it is on this store. */
function saveLink(url: string): void {
  const link = new URL(url, location.href);
  if (link.origin !== location.origin)
    throw new ActionError('invalidResponse', 'The download link looks wrong.');
  const anchor = document.createElement('a');
  anchor.href = link.href;
  anchor.download = '';
  anchor.click();
}

export const cartActions: CartActions = {
  async add(item, audioFormat, alreadyPurchasedOverride) {
    const name = await currentCart();
    const result = await send('addToCart', {
      name,
      items: [{ ...ref(item), audioFormat }],
      ...(alreadyPurchasedOverride ? { alreadyPurchasedOverride } : {}),
    });
    const warning = result.warnings.find((w) => w.id === item.id && w.type === item.type);
    if (warning?.code === 'alreadyPurchased') return 'alreadyPurchased';
    const refusal = warning && refusals[warning.code];
    if (refusal) throw new ActionError(warning.code, refusal);
    return 'added';
  },
  async changeFormat(item, audioFormat) {
    const name = await currentCart();
    await send('setItemFormats', { name, items: [{ ...ref(item), audioFormat }] });
  },
  async remove(item) {
    const name = await currentCart();
    await send('removeFromCart', { name, items: [ref(item)] });
  },
  async freeDownload(item) {
    saveLink((await send('promoDownload', { trackId: item.id })).url);
  },
  async signIn() {
    const state = await send('signIn', {});
    if (!state.signedIn) throw new ActionError('signedOut', 'Sign-in did not finish.');
  },
};
