import { browser } from 'wxt/browser';
import { createAuthService } from '../../lib/auth-service.ts';
import { cartSyncAlarm, createBackgroundService } from '../../lib/background-service.ts';
import { registerStoreContentScript } from '../../lib/content-script-registration.ts';
import { addPageItem, addPageItemCommand } from '../../lib/page-item-command.ts';
import { storeUrlSetting } from '../../lib/settings.ts';
import { extensionTokenStore } from '../../lib/token-store.ts';

export default defineBackground(() => {
  const service = createBackgroundService(createAuthService({ tokens: extensionTokenStore }));

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
  browser.commands.onCommand.addListener((command, tab) => {
    if (command === addPageItemCommand) logged(addPageItem(tab, service.handlers));
  });

  void service.restoreBadge();
});
