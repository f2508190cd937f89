/** Drives the popup's artists tab in end-to-end tests. */
import type { Locator } from 'playwright-core';

export class ArtistsTabPage {
  constructor(readonly panel: Locator) {}

  get artistLinks(): Locator {
    return this.panel.getByRole('list', { name: 'Artists' }).getByRole('link');
  }

  artist(name: string): Locator {
    return this.panel.getByRole('link', { name, exact: true });
  }

  get rows(): Locator {
    return this.panel.locator('.artist');
  }

  async search(text: string): Promise<void> {
    await this.panel.getByRole('searchbox', { name: 'Search artists' }).fill(text);
  }

  get genre(): Locator {
    return this.panel.getByRole('combobox', { name: 'Genre' });
  }

  async sortBy(label: 'Latest release' | 'Name'): Promise<void> {
    await this.panel.getByRole('combobox', { name: 'Sort by' }).selectOption({ label });
  }

  get count(): Locator {
    return this.panel.locator('.result-count');
  }

  async nextPage(): Promise<void> {
    await this.panel.getByRole('button', { name: 'Next' }).click();
  }
}
