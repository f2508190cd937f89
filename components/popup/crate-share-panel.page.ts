/** Drives the cart tab's crate sharing in end-to-end tests (Chromium and Firefox: test/e2e/ui.ts). */
import type { LocatorOf, UiPage } from '../../test/e2e/ui.ts';

export class CrateSharePanelPage<P extends UiPage> {
  readonly panel: LocatorOf<P>;

  constructor(readonly page: P) {
    this.panel = page.getByRole('region', { name: 'Share and export crates' }) as LocatorOf<P>;
  }

  /** Saves the current cart as `<cart>.crate.json` in the download folder. */
  async share(): Promise<void> {
    await this.panel.getByRole('button', { name: 'Share this cart' }).click();
  }

  /** The cart a crate goes into (empty: the crate's own name). */
  async importInto(cartName: string): Promise<void> {
    await this.panel.getByLabel('Import into cart').fill(cartName);
  }

  /** The crate file input (each driver sets its files in its own way). */
  get fileInput(): LocatorOf<P> {
    return this.panel.getByLabel('Crate file') as LocatorOf<P>;
  }

  /** "2 added, 1 skipped." (the panel's own: not the export dialog's, which it may hold). */
  get report(): LocatorOf<P> {
    return this.panel.locator(':scope > [role="status"]') as LocatorOf<P>;
  }

  get problem(): LocatorOf<P> {
    return this.panel.locator(':scope > [role="alert"]') as LocatorOf<P>;
  }
}
