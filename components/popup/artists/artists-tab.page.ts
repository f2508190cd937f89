/** Drives the popup's artists tab in end-to-end tests (Chromium and Firefox: test/e2e/ui.ts). */
import type { UiLocator } from '../../../test/e2e/ui.ts';
import { english, type PopupWords } from '../popup-words.page.ts';

export class ArtistsTabPage<L extends UiLocator> {
  constructor(
    readonly panel: L,
    readonly words: PopupWords = english,
  ) {}

  get artistLinks(): L {
    return this.panel
      .getByRole('list', { name: this.words.t('popup.artists.listLabel') })
      .getByRole('link') as L;
  }

  artist(name: string): L {
    return this.panel.getByRole('link', { name, exact: true }) as L;
  }

  /** The Follow toggle of an artist's row (pressed: followed). */
  follow(name: string): L {
    return this.panel.getByRole('button', {
      name: this.words.t('popup.artists.followName', name),
      exact: true,
    }) as L;
  }

  get rows(): L {
    return this.panel.locator('.artist') as L;
  }

  async search(text: string): Promise<void> {
    await this.panel.getByRole('searchbox', { name: this.words.t('popup.artists.search') }).fill(text);
  }

  get genre(): L {
    return this.panel.getByRole('combobox', { name: this.words.t('popup.artists.genre') }) as L;
  }

  async sortBy(sort: 'latestRelease' | 'name'): Promise<void> {
    await this.panel.getByRole('combobox', { name: this.words.t('popup.artists.sortBy') }).selectOption(sort);
  }

  get count(): L {
    return this.panel.locator('.result-count') as L;
  }

  async nextPage(): Promise<void> {
    await this.panel.getByRole('button', { name: this.words.t('popup.artists.next') }).click();
  }
}
