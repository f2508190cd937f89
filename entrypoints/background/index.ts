import '../../lib/zod-jitless.ts';
import { browser } from 'wxt/browser';
import { createAuthService } from '../../lib/auth-service.ts';
import { cartSyncAlarm, createBackgroundService } from '../../lib/background-service.ts';
import { cartStateItem } from '../../lib/cart-state.ts';
import { registerStoreContentScript } from '../../lib/content-script-registration.ts';
import { hasHostAccess } from '../../lib/host-access.ts';
import { addPageItem, addPageItemCommand } from '../../lib/page-item-command.ts';
import { storeUrlSetting } from '../../lib/settings.ts';
import { storeAccessGranted } from '../../lib/store-access-granted.ts';
import { extensionTokenStore } from '../../lib/token-store.ts';

export default defineBackground(() => {
  const service = createBackgroundService(createAuthService({ tokens: extensionTokenStore, hasHostAccess }));

  // Registered synchronously, at the top of every worker start, so events that woke the worker
  // reach these listeners.
  browser.runtime.onMessage.addListener((message, sender) => service.onMessage(message, sender));
  browser.alarms.onAlarm.addListener((alarm) => void service.onAlarm(alarm));
  storeUrlSetting.watch(() => void service.onStoreChanged());

  // The store pages' cache (lib/cart-state.ts) and content script follow the store, the session
  // and the library; cart changes update the cache in the handlers themselves.
  // Nobody waits on these: a store that does not answer now is asked again at the next event.
  const logged = (work: Promise<unknown>) =>
    void work.catch((error: unknown) => console.warn('Crate:', error));
  const storeReady = async () => {
    await registerStoreContentScript(await storeUrlSetting.getValue());
    await service.cartState.refresh();
  };
  browser.runtime.onInstalled.addListener(() => logged(storeReady()));
  browser.runtime.onStartup.addListener(() => logged(storeReady()));
  storeUrlSetting.watch((storeUrl) => {
    logged(service.cartState.clear());
    logged(registerStoreContentScript(storeUrl));
  });
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === cartSyncAlarm) logged(service.cartState.refresh());
  });
  // Access to the store granted (popup, options, the browser's menu): the page buttons come back.
  browser.permissions.onAdded.addListener(
    () => void storeUrlSetting.getValue().then((storeUrl) => logged(storeAccessGranted(storeUrl))),
  );
  browser.commands.onCommand.addListener((command, tab) => {
    if (command === addPageItemCommand) logged(addPageItem(tab, service.handlers));
  });

  // Downloads (lib/downloads/): the context menu on the store's pages, the bulk queue woken by the
  // browser's download events and its alarm, and the notifications' "Add to cart".
  browser.contextMenus.onClicked.addListener((info) => logged(service.downloads.onMenuClicked(info)));
  // Firefox has no notification buttons (and warns about a listener on the missing event).
  if (!import.meta.env.FIREFOX) {
    browser.notifications.onButtonClicked.addListener((id) =>
      logged(service.downloads.onNotificationButton(id)),
    );
  }
  browser.notifications.onClicked.addListener((id) => logged(service.downloads.onNotificationClicked(id)));
  browser.downloads.onChanged.addListener((delta) => service.downloads.onDownloadChanged(delta));
  browser.alarms.onAlarm.addListener((alarm) => logged(service.downloads.onAlarm(alarm)));
  browser.runtime.onInstalled.addListener(() => logged(service.downloads.createMenus()));
  storeUrlSetting.watch(() => logged(service.downloads.createMenus()));
  // The pages' cache flips `signedIn` on sign-in, sign-out and a session that ended.
  cartStateItem.watch(() => logged(service.downloads.onSessionChanged()));
  // End-to-end tests click a menu item and a notification's button through these: native menus
  // and notifications cannot be clicked there.
  Object.assign(globalThis, {
    crateMenuClicked: service.downloads.onMenuClicked,
    crateNotificationButtonClicked: service.downloads.onNotificationButton,
  });
  logged(service.downloads.resume());

  void service.restoreBadge();
});
