/** Drives the popup's "New for you" tab in end-to-end tests (Chromium and Firefox: test/e2e/ui.ts). */
import type { AudioFormat } from '../../lib/contract/wire.ts';
import type { UiLocator } from '../../test/e2e/ui.ts';

export class NewForYouTabPage<L extends UiLocator> {
  constructor(readonly panel: L) {}

  /** One row per listed release. */
  get releases(): L {
    return this.panel.getByRole('list', { name: 'New releases' }).getByRole('listitem') as L;
  }

  release(name: string): L {
    return this.releases.filter({ hasText: name }) as L;
  }

  async addToCart(name: string, format: AudioFormat): Promise<void> {
    await this.panel.getByRole('combobox', { name: `Format for "${name}"` }).selectOption(format);
    await this.panel.getByRole('button', { name: `Add "${name}" to cart` }).click();
  }

  get status(): L {
    return this.panel.getByRole('status') as L;
  }

  async markAllSeen(): Promise<void> {
    await this.panel.getByRole('button', { name: 'Mark all seen' }).click();
  }
}
