/** Drives the Follow button of a store artist or label page in end-to-end tests (test/e2e/ui.ts). */
import type { LocatorOf, UiPage } from '../../test/e2e/ui.ts';

export class FollowButtonPage<P extends UiPage> {
  constructor(readonly page: P) {}

  get button(): LocatorOf<P> {
    return this.page.locator('crate-follow').getByRole('button') as LocatorOf<P>;
  }

  /** The button once it says the artist or label is followed (pressed). */
  get following(): LocatorOf<P> {
    return this.page
      .locator('crate-follow')
      .getByRole('button', { name: 'Following', pressed: true }) as LocatorOf<P>;
  }

  get notFollowing(): LocatorOf<P> {
    return this.page
      .locator('crate-follow')
      .getByRole('button', { name: 'Follow', pressed: false }) as LocatorOf<P>;
  }

  async follow(): Promise<void> {
    await this.notFollowing.click();
    await this.following.waitFor();
  }
}
