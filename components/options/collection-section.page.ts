/** Drives the CollectionSection of the options page in end-to-end tests (Chromium and Firefox: test/e2e/ui.ts). */
import type { LocatorOf, UiPage } from '../../test/e2e/ui.ts';

export class CollectionSectionPage<P extends UiPage> {
  constructor(readonly page: P) {}

  /** What the last import said: how many tracks it read, what it skipped and why. */
  get report(): LocatorOf<P> {
    return this.page.locator('.collection-status') as LocatorOf<P>;
  }

  get sources(): LocatorOf<P> {
    return this.page.getByRole('list', { name: 'Collection sources' }).getByRole('listitem') as LocatorOf<P>;
  }

  /**
   * Imports a collection file (its path on this machine) on a page that has not imported yet;
   * resolves with the import's report, or with why it was refused.
   */
  async importFile(path: string, timeout = 30_000): Promise<string> {
    await this.page.getByLabel('Your DJ collection').setInputFiles(path);
    await this.report
      .filter({ hasText: /^Read \d|neither|nothing was changed|export the collection again/ })
      .waitFor({ timeout });
    return (await this.report.textContent()) ?? '';
  }

  async remove(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Remove ${name}` }).click();
  }
}
