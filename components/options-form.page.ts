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
}
