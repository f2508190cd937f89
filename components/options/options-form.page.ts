/** Drives the OptionsForm in end-to-end tests. */
import type { Locator, Page } from 'playwright-core';

export class OptionsFormPage {
  constructor(readonly page: Page) {}

  get status(): Locator {
    return this.page.getByRole('status');
  }

  /** Saves a store URL and resolves with what the page answered ("Saved." or why not). */
  async setStoreUrl(storeUrl: string): Promise<string> {
    await this.page.getByLabel('Store URL').fill(storeUrl);
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
