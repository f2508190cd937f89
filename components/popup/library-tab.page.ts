/** Drives the popup's library tab in end-to-end tests. */
import type { Locator } from 'playwright-core';

export class LibraryTabPage {
  constructor(readonly panel: Locator) {}

  /** Rendered entries (the list is virtualised: only those near the view exist). */
  get entries(): Locator {
    return this.panel.locator('.library-entry');
  }

  titles(): Promise<string[]> {
    return this.entries.locator('.item-title').allTextContents();
  }

  downloadButton(title: string): Locator {
    return this.panel.getByRole('button', { name: `Download "${title}"`, exact: true });
  }

  entry(title: string): Locator {
    // `has` looks inside each entry, so its locator starts from the page, not the panel.
    const button = this.panel.page().getByRole('button', { name: `Download "${title}"`, exact: true });
    return this.entries.filter({ has: button });
  }

  async show(status: 'all' | 'available' | 'downloaded'): Promise<void> {
    await this.panel.getByRole('combobox', { name: 'Show' }).selectOption(status);
  }

  async filter(text: string): Promise<void> {
    await this.panel.getByRole('searchbox', { name: 'Filter' }).fill(text);
  }
}
