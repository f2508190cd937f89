/** Drives the welcome page in end-to-end tests, in whichever language its `messages` are (test/helpers/locales.ts). */
import type { LocatorOf, UiPage } from '../../test/e2e/ui.ts';

export class WelcomePagePage<P extends UiPage> {
  constructor(
    readonly page: P,
    readonly messages: Map<string, string>,
  ) {}

  text(key: string, ...values: string[]): string {
    const message = this.messages.get(key);
    if (message === undefined) throw new Error(`No message ${key}`);
    return message.replace(/\$([1-9])/g, (_, which: string) => values[Number(which) - 1] ?? '');
  }

  get heading(): LocatorOf<P> {
    return this.page.getByRole('heading', { level: 1 }) as LocatorOf<P>;
  }

  /** Chooses another store by its address and waits for the page's answer (chosen, or its problem). */
  async chooseStore(storeUrl: string): Promise<string> {
    await this.page.getByRole('radio', { name: this.text('welcome_store_other') }).click();
    await this.page.getByRole('textbox', { name: this.text('welcome_store_address') }).fill(storeUrl);
    await this.page.getByRole('button', { name: this.text('welcome_store_use') }).click();
    const chosen = this.page.getByText(this.text('welcome_store_chosen', storeUrl));
    await chosen.waitFor();
    return (await chosen.textContent()) ?? '';
  }

  /** Presses the sign-in button and fills the store's login window, which the browser opens. */
  async signIn(username: string, password: string): Promise<void> {
    const [login] = await Promise.all([
      this.page.context().waitForEvent('page'),
      this.page.getByRole('button', { name: this.text('welcome_signIn_button') }).click(),
    ]);
    await login.waitForLoadState('domcontentloaded');
    await login.locator('input[name="username"]').fill(username);
    await login.locator('input[name="password"]').fill(password);
    await Promise.all([login.waitForEvent('close'), login.getByRole('button', { name: 'Sign in' }).click()]);
  }

  get signedIn(): LocatorOf<P> {
    return this.page.getByText(this.text('welcome_signIn_signedIn', 'demo')) as LocatorOf<P>;
  }
}
