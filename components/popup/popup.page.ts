/** Drives the toolbar popup in end-to-end tests: header, tabs, and a page object per tab. */
import type { Locator, Page } from 'playwright-core';
import { AccountPanelPage } from './account-panel.page.ts';
import { ArtistsTabPage } from './artists-tab.page.ts';
import { CartTabPage } from './cart-tab.page.ts';
import { LibraryTabPage } from './library-tab.page.ts';

export type PopupTabName = 'Cart' | 'Library' | 'Artists';

export class PopupPage {
  readonly account: AccountPanelPage;
  readonly cart: CartTabPage;
  readonly library: LibraryTabPage;
  readonly artists: ArtistsTabPage;

  constructor(readonly page: Page) {
    this.account = new AccountPanelPage(page);
    this.cart = new CartTabPage(this.panel('Cart'));
    this.library = new LibraryTabPage(this.panel('Library'));
    this.artists = new ArtistsTabPage(this.panel('Artists'));
  }

  tab(name: PopupTabName): Locator {
    return this.page.getByRole('tab', { name, exact: true });
  }

  panel(name: PopupTabName): Locator {
    return this.page.getByRole('tabpanel', { name, exact: true });
  }

  async open(name: PopupTabName): Promise<void> {
    await this.tab(name).click();
  }

  /** The current cart's picker in the header. */
  get cartPicker(): Locator {
    return this.page.getByRole('combobox', { name: 'Cart', exact: true });
  }

  async chooseCart(name: string): Promise<void> {
    await this.cartPicker.selectOption(name);
  }

  async createCart(name: string): Promise<void> {
    await this.page.getByRole('button', { name: 'New cart' }).click();
    await this.page.getByLabel('New cart name').fill(name);
    await this.page.getByRole('button', { name: 'Create' }).click();
  }

  /** Waits until the last view painted at open (last-view.ts) has handed over to the live popup. */
  async live(): Promise<void> {
    await this.page.locator('#last-view').waitFor({ state: 'detached' });
  }

  get refreshing(): Locator {
    return this.page.locator('#app').getByText('Refreshing…');
  }
}
