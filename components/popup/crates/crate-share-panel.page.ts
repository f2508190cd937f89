/** Drives the cart tab's crate sharing in end-to-end tests (Chromium and Firefox: test/e2e/ui.ts). */
import type { LocatorOf, UiPage } from '../../../test/e2e/ui.ts';
import { english, type PopupWords } from '../popup-words.page.ts';

export class CrateSharePanelPage<P extends UiPage> {
  readonly panel: LocatorOf<P>;

  constructor(
    readonly page: P,
    readonly words: PopupWords = english,
  ) {
    this.panel = page.getByRole('region', { name: words.t('popup.share.label') }) as LocatorOf<P>;
  }

  /** Saves the current cart as `<cart>.crate.json` in the download folder. */
  async share(): Promise<void> {
    await this.panel.getByRole('button', { name: this.words.t('popup.share.share') }).click();
  }

  /** The cart a crate goes into (empty: the crate's own name). */
  async importInto(cartName: string): Promise<void> {
    await this.panel.getByLabel(this.words.t('popup.share.importInto')).fill(cartName);
  }

  /** The crate file input (each driver sets its files in its own way). */
  get fileInput(): LocatorOf<P> {
    return this.panel.getByLabel(this.words.t('popup.share.file')) as LocatorOf<P>;
  }

  /** "2 added, 1 skipped." (the panel's own: not the export dialog's, which it may hold). */
  get report(): LocatorOf<P> {
    return this.panel.locator(':scope > [role="status"]') as LocatorOf<P>;
  }

  /** A skipped item's line in the report: "Release 21: you own it already". */
  skippedLine(type: 'track' | 'release', id: number, code: string): string {
    const because = this.words.t(`popup.share.skippedBecause.${code}`);
    return this.words.t(
      type === 'track' ? 'popup.share.skippedTrack' : 'popup.share.skippedRelease',
      String(id),
      because,
    );
  }

  get problem(): LocatorOf<P> {
    return this.panel.locator(':scope > [role="alert"]') as LocatorOf<P>;
  }
}
