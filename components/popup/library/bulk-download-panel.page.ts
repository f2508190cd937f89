/** Drives the BulkDownloadPanel in end-to-end tests (Chromium and Firefox: test/e2e/ui.ts). */
import type { LocatorOf, UiPage } from '../../../test/e2e/ui.ts';
import { english, type PopupWords } from '../popup-words.page.ts';

export class BulkDownloadPanelPage<P extends UiPage> {
  readonly panel: LocatorOf<P>;

  constructor(
    readonly page: P,
    readonly words: PopupWords = english,
  ) {
    this.panel = page.getByRole('region', { name: words.t('popup.bulk.label') }) as LocatorOf<P>;
  }

  get downloadAllButton(): LocatorOf<P> {
    return this.panel.getByRole('button', { name: this.words.t('popup.bulk.downloadAll') }) as LocatorOf<P>;
  }

  /** The offer, made once after a first bulk download: "Yes, save them" (new purchases by themselves). */
  get saveNewPurchases(): LocatorOf<P> {
    return this.panel.getByRole('button', { name: this.words.t('popup.arrivals.yes') }) as LocatorOf<P>;
  }

  /** Pause, Resume, Cancel, or "Retry failed (n)" (`retryFailed`, any n). */
  button(name: 'pause' | 'resume' | 'cancel' | 'retryFailed'): LocatorOf<P> {
    const key = `popup.bulk.${name}`;
    return this.panel.getByRole('button', {
      name: name === 'retryFailed' ? this.words.pattern(key) : this.words.t(key),
    }) as LocatorOf<P>;
  }

  /** "Downloading: 3 of 20 files", "Finished: 20 of 20 files", … */
  get progressText(): LocatorOf<P> {
    return this.panel.locator('.bulk-progress [role="status"]') as LocatorOf<P>;
  }

  get progressBar(): LocatorOf<P> {
    return this.panel.locator('progress') as LocatorOf<P>;
  }

  /** "312.4 MB of about 700.0 MB, about 3 min left". */
  get bytes(): LocatorOf<P> {
    return this.panel.locator('.bulk-bytes') as LocatorOf<P>;
  }

  /** "2 files were resumed where the connection broke." */
  get resumed(): LocatorOf<P> {
    return this.panel.locator('.bulk-resumed') as LocatorOf<P>;
  }

  /** What carried the run's broken files on: the resumed line, the started-again line, or both. */
  get carriedOn(): LocatorOf<P> {
    return this.panel.locator('.bulk-resumed, .bulk-restarted') as LocatorOf<P>;
  }

  /** "Waiting for the store since …": shown while the store does not answer. */
  get waiting(): LocatorOf<P> {
    return this.panel.locator('.bulk-waiting') as LocatorOf<P>;
  }

  get failures(): LocatorOf<P> {
    return this.panel
      .getByRole('list', { name: this.words.t('popup.bulk.failedLabel') })
      .getByRole('listitem') as LocatorOf<P>;
  }

  /** Waits until the progress reads `text` (a string is matched in full). */
  async waitForProgress(text: string | RegExp, timeout = 60_000): Promise<void> {
    await this.progressText.filter({ hasText: text }).waitFor({ timeout });
  }
}
