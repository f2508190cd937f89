/** Drives the popup's cart tab in end-to-end tests. */
import type { Locator } from 'playwright-core';
import type { AudioFormat } from '../../lib/contract/wire.ts';

const formatLabels: Record<AudioFormat, string> = { mp3: 'MP3', wav: 'WAV', aiff: 'AIFF' };

export class CartTabPage {
  constructor(readonly panel: Locator) {}

  /** "3 items: 2 tracks, 1 release". */
  get counts(): Locator {
    return this.panel.locator('.cart-counts');
  }

  get total(): Locator {
    return this.panel.locator('.cart-total');
  }

  get items(): Locator {
    return this.panel.locator('.cart-items > li');
  }

  formatOf(name: string): Locator {
    return this.panel.getByRole('combobox', { name: `Format of "${name}"` });
  }

  async setFormat(name: string, format: AudioFormat): Promise<void> {
    await this.formatOf(name).selectOption(format);
  }

  async remove(name: string): Promise<void> {
    await this.panel.getByRole('button', { name: `Remove "${name}"` }).click();
  }

  get undoButton(): Locator {
    return this.panel.getByRole('button', { name: 'Undo' });
  }

  get switcher(): Locator {
    return this.panel.getByRole('group', { name: 'Set all items to' });
  }

  /** Picks a format in "Set all items to" and returns the preview it shows. */
  async previewAll(format: AudioFormat): Promise<Locator> {
    await this.switcher.getByLabel(formatLabels[format], { exact: true }).check();
    return this.switcher.locator('.preview');
  }

  async applyAll(format: AudioFormat): Promise<void> {
    await this.switcher.getByRole('button', { name: `Apply ${formatLabels[format]} to all` }).click();
  }

  async emptyCart(): Promise<void> {
    await this.panel.getByRole('button', { name: 'Empty cart' }).click();
    await this.panel.getByRole('button', { name: 'Yes, empty the cart' }).click();
  }

  get emptyNotice(): Locator {
    return this.panel.getByText(/is empty$/);
  }

  get warnings(): Locator {
    return this.panel.locator('.warning');
  }
}
