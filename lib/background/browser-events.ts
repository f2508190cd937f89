/**
 * Every browser event the worker listens to, as one listener each, handed to the features that
 * own it. entrypoints/background/index.ts registers these synchronously at the top of every worker
 * start (so the event that woke a stopped worker reaches them); here each is fanned out to its
 * owners: the message router, the cart (badge, sync, pages' cart state), the content script
 * registration, the downloads (context menu, bulk queue, notifications) and the page-item command.
 *
 * Owners run independently: one failing (a store that does not answer now) neither stops the
 * others nor reaches the browser; it is logged and asked again at the next event.
 */
import { type Browser, browser } from 'wxt/browser';
import { Envelope } from '../protocol/messages.ts';
import { type Handlers, routeMessage } from '../protocol/receive.ts';
import { dropOnUpdate, storeUrlSetting } from '../storage/items.ts';
import type { AuthService } from './auth/auth-service.ts';
import { type CartService, cartSyncAlarm } from './cart/cart-service.ts';
import type { CollectionSource } from './cart/notified-add.ts';
import { addPageItem, addPageItemCommand } from './cart/page-item-command.ts';
import { registerStoreContentScript } from './content-script-registration.ts';
import type { DownloadService } from './downloads/download-service.ts';
import type { Following } from './following/following-service.ts';
import type { NewPurchases } from './new-purchases/new-purchases-service.ts';
import { storeAccessGranted } from './store-access-granted.ts';
import { openWelcomeOnInstall } from './welcome.ts';
import type { WorkerStorage } from './worker-storage.ts';

const settled = (work: Promise<unknown>): Promise<void> =>
  work.then(
    () => undefined,
    (error: unknown) => console.warn('Crate:', error),
  );
const logged = (work: Promise<unknown>) => void settled(work);

export interface WorkerFeatures {
  handlers: Handlers;
  auth: Pick<AuthService, 'signOut'>;
  cart: CartService;
  downloads: Omit<DownloadService, 'handlers'>;
  following: Omit<Following, 'handlers'>;
  newPurchases: NewPurchases;
  /** The DJ's collection, asked before the shortcut adds a track (collection/collection-check.ts). */
  collectionSource: CollectionSource;
  /** The configured store as the worker keeps it (worker-storage.ts): a message reads no storage for it. */
  stored: Pick<WorkerStorage, 'storeUrl'>;
}

/** Who may send what is decided against these (lib/protocol/sender-role.ts). */
const senderExpectations = (stored: WorkerFeatures['stored']) => async () => ({
  extensionId: browser.runtime.id,
  extensionBaseUrl: browser.runtime.getURL('/'),
  storeUrl: await stored.storeUrl.getValue(),
});

/** The pages' cart state and the content script follow the configured store. */
async function storeReady(cart: CartService, storeUrl: string): Promise<void> {
  await registerStoreContentScript(storeUrl);
  await cart.cartState.refresh();
}

export function createBrowserEvents({
  handlers,
  auth,
  cart,
  downloads,
  following,
  newPurchases,
  collectionSource,
  stored,
}: WorkerFeatures) {
  return {
    /**
     * runtime.onMessage: the protocol's receiver (sender and payload checked before any handler).
     * Undefined at once for messages that are not ours, so the browser does not wait on us.
     */
    onMessage(message: unknown, sender: Browser.runtime.MessageSender) {
      if (!Envelope.safeParse(message).success) return undefined;
      return routeMessage(message, sender, senderExpectations(stored), handlers);
    },

    async onInstalled(details: { reason: string }): Promise<void> {
      logged(openWelcomeOnInstall(details));
      logged(dropOnUpdate());
      logged(storeReady(cart, await storeUrlSetting.getValue()));
      logged(downloads.createMenus());
    },

    async onStartup(): Promise<void> {
      logged(storeReady(cart, await storeUrlSetting.getValue()));
    },

    onAlarm(alarm: Browser.alarms.Alarm): void {
      if (alarm.name === cartSyncAlarm) logged(cart.resync());
      logged(downloads.onAlarm(alarm));
      logged(following.onAlarm(alarm));
      logged(newPurchases.onAlarm(alarm));
    },

    onCommand(command: string, tab?: Browser.tabs.Tab): void {
      if (command === addPageItemCommand) logged(addPageItem(tab, cart, collectionSource));
    },

    // These two return their work, settled: the browser ignores it, and an end-to-end test that
    // dispatches the event (native menus and notifications cannot be clicked there) waits for it.
    onMenuClicked: (info: Browser.contextMenus.OnClickData) => settled(downloads.onMenuClicked(info)),
    onNotificationButton: (id: string) => settled(downloads.onNotificationButton(id)),
    onNotificationClicked: (id: string) => {
      logged(downloads.onNotificationClicked(id));
      logged(following.onNotificationClicked(id));
    },
    /** The options page changed how often "New for you" asks the store. */
    onFeedPeriodChanged: () => logged(following.onPeriodChanged()),
    onNewPurchasesOptionChanged: () => logged(newPurchases.onOptionChanged()),
    onDownloadChanged: (delta: Browser.downloads.DownloadDelta) => downloads.onDownloadChanged(delta),

    /** A new store: tokens belong to the store that issued them, so sign out; forget the old cache. */
    onStoreUrlChanged(storeUrl: string): void {
      logged(cart.sessionEnded().then(() => auth.signOut()));
      logged(cart.cartState.clear());
      logged(registerStoreContentScript(storeUrl));
      logged(downloads.createMenus());
    },

    /** Access to the store granted (popup, options, the browser's menu): the page buttons come back. */
    async onPermissionsAdded(): Promise<void> {
      logged(storeAccessGranted(await storeUrlSetting.getValue()));
    },

    /** The pages' cart state flips `signedIn` on sign-in, sign-out and a session that ended. */
    onCartStateChanged: () => logged(downloads.onSessionChanged()),

    /** Every worker start: the badge as last known, a bulk download carried on, new purchases. */
    start(): void {
      logged(cart.restoreBadge());
      logged(downloads.resume());
      logged(following.start());
      logged(newPurchases.start());
    },
  };
}
