/** Drives the popup's AccountPanel in end-to-end tests. */
import type { Locator, Page } from 'playwright-core';

export class AccountPanelPage {
  constructor(readonly page: Page) {}

  get signInButton(): Locator {
    return this.page.getByRole('button', { name: 'Sign in' });
  }

  get signOutButton(): Locator {
    return this.page.getByRole('button', { name: 'Sign out' });
  }

  /** In the live panel only: the popup's last view, painted under it for a moment, says it too. */
  get signedInAs(): Locator {
    return this.page.getByRole('region', { name: 'Account' }).getByText(/^Signed in as /);
  }

  get alert(): Locator {
    return this.page.getByRole('alert');
  }

  /**
   * Clicks "Sign in" and fills the store's login window, which identity.launchWebAuthFlow opens
   * as a window of its own.
   */
  async signIn(username: string, password: string): Promise<void> {
    const [login] = await Promise.all([this.page.context().waitForEvent('page'), this.signInButton.click()]);
    await login.waitForLoadState('domcontentloaded');
    await login.locator('input[name="username"]').fill(username);
    await login.locator('input[name="password"]').fill(password);
    await Promise.all([login.waitForEvent('close'), login.getByRole('button', { name: 'Sign in' }).click()]);
  }
}
