/** Drives the popup's "New for you" tab in end-to-end tests (Chromium and Firefox: test/e2e/ui.ts). */
import type { AudioFormat } from '../../lib/contract/wire.ts';
import type { UiLocator } from '../../test/e2e/ui.ts';
import { english, type PopupWords } from './popup-words.page.ts';

export class NewForYouTabPage<L extends UiLocator> {
  constructor(
    readonly panel: L,
    readonly words: PopupWords = english,
  ) {}

  /** One row per listed release. */
  get releases(): L {
    return this.panel
      .getByRole('list', { name: this.words.t('popup.newForYou.listLabel') })
      .getByRole('listitem') as L;
  }

  release(name: string): L {
    return this.releases.filter({ hasText: name }) as L;
  }

  async addToCart(name: string, format: AudioFormat): Promise<void> {
    await this.panel
      .getByRole('combobox', { name: this.words.t('popup.newForYou.formatFor', name) })
      .selectOption(format);
    await this.panel.getByRole('button', { name: this.words.t('popup.newForYou.addItem', name) }).click();
  }

  get status(): L {
    return this.panel.getByRole('status') as L;
  }

  async markAllSeen(): Promise<void> {
    await this.panel.getByRole('button', { name: this.words.t('popup.newForYou.markAllSeen') }).click();
  }
}
