/**
 * The worker's events, each registered once (entrypoints/background/index.ts), reach every feature
 * that owns them, and one owner failing does not keep the event from the others.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBrowserEvents } from '../../../../lib/background/browser-events.ts';
import { cartSyncAlarm } from '../../../../lib/background/cart/cart-service.ts';
import type { Worker } from '../../../../lib/background/worker.ts';
import { pageWordsItem, storeUrlSetting } from '../../../../lib/storage/items.ts';

// WXT's fake browser has no scripting API: the calls registration makes, recorded. (A module mock
// would not reach a module another file of the worker imported first: the unit files share modules.)
const scripting = {
  getRegisteredContentScripts: vi.fn(async (_filter: { ids: string[] }) => []),
  unregisterContentScripts: vi.fn(async () => undefined),
  registerContentScripts: vi.fn(async (_scripts: { matches: string[] }[]) => undefined),
};
Object.assign(fakeBrowser, { scripting });
/** The store origins the content script was registered for (the manifest's local store is not). */
const registeredFor = () =>
  scripting.registerContentScripts.mock.calls.flatMap(([scripts]) =>
    scripts.flatMap((script) => script.matches),
  );

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function fakeService() {
  return {
    handlers: {},
    stored: { storeUrl: storeUrlSetting },
    auth: { signOut: vi.fn(async () => undefined) },
    cart: {
      resync: vi.fn(async () => undefined),
      sessionEnded: vi.fn(async () => undefined),
      restoreBadge: vi.fn(async () => undefined),
      cartState: { refresh: vi.fn(async () => undefined), clear: vi.fn(async () => undefined) },
    },
    downloads: {
      onAlarm: vi.fn(async () => undefined),
      createMenus: vi.fn(async () => undefined),
      onSessionChanged: vi.fn(async () => undefined),
      onMenuClicked: vi.fn(async () => undefined),
      onNotificationButton: vi.fn(async () => undefined),
      onNotificationClicked: vi.fn(async () => undefined),
      onDownloadChanged: vi.fn(),
      resume: vi.fn(async () => undefined),
    },
    following: {
      onAlarm: vi.fn(async () => undefined),
      onNotificationClicked: vi.fn(async () => undefined),
      onPeriodChanged: vi.fn(async () => undefined),
      start: vi.fn(async () => undefined),
    },
    newPurchases: {
      onAlarm: vi.fn(async () => undefined),
      onOptionChanged: vi.fn(async () => undefined),
      start: vi.fn(async () => undefined),
    },
  };
}

let service: ReturnType<typeof fakeService>;
let events: ReturnType<typeof createBrowserEvents>;
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  for (const call of Object.values(scripting)) call.mockClear();
  service = fakeService();
  events = createBrowserEvents(service as unknown as Worker);
});

describe('browser events', () => {
  it('the cart-sync alarm syncs the badge and the pages cache; every alarm reaches the downloads', async () => {
    events.onAlarm({ name: cartSyncAlarm, scheduledTime: 0 });
    events.onAlarm({ name: 'bulk-download', scheduledTime: 0 });
    await settle();
    expect(service.cart.resync).toHaveBeenCalledTimes(1);
    expect(service.downloads.onAlarm).toHaveBeenCalledTimes(2);
    expect(service.newPurchases.onAlarm).toHaveBeenCalledTimes(2);
  });

  it('a new store URL signs out, clears the cache, registers the script and redraws the menus', async () => {
    service.auth.signOut.mockRejectedValueOnce(new Error('store gone'));
    events.onStoreUrlChanged('https://store.example');
    await settle();
    expect(service.cart.sessionEnded).toHaveBeenCalled();
    expect(service.auth.signOut).toHaveBeenCalled();
    expect(service.cart.cartState.clear).toHaveBeenCalled();
    expect(registeredFor()).toEqual(['https://store.example/*']);
    expect(service.downloads.createMenus).toHaveBeenCalled();
  });

  it("installing registers the script, refreshes the cache, creates the menus and drops the pages' words", async () => {
    // An update's words may differ from those the store pages kept (lib/content/page-i18n.ts).
    await pageWordsItem.setValue({ language: 'en', messages: { content_owned: 'Bought' } });
    await events.onInstalled({ reason: 'update' });
    await settle();
    expect(await pageWordsItem.getValue()).toBeNull();
    // The local store is the manifest's: registration looks, and finds nothing to add.
    expect(scripting.getRegisteredContentScripts).toHaveBeenCalled();
    expect(registeredFor()).toEqual([]);
    expect(service.cart.cartState.refresh).toHaveBeenCalled();
    expect(service.downloads.createMenus).toHaveBeenCalled();
  });

  it('every worker start restores the badge, carries on a bulk download and looks for new purchases', async () => {
    events.start();
    await settle();
    expect(service.cart.restoreBadge).toHaveBeenCalled();
    expect(service.downloads.resume).toHaveBeenCalled();
    expect(service.newPurchases.start).toHaveBeenCalled();
  });

  it('the new purchases option changing reaches its feature', async () => {
    events.onNewPurchasesOptionChanged();
    await settle();
    expect(service.newPurchases.onOptionChanged).toHaveBeenCalledTimes(1);
  });
});
