/**
 * The background worker, wiring only: its features are composed in lib/background/worker.ts. Each
 * browser event is registered once, synchronously, at the top of every worker start (so the event
 * that woke a stopped worker reaches its listener), and handed to lib/background/browser-events.ts,
 * which gives it to its owners.
 */
import '../../lib/protocol/zod-jitless.ts';
import { browser } from 'wxt/browser';
import { createAuthService } from '../../lib/background/auth/auth-service.ts';
import { extensionTokenStore } from '../../lib/background/auth/token-store.ts';
import { createBrowserEvents } from '../../lib/background/browser-events.ts';
import { onDeterminingFilename } from '../../lib/background/downloads/started-filename.ts';
import { createSettingsSync } from '../../lib/background/settings-sync/settings-sync.ts';
import { createWorker } from '../../lib/background/worker.ts';
import { createWorkerStorage } from '../../lib/background/worker-storage.ts';
import { hasHostAccess } from '../../lib/permissions/host-access.ts';
import {
  cartStateItem,
  feedRefreshHoursSetting,
  newPurchasesArriveSetting,
  storeUrlSetting,
  syncedSettingsItem,
} from '../../lib/storage/items.ts';
import { watchLocalSettings } from '../../lib/storage/synced-settings.ts';

export default defineBackground(() => {
  const stored = createWorkerStorage();
  const auth = createAuthService({
    tokens: extensionTokenStore(stored.accessToken),
    storeUrl: stored.storeUrl.getValue,
    hasHostAccess,
  });
  const events = createBrowserEvents(createWorker(auth, stored));

  browser.runtime.onMessage.addListener(events.onMessage);
  browser.runtime.onInstalled.addListener(events.onInstalled);
  browser.runtime.onStartup.addListener(events.onStartup);
  browser.alarms.onAlarm.addListener(events.onAlarm);
  browser.commands.onCommand.addListener(events.onCommand);
  browser.contextMenus.onClicked.addListener(events.onMenuClicked);
  // Firefox has no notification buttons (and warns about a listener on the missing event).
  if (!import.meta.env.FIREFOX)
    browser.notifications.onButtonClicked.addListener(events.onNotificationButton);
  browser.notifications.onClicked.addListener(events.onNotificationClicked);
  browser.downloads.onChanged.addListener(events.onDownloadChanged);
  // Chromium names a download again when it resumes one by itself (Firefox has no such event).
  if (!import.meta.env.FIREFOX) browser.downloads.onDeterminingFilename.addListener(onDeterminingFilename);
  browser.permissions.onAdded.addListener(events.onPermissionsAdded);
  storeUrlSetting.watch(events.onStoreUrlChanged);
  cartStateItem.watch(events.onCartStateChanged);
  feedRefreshHoursSetting.watch(events.onFeedPeriodChanged);
  newPurchasesArriveSetting.watch(events.onNewPurchasesOptionChanged);
  // The settings that follow the DJ to their other computers (lib/background/settings-sync/).
  const settingsSync = createSettingsSync();
  browser.runtime.onInstalled.addListener(settingsSync.reconcile);
  browser.runtime.onStartup.addListener(settingsSync.reconcile);
  syncedSettingsItem.watch(settingsSync.onSyncedChanged);
  watchLocalSettings(settingsSync.onLocalChanged);

  events.start();
});
