/**
 * New purchases arrive by themselves: with the option on, the worker reads the library's newest
 * entries on a schedule (an alarm every 15 minutes while the browser runs), at its start (a stopped
 * worker or a closed browser misses nothing: what was bought meanwhile is new at the next look),
 * when the popup opens and when a checkout finishes in a store tab. Entries it has not seen before
 * are queued with the DJ's file name template; the queue's notification says "3 new tracks saved"
 * once the run ends (downloads/notifications.ts).
 *
 * Each purchase once per computer: the entries seen are stored (lib/storage/items.ts,
 * newPurchasesItem) after they are queued, and the queue keeps one job per entry, so a worker
 * stopped between the two queues nothing twice. Signed out, or the store not answering: the look
 * ends quietly and the next one tries again, without a notification or an error shown.
 */
import type { Browser } from 'wxt/browser';
import { browser } from 'wxt/browser';
import type { LibraryEntry } from '../../contract/wire.ts';
import type { Handlers } from '../../protocol/receive.ts';
import type { NewJob } from '../../storage/download-job.ts';
import { newPurchasesArriveSetting, newPurchasesItem, storeUrlSetting } from '../../storage/items.ts';
import type { ApiClient } from '../api-client.ts';
import { jobNamer } from '../downloads/library-jobs.ts';
import { type CheckReason, checkDue, checkEveryMinutes, stateOf, unknownEntries } from './arrivals-model.ts';

export const newPurchasesAlarm = 'new-purchases';

export interface NewPurchasesDeps {
  api(): Promise<Pick<ApiClient, 'libraryPages' | 'catalogPage'>>;
  /** Who is signed in to the configured store, or null. */
  username(): Promise<string | null>;
  /** The entries on this computer (downloads/on-this-computer.ts): not saved again. */
  here(): Promise<ReadonlySet<number>>;
  /** Queues new purchases (downloads/download-queue.ts, as arrivals). */
  enqueue(jobs: NewJob[]): Promise<void>;
  now?: () => number;
}

export function createNewPurchases(deps: NewPurchasesDeps) {
  const now = deps.now ?? Date.now;
  // One look at a time in this worker, each after the one before: a look started for the schedule
  // (and found not due) must not answer for the popup's, which is always due.
  let looking: Promise<unknown> = Promise.resolve();

  /** Looks if the option is on and it is time; resolves with how many entries were queued. */
  function check(reason: CheckReason): Promise<number> {
    const next = looking.then(() => look(deps, reason, now));
    looking = next.catch(() => undefined);
    return next;
  }

  return {
    check,

    async onAlarm(alarm: Browser.alarms.Alarm): Promise<void> {
      if (alarm.name === newPurchasesAlarm) await check('schedule');
    },

    /** Worker start: the alarm follows the option, and what was bought meanwhile arrives. */
    async start(): Promise<void> {
      await schedule();
      await check('workerStart');
    },

    /** The option changed (popup or options page): the alarm follows, and a first look knows the library. */
    async onOptionChanged(): Promise<void> {
      await schedule();
      await check('workerStart');
    },
  };
}

export type NewPurchases = ReturnType<typeof createNewPurchases>;

/** An alarm every 15 minutes while the option is on (it wakes the worker at most 4 times an hour). */
async function schedule(): Promise<void> {
  const on = await newPurchasesArriveSetting.getValue();
  const alarm = await browser.alarms.get(newPurchasesAlarm);
  if (on && alarm?.periodInMinutes !== checkEveryMinutes)
    await browser.alarms.create(newPurchasesAlarm, {
      periodInMinutes: checkEveryMinutes,
      delayInMinutes: checkEveryMinutes,
    });
  if (!on && alarm) await browser.alarms.clear(newPurchasesAlarm);
}

async function look(deps: NewPurchasesDeps, reason: CheckReason, now: () => number): Promise<number> {
  if (!(await newPurchasesArriveSetting.getValue())) return 0;
  const [storeUrl, stored] = await Promise.all([storeUrlSetting.getValue(), newPurchasesItem.getValue()]);
  try {
    const username = await deps.username();
    if (username === null) return 0;
    const state = stateOf(stored, storeUrl, username);
    if (!checkDue(state, reason, now())) return 0;
    const api = await deps.api();
    const fresh = await unknownEntries(api.libraryPages(), new Set(state?.known ?? []));
    // A first look (the option just turned on, another store or user) learns the library as it
    // is: what was bought before is for "Download all", not for a notification.
    const queued = state ? await queueArrivals(deps, api, fresh) : 0;
    await newPurchasesItem.setValue({
      storeUrl,
      username,
      known: [...(state?.known ?? []), ...fresh.map((entry) => entry.id)],
      checkedAt: now(),
    });
    return queued;
  } catch (error) {
    // Signed out meanwhile, the store down or refusing: the next look tries again.
    console.info('Crate: new purchases not checked now:', error instanceof Error ? error.message : error);
    return 0;
  }
}

/** Queues the new entries not on this computer already, oldest first, named by the template. */
async function queueArrivals(
  deps: NewPurchasesDeps,
  api: Pick<ApiClient, 'catalogPage'>,
  fresh: LibraryEntry[],
): Promise<number> {
  if (fresh.length === 0) return 0;
  const here = await deps.here();
  const missing = fresh.filter((entry) => !here.has(entry.id)).reverse();
  if (missing.length === 0) return 0;
  const named = await jobNamer(
    api,
    missing.map((entry) => entry.track),
  );
  await deps.enqueue(missing.map((entry) => named(entry.track, entry.audioFormat, entry.id)));
  return missing.length;
}

/**
 * The messages that make the worker look: the popup opening, and the store's order confirmation
 * (after the cart's own handling of it, `purchasesChanged`, which reads the library again).
 */
export function newPurchasesHandlers(
  newPurchases: NewPurchases,
  purchasesChanged: Handlers['purchasesChanged'],
): Pick<Handlers, 'purchasesChanged' | 'lookForNewPurchases'> {
  return {
    async purchasesChanged(payload) {
      const reply = await purchasesChanged(payload);
      await newPurchases.check('checkout');
      return reply;
    },
    lookForNewPurchases: async () => ({ queued: await newPurchases.check('popup') }),
  };
}
