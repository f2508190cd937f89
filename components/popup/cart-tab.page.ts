/** Drives the popup's cart tab in end-to-end tests (Chromium and Firefox: test/e2e/ui.ts). */
import type { AudioFormat } from '../../lib/contract/wire.ts';
import type { UiLocator } from '../../test/e2e/ui.ts';

const formatLabels: Record<AudioFormat, string> = { mp3: 'MP3', wav: 'WAV', aiff: 'AIFF' };

export class CartTabPage<L extends UiLocator> {
  constructor(readonly panel: L) {}

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
    return this.item(name).getByText(/^Pays twice: /) as L;
  }

  get items(): L {
    return this.panel.locator('.cart-items > li') as L;
  }

  formatOf(name: string): L {
    return this.panel.getByRole('combobox', { name: `Format of "${name}"` }) as L;
  }

  async setFormat(name: string, format: AudioFormat): Promise<void> {
    await this.formatOf(name).selectOption(format);
  }

  async remove(name: string): Promise<void> {
    await this.panel.getByRole('button', { name: `Remove "${name}"` }).click();
  }

  get undoButton(): L {
    return this.panel.getByRole('button', { name: 'Undo' }) as L;
  }

  get switcher(): L {
    return this.panel.getByRole('group', { name: 'Set all items to' }) as L;
  }

  /** Picks a format in "Set all items to" and returns the preview it shows. */
  async previewAll(format: AudioFormat): Promise<L> {
    await this.switcher.getByLabel(formatLabels[format], { exact: true }).check();
    return this.switcher.locator('.preview') as L;
  }

  async applyAll(format: AudioFormat): Promise<void> {
    await this.switcher.getByRole('button', { name: `Apply ${formatLabels[format]} to all` }).click();
  }

  async emptyCart(): Promise<void> {
    await this.panel.getByRole('button', { name: 'Empty cart' }).click();
    await this.panel.getByRole('button', { name: 'Yes, empty the cart' }).click();
  }

  get emptyNotice(): L {
    return this.panel.getByText(/is empty$/) as L;
  }

  get warnings(): L {
    return this.panel.locator('.warning') as L;
  }
}
