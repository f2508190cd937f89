/** Drives the BulkDownloadPanel in end-to-end tests. */
import type { Locator, Page } from 'playwright-core';

export class BulkDownloadPanelPage {
  readonly panel: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByRole('region', { name: 'Download all' });
  }

  get downloadAllButton(): Locator {
    return this.panel.getByRole('button', { name: 'Download all available' });
  }

  button(name: 'Pause' | 'Resume' | 'Cancel' | RegExp): Locator {
    return this.panel.getByRole('button', { name });
  }

  /** "Downloading: 3 of 20 files", "Finished: 20 of 20 files", … */
  get progressText(): Locator {
    return this.panel.locator('.bulk-progress [role="status"]');
  }

  get progressBar(): Locator {
    return this.panel.locator('progress');
  }

  get failures(): Locator {
    return this.panel.getByRole('list', { name: 'Failed downloads' }).getByRole('listitem');
  }

  /** Waits until the progress reads `text` (a string is matched in full). */
  async waitForProgress(text: string | RegExp, timeout = 60_000): Promise<void> {
    await this.progressText.filter({ hasText: text }).waitFor({ timeout });
  }
}
