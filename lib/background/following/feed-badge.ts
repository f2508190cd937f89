/**
 * The toolbar badge, shared by the cart and "New for you": a cart with items shows its count
 * (green); an empty cart leaves the badge to the count of new releases from followed artists and
 * labels (orange). The cart wins because it is what the person is about to pay for; the tooltip
 * says which count the badge shows.
 */

import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import { plural } from '../../i18n/plural.ts';
import { cartCountItem, feedItem, storeUrlSetting } from '../../storage/items.ts';
import { unseen } from './feed-model.ts';

// MV2 (the Firefox build) calls the toolbar button browserAction.
const toolbarButton = () => browser.action ?? browser.browserAction;

export const cartBadgeColor = '#1f6f5c';
export const feedBadgeColor = '#b4501e';

async function newReleases(storeUrl: string): Promise<number> {
  const feed = await feedItem.getValue();
  return feed?.storeUrl === storeUrl ? unseen(feed).length : 0;
}

/** Paints the badge: the cart's count when given and above zero, else the new releases'. */
export async function paintBadge(cartItems?: number | null): Promise<void> {
  const storeUrl = await storeUrlSetting.getValue();
  let items = cartItems;
  if (items === undefined) {
    const count = await cartCountItem.getValue();
    items = count?.storeUrl === storeUrl ? count.items : null;
  }
  const button = toolbarButton();
  if (items) {
    await button.setBadgeText({ text: String(items) });
    await button.setBadgeBackgroundColor({ color: cartBadgeColor });
    await button.setTitle({ title: plural('background.badge.cart', items) });
    return;
  }
  const fresh = await newReleases(storeUrl);
  await button.setBadgeText({ text: fresh ? String(fresh) : '' });
  if (fresh) await button.setBadgeBackgroundColor({ color: feedBadgeColor });
  await button.setTitle({ title: fresh ? plural('background.badge.feed', fresh) : i18n.t('extName') });
}
