/**
 * The store's pages: add-to-cart controls on every track and release. Reads the pages' cart state from
 * storage and talks to the background when the person clicks, and when the tab is shown (to check
 * the cart against the store); every listener, observer and control ends with `ctx`. The features, in order (an artist or label page also gets a Follow button):
 */

import { createControlMounter } from '../../components/content/control-host.ts';
import { createFollowButton } from '../../components/content/follow-button.ts';
import { createHaveFilter } from '../../components/content/have-filter.ts';
import { createPreviewControls } from '../../components/content/preview-control.ts';
import { cartActions } from '../../lib/content/cart-actions.ts';
import { checkCartWhenShown } from '../../lib/content/cart-freshness.ts';
import { reserveControlSpace } from '../../lib/content/control-space.ts';
import { addFollowButtons } from '../../lib/content/follow-page.ts';
import { watchItemStates } from '../../lib/content/item-state.ts';
import { decorateListRows } from '../../lib/content/list-rows.ts';
import { announcePurchases, confirmedOrder } from '../../lib/content/order-confirmation.ts';
import type { ContentScriptContext } from '../../lib/content/page-context.ts';
import { startPageFilter } from '../../lib/content/page-filter.ts';
import { knowPageWords } from '../../lib/content/page-i18n.ts';
import { decoratePageItem } from '../../lib/content/page-item.ts';
import { createPagePreviews } from '../../lib/content/page-previews.ts';
import { knowMoneyPatterns } from '../../lib/content/page-prices.ts';
import { readPageStorage } from '../../lib/content/page-storage.ts';
import { isCatalogPage } from '../../lib/content/selectors.ts';
import { manifestStoreMatches } from '../../lib/contract/store-hosts.ts';

export default defineContentScript({
  matches: manifestStoreMatches,
  // Early, so that the stylesheets (the selector observer's, the controls' space) are in place
  // before the page's first style pass.
  runAt: 'document_start',
  // The build hands main lib/content/page-context.ts's context in place of WXT's (wxt.config.ts).
  async main(wxtContext) {
    const ctx = wxtContext as unknown as ContentScriptContext;
    const orderId = confirmedOrder(location);
    if (orderId !== null) {
      const { storeUrl } = await readPageStorage();
      if (location.origin === storeUrl) await announcePurchases(orderId);
      return;
    }
    if (!isCatalogPage(location.pathname)) return;
    reserveControlSpace(ctx);
    const listRows = decorateListRows(ctx);
    // The manifest matches every local port: only the configured store's pages are decorated.
    const stored = await readPageStorage();
    if (location.origin !== stored.storeUrl) return ctx.abort();
    knowPageWords(stored.pageWords);
    knowMoneyPatterns(stored.moneyPatterns);
    const states = watchItemStates(stored, ctx);
    checkCartWhenShown(ctx);
    const previews = createPreviewControls(createPagePreviews(stored.storeUrl, ctx), ctx);
    const { mount } = createControlMounter(states, cartActions, ctx, previews);
    listRows.start(stored.storeUrl, mount);
    decoratePageItem(mount, ctx);
    startPageFilter(stored.hideWhatYouHave, createHaveFilter, ctx);
    addFollowButtons(stored.storeUrl, createFollowButton, ctx);
  },
});
