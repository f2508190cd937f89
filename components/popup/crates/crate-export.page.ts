/**
 * Drives crate exports in end-to-end tests: the library tab's "Export crate…" and the cart tab's
 * "Export this cart…" (Chromium and Firefox: test/e2e/ui.ts).
 */
import type { LocatorOf, UiPage } from '../../../test/e2e/ui.ts';
import { english, type PopupWords } from '../popup-words.page.ts';

export type ExportFormat = 'rekordbox' | 'serato' | 'traktor' | 'm3u8';

const extensions: Record<ExportFormat, string> = {
  rekordbox: 'xml',
  serato: 'crate',
  traktor: 'nml',
  m3u8: 'm3u8',
};

export class CrateExportPage<P extends UiPage> {
  readonly dialog: LocatorOf<P>;

  constructor(
    readonly page: P,
    readonly words: PopupWords = english,
  ) {
    this.dialog = page.getByRole('dialog', { name: words.t('popup.export.label') }) as LocatorOf<P>;
  }

  /** Opens the library's dialog (its code loads on this click) and exports with these choices. */
  async export(name: string, format: ExportFormat, tracks: 'downloaded' | 'selection'): Promise<void> {
    await this.page.getByRole('button', { name: this.words.t('popup.library.exportCrate') }).click();
    await this.dialog.getByLabel(this.words.t('popup.export.name')).fill(name);
    await this.dialog
      .getByRole('combobox', { name: this.words.t('popup.export.tracks') })
      .selectOption(tracks);
    await this.exportAs(format);
  }

  /** Opens the cart tab's dialog for the current cart and exports it, named after the cart. */
  async exportCart(format: ExportFormat): Promise<void> {
    await this.page.getByRole('button', { name: this.words.t('popup.share.exportCart') }).click();
    await this.exportAs(format);
  }

  /** In the open dialog: exports again in this format, and waits for what it says. */
  async exportAs(format: ExportFormat): Promise<void> {
    await this.dialog
      .getByRole('combobox', { name: this.words.t('popup.export.format') })
      .selectOption(format);
    await this.dialog.getByRole('button', { name: this.words.t('popup.export.export'), exact: true }).click();
    const nothing = this.words.t('popup.export.nothing');
    await this.outcome
      .filter({
        hasText: new RegExp(`\\.${extensions[format]}\\W|${nothing.slice(0, nothing.indexOf(':'))}`),
      })
      .waitFor({ timeout: 30_000 });
  }

  /** The library's dialog with "USB stick for CDJs": the crate handed to the stick page. */
  async exportToStick(name: string, tracks: 'downloaded' | 'selection'): Promise<void> {
    await this.page.getByRole('button', { name: this.words.t('popup.library.exportCrate') }).click();
    await this.dialog.getByLabel(this.words.t('popup.export.name')).fill(name);
    await this.dialog
      .getByRole('combobox', { name: this.words.t('popup.export.tracks') })
      .selectOption(tracks);
    await this.dialog
      .getByRole('combobox', { name: this.words.t('popup.export.format') })
      .selectOption('usbStick');
    await this.dialog.getByRole('button', { name: this.words.t('popup.export.export'), exact: true }).click();
    await this.outcome
      .filter({ hasText: this.words.t('popup.export.stickOpened') })
      .waitFor({ timeout: 30_000 });
  }

  /** Closes the dialog, which lies over the popup's foot, as a person does before going on. */
  async close(): Promise<void> {
    await this.dialog.getByRole('button', { name: this.words.t('popup.export.close'), exact: true }).click();
    await this.dialog.waitFor({ state: 'detached' });
  }

  /** The one line under the format that says how its application imports the file. */
  get howTo(): LocatorOf<P> {
    return this.dialog.locator('p.hint') as LocatorOf<P>;
  }

  /** "3 tracks exported to "Journey.xml" in your downloads." and what is missing. */
  get outcome(): LocatorOf<P> {
    return this.dialog.locator('[role="status"]') as LocatorOf<P>;
  }

  /** "Artist - Title (Mix): not bought yet", one per track or release not in the file. */
  get missing(): LocatorOf<P> {
    return this.dialog
      .getByRole('list', { name: this.words.t('popup.export.missingLabel') })
      .getByRole('listitem') as LocatorOf<P>;
  }
}
