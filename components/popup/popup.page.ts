/**
 * Drives the toolbar popup in end-to-end tests: header, tabs, and a page object per tab
 * (Chromium and Firefox: test/e2e/ui.ts).
 */
import type { LocatorOf, UiPage } from '../../test/e2e/ui.ts';
import { AccountPanelPage } from './account/account-panel.page.ts';
import { ArtistsTabPage } from './artists/artists-tab.page.ts';
import { CartTabPage } from './cart/cart-tab.page.ts';
import { LibraryTabPage } from './library/library-tab.page.ts';
import { NewForYouTabPage } from './new-for-you/new-for-you-tab.page.ts';
import { english, type PopupWords } from './popup-words.page.ts';

export type PopupTabName = 'Cart' | 'Library' | 'Artists' | 'New for you';

const tabKeys: Record<PopupTabName, string> = {
  Cart: 'popup.tabs.cart',
  Library: 'popup.tabs.library',
  Artists: 'popup.tabs.artists',
  'New for you': 'popup.tabs.newForYou',
};

export class PopupPage<P extends UiPage> {
  readonly account: AccountPanelPage<P>;
  readonly cart: CartTabPage<LocatorOf<P>>;
  readonly library: LibraryTabPage<LocatorOf<P>>;
  readonly artists: ArtistsTabPage<LocatorOf<P>>;
  readonly newForYou: NewForYouTabPage<LocatorOf<P>>;

  /** `words`: the popup's language (English unless the browser was started in another). */
  constructor(
    readonly page: P,
    readonly words: PopupWords = english,
  ) {
    this.account = new AccountPanelPage(page, words);
    this.cart = new CartTabPage(this.panel('Cart'), words);
    this.library = new LibraryTabPage(this.panel('Library'), words);
    this.artists = new ArtistsTabPage(this.panel('Artists'), words);
    this.newForYou = new NewForYouTabPage(this.panel('New for you'), words);
  }

  /** A tab by its English name, found by its name in the popup's language. */
  tab(name: PopupTabName): LocatorOf<P> {
    return this.page.getByRole('tab', { name: this.words.t(tabKeys[name]), exact: true }) as LocatorOf<P>;
  }

  panel(name: PopupTabName): LocatorOf<P> {
    return this.page.getByRole('tabpanel', {
      name: this.words.t(tabKeys[name]),
      exact: true,
    }) as LocatorOf<P>;
  }

  async open(name: PopupTabName): Promise<void> {
    await this.tab(name).click();
  }

  /** The current cart's picker in the header. */
  get cartPicker(): LocatorOf<P> {
    return this.page.getByRole('combobox', {
      name: this.words.t('popup.picker.label'),
      exact: true,
    }) as LocatorOf<P>;
  }

  async chooseCart(name: string): Promise<void> {
    await this.cartPicker.selectOption(name);
  }

  async createCart(name: string): Promise<void> {
    await this.page.getByRole('button', { name: this.words.t('popup.picker.newCart') }).click();
    await this.page.getByLabel(this.words.t('popup.picker.newName')).fill(name);
    await this.page.getByRole('button', { name: this.words.t('popup.picker.create') }).click();
  }

  /** Waits until the last view painted at open (last-view.ts) has handed over to the live popup. */
  async live(): Promise<void> {
    await this.page.locator('#last-view').waitFor({ state: 'detached' });
  }

  get refreshing(): LocatorOf<P> {
    return this.page.locator('#app').getByText(this.words.t('popup.refresh.refreshing')) as LocatorOf<P>;
  }

  /** Says the browser withholds access to the store (lib/permissions/host-access.ts). */
  get accessNotice(): LocatorOf<P> {
    return this.page.getByRole('region', { name: this.words.t('popup.hostAccess.label') }) as LocatorOf<P>;
  }

  allowAccessButton(store: string): LocatorOf<P> {
    return this.page.getByRole('button', {
      name: this.words.t('popup.hostAccess.allow', store),
    }) as LocatorOf<P>;
  }
}
