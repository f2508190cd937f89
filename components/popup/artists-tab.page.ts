/** Drives the popup's artists tab in end-to-end tests (Chromium and Firefox: test/e2e/ui.ts). */
import type { UiLocator } from '../../test/e2e/ui.ts';

export class ArtistsTabPage<L extends UiLocator> {
  constructor(readonly panel: L) {}

  get artistLinks(): L {
    return this.panel.getByRole('list', { name: 'Artists' }).getByRole('link') as L;
  }

  artist(name: string): L {
    return this.panel.getByRole('link', { name, exact: true }) as L;
  }

  /** The Follow toggle of an artist's row (pressed: followed). */
  follow(name: string): L {
    return this.panel.getByRole('button', { name: `Follow ${name}`, exact: true }) as L;
  }

  get rows(): L {
    return this.panel.locator('.artist') as L;
  }

  async search(text: string): Promise<void> {
    await this.panel.getByRole('searchbox', { name: 'Search artists' }).fill(text);
  }

  get genre(): L {
    return this.panel.getByRole('combobox', { name: 'Genre' }) as L;
  }

  async sortBy(label: 'Latest release' | 'Name'): Promise<void> {
    await this.panel.getByRole('combobox', { name: 'Sort by' }).selectOption({ label });
  }

  get count(): L {
    return this.panel.locator('.result-count') as L;
  }

  async nextPage(): Promise<void> {
    await this.panel.getByRole('button', { name: 'Next' }).click();
  }
}
