/** Drives the popup's cart tab in end-to-end tests (Chromium and Firefox: test/e2e/ui.ts). */

import { formatLabel } from '../../../lib/contract/audio-formats.ts';
import type { AudioFormat } from '../../../lib/contract/wire.ts';
import type { UiLocator } from '../../../test/e2e/ui.ts';
import { english, type PopupWords } from '../popup-words.page.ts';

export class CartTabPage<L extends UiLocator> {
  constructor(
    readonly panel: L,
    readonly words: PopupWords = english,
  ) {}

  /** "3 items: 2 tracks, 1 release". */
  get counts(): L {
    return this.panel.locator('.cart-counts') as L;
  }

  get total(): L {
    return this.panel.locator('.cart-total') as L;
  }

  /** "Without paying twice $X": shown when some items would be paid for twice. */
  get totalWithoutPayingTwice(): L {
    return this.panel.locator('.cart-total-without') as L;
  }

  /** The row of the item named `name` (a row is named by its title). */
  item(name: string): L {
    return this.panel.getByRole('listitem', { name, exact: true }) as L;
  }

  /** An item's "Pays twice: $1.49" flag. */
  paysTwice(name: string): L {
    return this.item(name).getByText(this.words.pattern('popup.cart.paysTwice')) as L;
  }

  get items(): L {
    return this.panel.locator('.cart-items > li') as L;
  }

  formatOf(name: string): L {
    return this.panel.getByRole('combobox', { name: this.words.t('popup.cart.formatOf', name) }) as L;
  }

  async setFormat(name: string, format: AudioFormat): Promise<void> {
    await this.formatOf(name).selectOption(format);
  }

  async remove(name: string): Promise<void> {
    await this.panel.getByRole('button', { name: this.words.t('popup.cart.removeItem', name) }).click();
  }

  get undoButton(): L {
    return this.panel.getByRole('button', { name: this.words.t('popup.cart.undo') }) as L;
  }

  get switcher(): L {
    return this.panel.getByRole('group', { name: this.words.t('popup.switcher.legend') }) as L;
  }

  /** Picks a format in "Set all items to" and returns the preview it shows. */
  async previewAll(format: AudioFormat): Promise<L> {
    await this.switcher.getByLabel(formatLabel(format), { exact: true }).check();
    return this.switcher.locator('.preview') as L;
  }

  async applyAll(format: AudioFormat): Promise<void> {
    await this.switcher
      .getByRole('button', { name: this.words.t('popup.switcher.apply', formatLabel(format)) })
      .click();
  }

  async emptyCart(): Promise<void> {
    await this.panel.getByRole('button', { name: this.words.t('popup.cart.empty') }).click();
    await this.panel.getByRole('button', { name: this.words.t('popup.cart.yesEmpty') }).click();
  }

  /** "Your cart is empty", or a named cart's. */
  get emptyNotice(): L {
    return this.panel.getByText(this.words.pattern('popup.cart.emptyYours', 'popup.cart.emptyNamed')) as L;
  }

  get warnings(): L {
    return this.panel.locator('.warning') as L;
  }
}
