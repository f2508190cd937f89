/**
 * The worker's events, each registered once (entrypoints/background/index.ts), reach every feature
 * that owns them, and one owner failing does not keep the event from the others.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BackgroundService } from '../../lib/background/background-service.ts';
import { cartSyncAlarm } from '../../lib/background/background-service.ts';
import { createBrowserEvents } from '../../lib/background/browser-events.ts';

const registration = vi.hoisted(() => ({ register: vi.fn(async (_storeUrl: string) => undefined) }));
vi.mock('../../lib/background/content-script-registration.ts', () => ({
  registerStoreContentScript: registration.register,
}));

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function fakeService() {
  return {
    onMessage: vi.fn(),
    onAlarm: vi.fn(async () => undefined),
    onStoreChanged: vi.fn(async () => undefined),
    restoreBadge: vi.fn(async () => undefined),
    handlers: {},
    cartState: { refresh: vi.fn(async () => undefined), clear: vi.fn(async () => undefined) },
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
  };
}

let service: ReturnType<typeof fakeService>;
let events: ReturnType<typeof createBrowserEvents>;
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  registration.register.mockClear();
  service = fakeService();
  events = createBrowserEvents(service as unknown as BackgroundService);
});

describe('browser events', () => {
  it('the cart-sync alarm syncs the badge and the pages cache; every alarm reaches the downloads', async () => {
    events.onAlarm({ name: cartSyncAlarm, scheduledTime: 0 });
    events.onAlarm({ name: 'bulk-download', scheduledTime: 0 });
    await settle();
    expect(service.onAlarm).toHaveBeenCalledTimes(1);
    expect(service.cartState.refresh).toHaveBeenCalledTimes(1);
    expect(service.downloads.onAlarm).toHaveBeenCalledTimes(2);
  });

  it('a new store URL signs out, clears the cache, registers the script and redraws the menus', async () => {
    service.onStoreChanged.mockRejectedValueOnce(new Error('store gone'));
    events.onStoreUrlChanged('https://store.example');
    await settle();
    expect(service.onStoreChanged).toHaveBeenCalled();
    expect(service.cartState.clear).toHaveBeenCalled();
    expect(registration.register).toHaveBeenCalledWith('https://store.example');
    expect(service.downloads.createMenus).toHaveBeenCalled();
  });

  it('installing registers the script, refreshes the cache and creates the menus', async () => {
    await events.onInstalled({ reason: 'update' });
    await settle();
    expect(registration.register).toHaveBeenCalledWith('http://127.0.0.1:8787');
    expect(service.cartState.refresh).toHaveBeenCalled();
    expect(service.downloads.createMenus).toHaveBeenCalled();
  });

  it('every worker start restores the badge and carries on a bulk download', async () => {
    events.start();
    await settle();
    expect(service.restoreBadge).toHaveBeenCalled();
    expect(service.downloads.resume).toHaveBeenCalled();
  });
});
