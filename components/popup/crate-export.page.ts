/** Drives the library tab's crate export in end-to-end tests (Chromium and Firefox: test/e2e/ui.ts). */
import type { LocatorOf, UiPage } from '../../test/e2e/ui.ts';

export class CrateExportPage<P extends UiPage> {
  readonly dialog: LocatorOf<P>;

  constructor(readonly page: P) {
    this.dialog = page.getByRole('region', { name: 'Export crate' }) as LocatorOf<P>;
  }

  /** Opens the dialog (its code loads on this click) and exports with these choices. */
  async export(
    name: string,
    format: 'rekordbox' | 'm3u8',
    tracks: 'downloaded' | 'selection',
  ): Promise<void> {
    await this.page.getByRole('button', { name: 'Export crate…' }).click();
    await this.dialog.getByLabel('Crate name').fill(name);
    await this.dialog.getByRole('combobox', { name: 'Tracks' }).selectOption(tracks);
    await this.dialog.getByRole('combobox', { name: 'Format' }).selectOption(format);
    await this.dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await this.outcome.waitFor({ timeout: 30_000 });
  }

  /** "3 tracks exported to "Journey.xml" in your downloads." and what is missing. */
  get outcome(): LocatorOf<P> {
    return this.dialog.locator('[role="status"]') as LocatorOf<P>;
  }

  get missing(): LocatorOf<P> {
    return this.dialog
      .getByRole('list', { name: 'Missing from the export' })
      .getByRole('listitem') as LocatorOf<P>;
  }
}
