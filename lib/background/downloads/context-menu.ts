/**
 * "Download purchased" in the context menu, only on the configured store: on links to its tracks
 * and releases, and on its track and release pages. One item per target and kind, so each title
 * says what a click does; while nobody is signed in they are shown disabled and say why.
 */

import { type Browser, browser } from 'wxt/browser';
import { i18n } from '#i18n';
import { type CatalogItemRef, parseCatalogUrl } from '../../contract/catalog-url.ts';

const menus = {
  'crate-download-track-link': { contexts: ['link'], kind: 'track', title: 'background.menu.trackLink' },
  'crate-download-release-link': {
    contexts: ['link'],
    kind: 'release',
    title: 'background.menu.releaseLink',
  },
  'crate-download-track-page': { contexts: ['page'], kind: 'track', title: 'background.menu.trackPage' },
  'crate-download-release-page': {
    contexts: ['page'],
    kind: 'release',
    title: 'background.menu.releasePage',
  },
} as const;
type MenuId = keyof typeof menus;
const menuIds = Object.keys(menus) as MenuId[];

/** A menu's title in the browser's language, saying to sign in first while nobody is. */
function menuTitle(id: MenuId, signedIn: boolean): string {
  const title = i18n.t(menus[id].title);
  return signedIn ? title : i18n.t('background.menu.signInFirst', [title]);
}

/**
 * Match patterns for one kind of store page. Chrome matches the port too; Firefox's patterns take
 * no port, so there the click handler's own origin check tells stores on one host apart.
 */
function pagePattern(storeUrl: string, kind: 'track' | 'release'): string {
  const url = new URL(storeUrl);
  const host = import.meta.env.FIREFOX ? url.hostname : url.host;
  return `${url.protocol}//${host}/${kind}/*`;
}

/** Replaces Crate's menu items with ones for this store (menus persist across worker starts). */
export async function createMenus(storeUrl: string, signedIn: boolean): Promise<void> {
  await browser.contextMenus.removeAll();
  const everywhereOnStore = `${pagePattern(storeUrl, 'track').replace(/\/track\/\*$/, '')}/*`;
  for (const id of menuIds) {
    const menu = menus[id];
    const forKind = [pagePattern(storeUrl, menu.kind)];
    browser.contextMenus.create({
      id,
      title: menuTitle(id, signedIn),
      enabled: signedIn,
      contexts: [...menu.contexts],
      ...(menu.contexts[0] === 'link'
        ? { documentUrlPatterns: [everywhereOnStore], targetUrlPatterns: forKind }
        : { documentUrlPatterns: forKind }),
    });
  }
}

/** Enables the items, or disables them with a title that says to sign in. */
export async function updateMenus(signedIn: boolean): Promise<void> {
  for (const id of menuIds) {
    await browser.contextMenus.update(id, {
      title: menuTitle(id, signedIn),
      enabled: signedIn,
    });
  }
}

/** The store item a click on one of Crate's items is about, or null for anything else. */
export function clickedItem(info: Browser.contextMenus.OnClickData, storeUrl: string): CatalogItemRef | null {
  const id = String(info.menuItemId);
  if (!(id in menus)) return null;
  const menu = menus[id as MenuId];
  const url = menu.contexts[0] === 'link' ? info.linkUrl : info.pageUrl;
  const item = url ? parseCatalogUrl(url, storeUrl) : null;
  // The patterns already chose the kind; a mismatch means a pattern matched more than it should.
  return item?.type === menu.kind ? item : null;
}
