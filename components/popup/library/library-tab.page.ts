/** Drives the popup's library tab in end-to-end tests (Chromium and Firefox: test/e2e/ui.ts). */
import type { UiLocator } from '../../../test/e2e/ui.ts';
import { english, type PopupWords } from '../popup-words.page.ts';

export class LibraryTabPage<L extends UiLocator> {
  constructor(
    readonly panel: L,
    readonly words: PopupWords = english,
  ) {}

  /** Rendered entries (the list is virtualised: only those near the view exist). */
  get entries(): L {
    return this.panel.locator('.library-entry') as L;
  }

  titles(): Promise<string[]> {
    return this.entries.locator('.item-title').allTextContents();
  }

  downloadButton(title: string): L {
    return this.panel.getByRole('button', {
      name: this.words.t('popup.library.downloadItem', title),
      exact: true,
    }) as L;
  }

  entry(title: string): L {
    // `has` looks inside each entry, so its locator starts from the page, not the panel.
    const name = this.words.t('popup.library.downloadItem', title);
    const button = this.panel.page().getByRole('button', { name, exact: true });
    return this.entries.filter({ has: button as never }) as L;
  }

  /** The entries shown as not on this computer ("Not on this computer" beside the store's status). */
  get notHere(): L {
    return this.entries.locator('.not-here') as L;
  }

  async show(status: 'notHere' | 'here' | 'all' | 'available' | 'downloaded'): Promise<void> {
    await this.panel.getByRole('combobox', { name: this.words.t('popup.library.show') }).selectOption(status);
  }

  /** Keeps the tracks harmonic with a key, given as Camelot ("8A"); "" for any key. */
  async harmonicWith(camelot: string): Promise<void> {
    await this.panel
      .getByRole('combobox', { name: this.words.t('popup.tracks.harmonicWith') })
      .selectOption(camelot);
  }

  async sortBy(sort: 'newest' | 'bpm' | 'key'): Promise<void> {
    await this.panel
      .getByRole('combobox', { name: this.words.t('popup.tracks.sort'), exact: true })
      .selectOption(sort);
  }

  /** The BPM and key line of each rendered entry ("128 BPM · 11A"). */
  facts(): Promise<string[]> {
    return this.entries.locator('.track-facts').allTextContents();
  }

  async filter(text: string): Promise<void> {
    await this.panel.getByRole('searchbox', { name: this.words.t('popup.library.filter') }).fill(text);
  }
}
