/**
 * Every browser event the worker listens to, as one listener each, handed to the features that
 * own it. entrypoints/background/index.ts registers these synchronously at the top of every worker
 * start (so the event that woke a stopped worker reaches them); here each is fanned out to its
 * owners: the message router, the cart sync and badge, the content script registration, the
 * downloads (context menu, bulk queue, notifications) and the page-item command.
 *
 * Owners run independently: one failing (a store that does not answer now) neither stops the
 * others nor reaches the browser; it is logged and asked again at the next event.
 */
import type { Browser } from 'wxt/browser';
import { storeUrlSetting } from '../storage/items.ts';
import { type BackgroundService, cartSyncAlarm } from './background-service.ts';
import { registerStoreContentScript } from './content-script-registration.ts';
import { addPageItem, addPageItemCommand } from './page-item-command.ts';
import { storeAccessGranted } from './store-access-granted.ts';
import { openWelcomeOnInstall } from './welcome.ts';

const logged = (work: Promise<unknown>) => void work.catch((error: unknown) => console.warn('Crate:', error));

export function createBrowserEvents(service: BackgroundService) {
  const { cartState, downloads, following } = service;

  /** The store pages' cache and content script follow the configured store. */
  const storeReady = async (storeUrl: string) => {
    await registerStoreContentScript(storeUrl);
    await cartState.refresh();
  };

  return {
    /** runtime.onMessage: the protocol's receiver (sender and payload checked before any handler). */
    onMessage: (message: unknown, sender: Browser.runtime.MessageSender) =>
      service.onMessage(message, sender),

    async onInstalled(details: { reason: string }): Promise<void> {
      logged(openWelcomeOnInstall(details));
      logged(storeReady(await storeUrlSetting.getValue()));
      logged(downloads.createMenus());
    },

    async onStartup(): Promise<void> {
      logged(storeReady(await storeUrlSetting.getValue()));
    },

    onAlarm(alarm: Browser.alarms.Alarm): void {
      if (alarm.name === cartSyncAlarm) {
        logged(service.onAlarm(alarm));
        logged(cartState.refresh());
      }
      logged(downloads.onAlarm(alarm));
      logged(following.onAlarm(alarm));
    },

    onCommand(command: string, tab?: Browser.tabs.Tab): void {
      if (command === addPageItemCommand)
        logged(addPageItem(tab, service.handlers, service.collectionSource));
    },

    onMenuClicked: (info: Browser.contextMenus.OnClickData) => logged(downloads.onMenuClicked(info)),
    onNotificationButton: (id: string) => logged(downloads.onNotificationButton(id)),
    onNotificationClicked: (id: string) => {
      logged(downloads.onNotificationClicked(id));
      logged(following.onNotificationClicked(id));
    },
    /** The options page changed how often "New for you" asks the store. */
    onFeedPeriodChanged: () => logged(following.onPeriodChanged()),
    onDownloadChanged: (delta: Browser.downloads.DownloadDelta) => downloads.onDownloadChanged(delta),

    /** A new store: sign out of the old one, forget its cache, follow with the script and menus. */
    onStoreUrlChanged(storeUrl: string): void {
      logged(service.onStoreChanged());
      logged(cartState.clear());
      logged(registerStoreContentScript(storeUrl));
      logged(downloads.createMenus());
    },

    /** Access to the store granted (popup, options, the browser's menu): the page buttons come back. */
    async onPermissionsAdded(): Promise<void> {
      logged(storeAccessGranted(await storeUrlSetting.getValue()));
    },

    /** The pages' cache flips `signedIn` on sign-in, sign-out and a session that ended. */
    onCartStateChanged: () => logged(downloads.onSessionChanged()),

    /** Every worker start: the badge as last known, and a bulk download carried on. */
    start(): void {
      logged(service.restoreBadge());
      logged(downloads.resume());
      logged(following.start());
    },
  };
}
