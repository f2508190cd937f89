/** Drives the popup's "New for you" tab in end-to-end tests (Chromium and Firefox: test/e2e/ui.ts). */
import type { AudioFormat } from '../../../lib/contract/wire.ts';
import type { UiLocator } from '../../../test/e2e/ui.ts';
import { english, type PopupWords } from '../popup-words.page.ts';

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

  /** A release's row, by its id: two new releases can have the same title. */
  release(id: number): L {
    return this.panel.locator(`li[data-release="${id}"]`) as L;
  }

  async addToCart(release: { id: number; name: string }, format: AudioFormat): Promise<void> {
    const row = this.release(release.id);
    await row
      .getByRole('combobox', { name: this.words.t('popup.newForYou.formatFor', release.name) })
      .selectOption(format);
    await row.getByRole('button', { name: this.words.t('popup.newForYou.addItem', release.name) }).click();
  }

  get status(): L {
    return this.panel.getByRole('status') as L;
  }

  async markAllSeen(): Promise<void> {
    await this.panel.getByRole('button', { name: this.words.t('popup.newForYou.markAllSeen') }).click();
  }
}
