/** Drives the popup's AccountPanel in end-to-end tests (Chromium and Firefox: test/e2e/ui.ts). */
import type { LocatorOf, UiPage } from '../../../test/e2e/ui.ts';
import { english, type PopupWords } from '../popup-words.page.ts';

export class AccountPanelPage<P extends UiPage> {
  constructor(
    readonly page: P,
    readonly words: PopupWords = english,
  ) {}

  get signInButton(): LocatorOf<P> {
    return this.page.getByRole('button', { name: this.words.t('popup.account.signIn') }) as LocatorOf<P>;
  }

  get signOutButton(): LocatorOf<P> {
    return this.page.getByRole('button', { name: this.words.t('popup.account.signOut') }) as LocatorOf<P>;
  }

  get useAnotherAccountButton(): LocatorOf<P> {
    return this.page.getByRole('button', {
      name: this.words.t('popup.account.anotherAccount'),
    }) as LocatorOf<P>;
  }

  /** Offered after signing out: opens the store website's sign-out page in a tab. */
  get signOutOfWebsiteButton(): LocatorOf<P> {
    return this.page.getByRole('button', {
      name: this.words.t('popup.account.websiteSignOut'),
    }) as LocatorOf<P>;
  }

  /** In the live panel only: the popup's last view, painted under it for a moment, says it too. */
  get signedInAs(): LocatorOf<P> {
    return this.page
      .getByRole('region', { name: this.words.t('popup.account.label') })
      .getByText(this.words.pattern('popup.account.signedInAs')) as LocatorOf<P>;
  }

  get alert(): LocatorOf<P> {
    return this.page.getByRole('alert') as LocatorOf<P>;
  }

  /**
   * Clicks "Sign in" and fills the store's login window, which identity.launchWebAuthFlow opens
   * as a window of its own.
   */
  async signIn(username: string, password: string): Promise<void> {
    const login = await this.openLogin();
    await Promise.all([login.waitForEvent('close'), this.submitLogin(login, username, password)]);
  }

  /** Clicks "Sign in" and waits for the store's login window. */
  async openLogin(): Promise<UiPage> {
    const [login] = await Promise.all([this.page.context().waitForEvent('page'), this.signInButton.click()]);
    await login.waitForLoadState('domcontentloaded');
    return login;
  }

  /** Fills and sends the login window's form; it stays open when the store refuses. */
  async submitLogin(login: UiPage, username: string, password: string) {
    await login.locator('input[name="username"]').fill(username);
    await login.locator('input[name="password"]').fill(password);
    await login.getByRole('button', { name: 'Sign in' }).click();
  }
}
