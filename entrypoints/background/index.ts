import { browser } from 'wxt/browser';
import { createAuthService } from '../../lib/auth-service.ts';
import { createBackgroundService } from '../../lib/background-service.ts';
import { storeUrlSetting } from '../../lib/settings.ts';
import { extensionTokenStore } from '../../lib/token-store.ts';

export default defineBackground(() => {
  const service = createBackgroundService(createAuthService({ tokens: extensionTokenStore }));

  // Registered synchronously, at the top of every worker start, so events that woke the worker
  // reach these listeners.
  browser.runtime.onMessage.addListener((message, sender) => service.onMessage(message, sender));
  browser.alarms.onAlarm.addListener((alarm) => void service.onAlarm(alarm));
  storeUrlSetting.watch(() => void service.onStoreChanged());

  void service.restoreBadge();
});
