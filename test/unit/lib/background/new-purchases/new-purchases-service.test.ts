/**
 * New purchases arrive by themselves: off until the DJ says yes; a first look learns the library;
 * later looks (the schedule at most every 15 minutes, the popup, a checkout) queue each new entry
 * once with the file name template, also across a stopped worker; signed out or a store that does
 * not answer waits quietly. Time is a fake clock.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  createNewPurchases,
  type NewPurchasesDeps,
  newPurchasesAlarm,
} from '../../../../../lib/background/new-purchases/new-purchases-service.ts';
import { StoreError } from '../../../../../lib/protocol/store-error.ts';
import type { NewJob } from '../../../../../lib/storage/download-job.ts';
import { newPurchasesArriveSetting, newPurchasesItem } from '../../../../../lib/storage/items.ts';
import { libraryEntry } from '../../../../helpers/popup-fixtures.ts';

const minute = 60_000;

/** The store's library (ids, newest first), paged by two, and who asked how often. */
function fakeStore() {
  const store = {
    ids: [3, 2, 1],
    down: false,
    pagesRead: 0,
    username: 'demo' as string | null,
    queued: [] as NewJob[][],
    here: new Set<number>(),
  };
  const deps: NewPurchasesDeps = {
    api: async () => ({
      async *libraryPages() {
        for (let start = 0; start < store.ids.length; start += 2) {
          store.pagesRead++;
          if (store.down) throw new StoreError({ kind: 'storeDown', message: 'The store is not answering.' });
          yield store.ids.slice(start, start + 2).map((id) => libraryEntry(id));
        }
      },
      catalogPage: vi.fn(),
    }),
    username: async () => store.username,
    here: async () => store.here,
    enqueue: async (jobs) => {
      store.queued.push(jobs);
    },
  };
  return { store, deps };
}

const queuedIds = (queued: NewJob[][]) => queued.map((jobs) => jobs.map((job) => job.downloadId));

beforeEach(() => {
  fakeBrowser.reset();
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-27T12:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('new purchases arriving by themselves', () => {
  it('does nothing, asks nothing and sets no alarm while the option is off', async () => {
    const { store, deps } = fakeStore();
    const arrivals = createNewPurchases(deps);
    await arrivals.start();
    expect(await arrivals.check('popup')).toBe(0);
    expect(store.pagesRead).toBe(0);
    expect(await fakeBrowser.alarms.get(newPurchasesAlarm)).toBeUndefined();
  });

  it('learns the library at the first look, then queues each new purchase once, named by the template', async () => {
    const { store, deps } = fakeStore();
    await newPurchasesArriveSetting.setValue(true);
    const arrivals = createNewPurchases(deps);
    await arrivals.onOptionChanged();
    // What was bought before the option is for "Download all", not a notification.
    expect(store.queued).toEqual([]);
    expect((await newPurchasesItem.getValue())?.known.sort()).toEqual([1, 2, 3]);
    expect((await fakeBrowser.alarms.get(newPurchasesAlarm))?.periodInMinutes).toBe(15);

    // Bought on the website, on a phone: two entries, newest first.
    store.ids = [5, 4, 3, 2, 1];
    store.pagesRead = 0;
    expect(await arrivals.check('popup')).toBe(2);
    // Oldest first, with the default template's name; the page of known entries ends the look.
    expect(queuedIds(store.queued)).toEqual([[4, 5]]);
    expect(store.queued[0]?.[0]?.path).toBe('Artist 4 - Song 4 (Original Mix).mp3');
    expect(store.pagesRead).toBe(2);

    // A checkout right after: nothing new, nothing queued again.
    expect(await arrivals.check('checkout')).toBe(0);
    expect(queuedIds(store.queued)).toEqual([[4, 5]]);
  });

  it('looks on the schedule at most every 15 minutes, and a restarted worker misses nothing', async () => {
    const { store, deps } = fakeStore();
    await newPurchasesArriveSetting.setValue(true);
    await createNewPurchases(deps).start();
    store.ids = [4, 3, 2, 1];
    store.pagesRead = 0;

    // The worker was stopped; a new one starts 5 minutes later: too soon to look by itself.
    vi.advanceTimersByTime(5 * minute);
    const restarted = createNewPurchases(deps);
    await restarted.start();
    await restarted.onAlarm({ name: newPurchasesAlarm, scheduledTime: Date.now() });
    expect(store.pagesRead).toBe(0);

    vi.advanceTimersByTime(10 * minute);
    await restarted.onAlarm({ name: newPurchasesAlarm, scheduledTime: Date.now() });
    expect(queuedIds(store.queued)).toEqual([[4]]);

    // Another worker, after the browser was closed for a day: entry 4 stays queued once.
    vi.advanceTimersByTime(24 * 60 * minute);
    store.ids = [5, 4, 3, 2, 1];
    await createNewPurchases(deps).start();
    expect(queuedIds(store.queued)).toEqual([[4], [5]]);
  });

  it('does not save again what is on this computer already, and still counts it as known', async () => {
    const { store, deps } = fakeStore();
    await newPurchasesArriveSetting.setValue(true);
    const arrivals = createNewPurchases(deps);
    await arrivals.start();
    store.ids = [5, 4, 3, 2, 1];
    // Entry 5 was saved from the library's Download button before the look.
    store.here = new Set([5]);
    expect(await arrivals.check('popup')).toBe(1);
    expect(queuedIds(store.queued)).toEqual([[4]]);
    expect((await newPurchasesItem.getValue())?.known).toContain(5);
  });

  it('waits quietly while signed out or while the store does not answer, and catches up after', async () => {
    const { store, deps } = fakeStore();
    await newPurchasesArriveSetting.setValue(true);
    const arrivals = createNewPurchases(deps);
    await arrivals.start();
    const before = await newPurchasesItem.getValue();
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const notify = vi.spyOn(fakeBrowser.notifications, 'create');
    store.ids = [4, 3, 2, 1];

    store.username = null;
    expect(await arrivals.check('popup')).toBe(0);
    store.username = 'demo';
    store.down = true;
    expect(await arrivals.check('popup')).toBe(0);
    expect(await arrivals.check('checkout')).toBe(0);
    expect(await newPurchasesItem.getValue()).toEqual(before);
    expect(store.queued).toEqual([]);
    expect(notify).not.toHaveBeenCalled();

    store.down = false;
    expect(await arrivals.check('popup')).toBe(1);
    expect(queuedIds(store.queued)).toEqual([[4]]);
    info.mockRestore();
  });

  it('starts afresh for another user: their library is learnt, not queued', async () => {
    const { store, deps } = fakeStore();
    await newPurchasesArriveSetting.setValue(true);
    await createNewPurchases(deps).start();
    store.username = 'other';
    store.ids = [9, 8];
    expect(await createNewPurchases(deps).check('popup')).toBe(0);
    expect(await newPurchasesItem.getValue()).toMatchObject({ username: 'other', known: [9, 8] });
  });

  it('clears its alarm when the option is turned off', async () => {
    const { deps } = fakeStore();
    await newPurchasesArriveSetting.setValue(true);
    const arrivals = createNewPurchases(deps);
    await arrivals.start();
    expect(await fakeBrowser.alarms.get(newPurchasesAlarm)).toBeDefined();
    await newPurchasesArriveSetting.setValue(false);
    await arrivals.onOptionChanged();
    expect(await fakeBrowser.alarms.get(newPurchasesAlarm)).toBeUndefined();
  });
});
