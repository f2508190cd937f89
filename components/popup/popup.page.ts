/**
 * Drives the toolbar popup in end-to-end tests: header, tabs, and a page object per tab
 * (Chromium and Firefox: test/e2e/ui.ts).
 */
import type { LocatorOf, UiPage } from '../../test/e2e/ui.ts';
import { AccountPanelPage } from './account-panel.page.ts';
import { ArtistsTabPage } from './artists-tab.page.ts';
import { CartTabPage } from './cart-tab.page.ts';
import { LibraryTabPage } from './library-tab.page.ts';
import { NewForYouTabPage } from './new-for-you-tab.page.ts';

export type PopupTabName = 'Cart' | 'Library' | 'Artists' | 'New for you';

export class PopupPage<P extends UiPage> {
  readonly account: AccountPanelPage<P>;
  readonly cart: CartTabPage<LocatorOf<P>>;
  readonly library: LibraryTabPage<LocatorOf<P>>;
  readonly artists: ArtistsTabPage<LocatorOf<P>>;
  readonly newForYou: NewForYouTabPage<LocatorOf<P>>;

  constructor(readonly page: P) {
    this.account = new AccountPanelPage(page);
    this.cart = new CartTabPage(this.panel('Cart'));
    this.library = new LibraryTabPage(this.panel('Library'));
    this.artists = new ArtistsTabPage(this.panel('Artists'));
    this.newForYou = new NewForYouTabPage(this.panel('New for you'));
  }

  tab(name: PopupTabName): LocatorOf<P> {
    return this.page.getByRole('tab', { name, exact: true }) as LocatorOf<P>;
  }

  panel(name: PopupTabName): LocatorOf<P> {
    return this.page.getByRole('tabpanel', { name, exact: true }) as LocatorOf<P>;
  }

  async open(name: PopupTabName): Promise<void> {
    await this.tab(name).click();
  }

  /** The current cart's picker in the header. */
  get cartPicker(): LocatorOf<P> {
    return this.page.getByRole('combobox', { name: 'Cart', exact: true }) as LocatorOf<P>;
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

  get refreshing(): LocatorOf<P> {
    return this.page.locator('#app').getByText('Refreshing…') as LocatorOf<P>;
  }

  /** Says the browser withholds access to the store (lib/protocol/host-access.ts). */
  get accessNotice(): LocatorOf<P> {
    return this.page.getByRole('region', { name: 'Access to the store' }) as LocatorOf<P>;
  }

  allowAccessButton(store: string): LocatorOf<P> {
    return this.page.getByRole('button', { name: `Allow access to ${store}` }) as LocatorOf<P>;
  }
}
