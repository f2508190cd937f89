/** Drives the tracklist page in end-to-end tests (Chromium and Firefox: test/e2e/ui.ts), by its English words. */
import type { LocatorOf, UiPage } from '../../test/e2e/ui.ts';

export class TracklistPageObject<P extends UiPage> {
  constructor(readonly page: P) {}

  /** Pastes the list and asks for the tracks: resolves once the counts are shown. */
  async match(text: string): Promise<string> {
    await this.page.getByLabel('Tracklist, one track per line').fill(text);
    await this.page.getByRole('button', { name: 'Find the tracks' }).click();
    const counts = this.page.locator('.tracklist-counts');
    await counts.waitFor({ timeout: 30_000 });
    return (await counts.textContent()) ?? '';
  }

  /** A shown line by its number in the list. */
  line(number: number): LocatorOf<P> {
    return this.page.locator(`.tracklist-line[data-line="${number}"]`) as LocatorOf<P>;
  }

  async lineText(number: number): Promise<string> {
    return (await this.line(number).textContent()) ?? '';
  }

  /** Names the cart and fills it: resolves with the report. */
  async fill(cartName: string, tracks: number): Promise<string> {
    await this.page.getByLabel('Cart name').fill(cartName);
    await this.page
      .getByRole('button', { name: `Add ${tracks} ${tracks === 1 ? 'track' : 'tracks'} to the cart` })
      .click();
    const report = this.page.locator('.fill-report');
    await report.filter({ hasText: /added to/ }).waitFor({ timeout: 30_000 });
    return (await report.textContent()) ?? '';
  }

  /** The report's "Check out" links to `href` (the store's page of the filled cart): how many. */
  async checkoutLinks(cartName: string, href: string): Promise<number> {
    return this.page
      .locator(`.fill-report a[href="${href}"]`)
      .filter({ hasText: `Check out "${cartName}" on the store` })
      .count();
  }

  async undo(): Promise<string> {
    await this.page.getByRole('button', { name: 'Undo' }).click();
    const report = this.page.locator('.fill-report');
    await report.filter({ hasText: /^Undone/ }).waitFor({ timeout: 30_000 });
    return (await report.textContent()) ?? '';
  }
}
