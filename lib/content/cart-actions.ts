/**
 * What the control's clicks ask of the background, as protocol messages. Adds go to the cart
 * chosen in the popup (items.ts, currentCartSetting). The background checks the sender and the ids
 * again; nothing here is trusted more than a page could be.
 */
import { i18n } from '#i18n';
import type { AudioFormat } from '../contract/audio-formats.ts';
import type { CheckedAdd, OverlapChoice } from '../protocol/messages.ts';
import { send } from '../protocol/send.ts';
import { StoreError, type StoreErrorKind } from '../protocol/store-error.ts';
import type { PageItem } from './decorate.ts';
import { knownPageStorage } from './page-storage.ts';

const ref = ({ id, type }: PageItem) => ({ id, type });
// The cart the page knows (kept current by storage's changes): a click reads no storage.
const currentCart = async () => (await knownPageStorage()).currentCart;

/** Warnings that mean the item did not go in, said briefly for the row, with the error kind they are. */
const refusals: Partial<Record<string, { kind: StoreErrorKind; message: () => string }>> = {
  notFound: { kind: 'notFound', message: () => i18n.t('content.gone') },
  notPurchasable: { kind: 'forbidden', message: () => i18n.t('content.notSold') },
};

/** Saves a download link the way a click on a download link would, if it is on this store. */
function saveLink(url: string): void {
  const link = new URL(url, location.href);
  if (link.origin !== location.origin)
    throw new StoreError({ kind: 'invalidResponse', message: i18n.t('content.badLink') });
  const anchor = document.createElement('a');
  anchor.href = link.href;
  anchor.download = '';
  anchor.click();
}

/** An add that overlaps the cart or the library, to be asked about. */
export type AskOverlap = Extract<CheckedAdd, { outcome: 'overlap' }>;

/** 'alreadyPurchased' when the store kept an owned item out (its warning flow); throws on a refusal. */
function outcomeOf(item: PageItem, warnings: { id: number; type: string; code: string }[]) {
  const warning = warnings.find((w) => w.id === item.id && w.type === item.type);
  if (warning?.code === 'alreadyPurchased') return 'alreadyPurchased' as const;
  const refusal = warning && refusals[warning.code];
  if (refusal) throw new StoreError({ kind: refusal.kind, message: refusal.message() });
  return 'added' as const;
}

/** What a click asks of the background (lib/content/cart-actions.ts). */
export interface CartActions {
  /**
   * Without the override, checked for overlap with the cart and the library first: an overlap
   * comes back to be asked. 'alreadyPurchased' when the store kept an owned item out.
   */
  add(
    item: PageItem,
    format: AudioFormat,
    alreadyPurchasedOverride: boolean,
  ): Promise<'added' | 'alreadyPurchased' | AskOverlap>;
  /** Carries out the person's answer to an overlap. */
  resolveOverlap(item: PageItem, format: AudioFormat, choice: OverlapChoice): Promise<void>;
  changeFormat(item: PageItem, format: AudioFormat): Promise<void>;
  remove(item: PageItem): Promise<void>;
  freeDownload(item: PageItem): Promise<void>;
  signIn(): Promise<void>;
}

export const cartActions: CartActions = {
  async add(item, audioFormat, alreadyPurchasedOverride) {
    const name = await currentCart();
    if (alreadyPurchasedOverride) {
      const result = await send('addToCart', {
        name,
        items: [{ ...ref(item), audioFormat }],
        alreadyPurchasedOverride,
      });
      return outcomeOf(item, result.warnings);
    }
    const checked = await send('addChecked', { name, item: { ...ref(item), audioFormat } });
    return checked.outcome === 'overlap' ? checked : outcomeOf(item, checked.result.warnings);
  },
  async resolveOverlap(item, audioFormat, choice) {
    const name = await currentCart();
    await send('addChecked', { name, item: { ...ref(item), audioFormat }, choice });
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
    if (!state.signedIn)
      throw new StoreError({ kind: 'signedOut', message: i18n.t('content.signInUnfinished') });
  },
};
