/** Drives the OptionsForm in end-to-end tests (Chromium and Firefox: test/e2e/ui.ts). */
import type { LocatorOf, UiPage } from '../../test/e2e/ui.ts';

export class OptionsFormPage<P extends UiPage> {
  constructor(readonly page: P) {}

  get status(): LocatorOf<P> {
    return this.page.getByRole('status') as LocatorOf<P>;
  }

  /** Saves a store URL and resolves with what the page answered ("Saved." or why not). */
  async setStoreUrl(storeUrl: string): Promise<string> {
    await this.page.getByLabel('Store URL').fill(storeUrl);
    await this.page.getByRole('button', { name: 'Save' }).click();
    await this.status.filter({ hasText: /./ }).waitFor();
    return (await this.status.textContent()) ?? '';
  }

  /** Saves the key notation ("musical", "camelot", "openKey"); resolves with what the page answered. */
  async setKeyNotation(notation: string): Promise<string> {
    await this.page.getByLabel('Key notation').selectOption(notation);
    await this.page.getByRole('button', { name: 'Save' }).click();
    await this.status.filter({ hasText: /./ }).waitFor();
    return (await this.status.textContent()) ?? '';
  }

  /** Saves how downloaded files are named; resolves with what the page answered. */
  async setFileNaming(filenameTemplate: string, folderPerRelease: boolean): Promise<string> {
    await this.page.getByLabel('File name template').fill(filenameTemplate);
    await this.page.getByLabel('A folder per release').setChecked(folderPerRelease);
    await this.page.getByRole('button', { name: 'Save' }).click();
    await this.status.filter({ hasText: /./ }).waitFor();
    return (await this.status.textContent()) ?? '';
  }
}
