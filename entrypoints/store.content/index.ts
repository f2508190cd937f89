/**
 * The store's pages: add-to-cart controls on every track and release. Reads the page cache from
 * storage and talks to the background only when the person clicks; every listener, observer and
 * control ends with `ctx`. The features, in order:
 */

import { cartActions } from '../../lib/content/cart-actions.ts';
import { createControlMounter } from '../../lib/content/control-host.tsx';
import { decorateItemLinks } from '../../lib/content/item-links.ts';
import { watchItemStates } from '../../lib/content/item-state.ts';
import { decoratePageItem } from '../../lib/content/page-item.ts';
import { isCatalogPage } from '../../lib/content/selectors.ts';
import { manifestStoreMatches } from '../../lib/content-script-registration.ts';
import { storeUrlSetting } from '../../lib/settings.ts';

export default defineContentScript({
  matches: manifestStoreMatches,
  // Early, so the selector observer's stylesheet is in place before the page's first style pass.
  runAt: 'document_start',
  async main(ctx) {
    if (!isCatalogPage(location.pathname)) return;
    const itemLinks = decorateItemLinks(ctx);
    // The manifest matches every local port: only the configured store's pages are decorated.
    const storeOrigin = await storeUrlSetting.getValue();
    if (location.origin !== storeOrigin) return ctx.abort();
    const states = await watchItemStates(storeOrigin, ctx);
    const { mount } = createControlMounter(states, cartActions, ctx);
    itemLinks.start(storeOrigin, mount);
    decoratePageItem(mount, ctx);
  },
});
