/** Drives the store pages' "Hide what I have" filter in end-to-end tests (test/e2e/ui.ts). */
import type { LocatorOf, UiPage } from '../../test/e2e/ui.ts';

export class HaveFilterPage<P extends UiPage> {
  constructor(readonly page: P) {}

  get toggle(): LocatorOf<P> {
    return this.page.getByRole('checkbox', { name: 'Hide what I have' }) as LocatorOf<P>;
  }
}
