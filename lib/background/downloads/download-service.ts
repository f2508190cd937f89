/**
 * The download side of the background worker: the queue with its real store, browser and IndexedDB
 * behind it, the context menu, the notifications' buttons, and the popup's bulk download messages.
 * The entrypoint wires browser events to these functions; nothing here lives only in memory.
 */

import { type Browser, browser } from 'wxt/browser';
import { i18n } from '#i18n';
import type { CatalogItemRef } from '../../contract/catalog-url.ts';
import { errorMessage } from '../../i18n/error-message.ts';
import type { NewJob } from '../../storage/download-job.ts';
import { browserSessionItem, storeUrlSetting } from '../../storage/items.ts';
import { indexedDbJobStore } from '../../storage/job-store.ts';
import type { ApiClient } from '../api-client.ts';
import { browserDownloads } from './browser-downloads.ts';
import { clickedItem, createMenus, updateMenus } from './context-menu.ts';
import { downloadPurchased } from './download-purchased.ts';
import { createDownloadQueue } from './download-queue.ts';
import { jobNamer, libraryEntries, storeLink } from './library-jobs.ts';
import { notifyDownloadFailed, notifyProblem, notifyRunFinished, notOwnedItem } from './notifications.ts';
import { onThisComputer } from './on-this-computer.ts';
import type { QueueControl, QueueProgress } from './queue-model.ts';
import { createRunToolbar } from './run-toolbar.ts';
import { savedFiles } from './saved-files.ts';

/** While a run is under way this alarm wakes a stopped worker to carry on (30 s is MV3's least). */
export const bulkDownloadAlarm = 'bulk-download';
const bulkDownloadMinutes = 0.5;

export interface DownloadServiceOptions {
  api(): Promise<ApiClient>;
  signedIn(): Promise<boolean>;
  /** Adds an item to the current cart in the default format, and says how it went. */
  addToCart(item: CatalogItemRef): Promise<void>;
  /** Re-reads what pages show as owned (the content script's cache, lib/storage/cart-state.ts). */
  refreshOwned(): Promise<void>;
}

export function createDownloadService(options: DownloadServiceOptions) {
  const queue = bulkDownloadQueue(
    options,
    soonestOnly(() => void pump().catch(() => undefined)),
  );
  const toolbar = createRunToolbar(queue.progress);
  /** A pass, then the toolbar shows where the run is. */
  const pump = () => queue.pump().finally(() => toolbar.follow());

  async function addToCartFrom(notificationId: string): Promise<void> {
    const item = notOwnedItem(notificationId);
    if (!item) return;
    await browser.notifications.clear(notificationId);
    await options
      .addToCart(item)
      .catch((error) => notifyProblem(i18n.t('background.problem.addTitle'), errorMessage(error)));
  }

  return {
    handlers: bulkDownloadHandlers(options, queue, toolbar, pump),

    /** contextMenus.onClicked. */
    async onMenuClicked(info: Browser.contextMenus.OnClickData): Promise<void> {
      const item = clickedItem(info, await storeUrlSetting.getValue());
      if (!item) return;
      try {
        await downloadPurchased(item, {
          api: await options.api(),
          enqueue: (jobs) => queue.enqueue(jobs).finally(() => toolbar.follow()),
          libraryChanged: options.refreshOwned,
        });
      } catch (error) {
        await notifyProblem(i18n.t('background.problem.downloadTitle'), errorMessage(error));
      }
    },

    /** notifications.onButtonClicked: the only button is "Add to cart". */
    onNotificationButton: (notificationId: string) => addToCartFrom(notificationId),

    /** notifications.onClicked: Firefox shows no buttons, so there the notification is the button. */
    async onNotificationClicked(notificationId: string): Promise<void> {
      if (import.meta.env.FIREFOX) await addToCartFrom(notificationId);
    },

    /** downloads.onChanged: a download ended (or was interrupted), so the queue can move on. */
    onDownloadChanged(delta: Browser.downloads.DownloadDelta): void {
      if (delta.state?.previous === 'interrupted' && delta.state.current === 'in_progress')
        void queue.resumed(delta.id).catch(() => undefined);
      if (delta.state || delta.error) void pump().catch(() => undefined);
    },

    async onAlarm(alarm: Browser.alarms.Alarm): Promise<void> {
      if (alarm.name === bulkDownloadAlarm) await pump();
    },

    /** The worker started: carry on with a run a stopped worker left. */
    resume: () => pump(),

    /** New purchases that arrived by themselves (lib/background/new-purchases/) join the queue. */
    queueArrivals: (jobs: NewJob[]) =>
      queue.enqueue(jobs, { arrivals: true }).finally(() => toolbar.follow()),

    /** The library entries on this computer now (on-this-computer.ts). */
    entriesHere,

    /** Installed, updated, or the store changed: menus for the configured store. */
    async createMenus(): Promise<void> {
      await createMenus(await storeUrlSetting.getValue(), await options.signedIn());
    },

    /** Maybe signed in or out: the menu items follow the session. */
    async onSessionChanged(): Promise<void> {
      const signedIn = await options.signedIn();
      await updateMenus(signedIn).catch(async () => createMenus(await storeUrlSetting.getValue(), signedIn));
    },
  };
}

export type DownloadService = ReturnType<typeof createDownloadService>;

/**
 * passLater as one timer, for the soonest pass asked for: every pass asks again for what it still
 * waits on (a cut's retry, the stall watchdog's next look), so later asks need no timer of their own.
 */
function soonestOnly(pass: () => void): (ms: number) => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let due = Number.POSITIVE_INFINITY;
  return (ms) => {
    const at = Date.now() + ms;
    if (timer !== null && due <= at) return;
    if (timer !== null) clearTimeout(timer);
    due = at;
    timer = setTimeout(() => {
      timer = null;
      due = Number.POSITIVE_INFINITY;
      pass();
    }, ms);
  };
}

/** The queue with its real job store, browser downloads and store links, telling the person how runs go. */
function bulkDownloadQueue(options: DownloadServiceOptions, passLater: (ms: number) => void) {
  return createDownloadQueue({
    jobs: indexedDbJobStore(),
    downloads: browserDownloads,
    async initiate(downloadIds) {
      const links = await (await options.api()).initiateDownloads(downloadIds);
      return links.map((link) => ({ downloadId: link.downloadId, link: storeLink(link) }));
    },
    events: {
      jobFailed: notifyDownloadFailed,
      async runFinished(summary) {
        await notifyRunFinished(summary);
        await options.refreshOwned().catch(() => undefined);
      },
      async keepAwake(active) {
        if (active) await browser.alarms.create(bulkDownloadAlarm, { periodInMinutes: bulkDownloadMinutes });
        else await browser.alarms.clear(bulkDownloadAlarm);
      },
      passLater,
    },
    now: Date.now,
    sessionStartedAt: browserSessionStartedAt,
  });
}

/** When this browser session began (first asked): downloads it cancelled before then were the browser's doing. */
async function browserSessionStartedAt(): Promise<number> {
  const known = await browserSessionItem.getValue();
  if (known !== null) return known;
  const now = Date.now();
  await browserSessionItem.setValue(now);
  return now;
}

/** The library entries on this computer, as this browser's records say now. */
async function entriesHere(): Promise<Set<number>> {
  return onThisComputer(await storeUrlSetting.getValue(), indexedDbJobStore(), browserDownloads);
}

/** The popup's bulk download messages. */
function bulkDownloadHandlers(
  options: DownloadServiceOptions,
  queue: ReturnType<typeof createDownloadQueue>,
  toolbar: ReturnType<typeof createRunToolbar>,
  pump: () => Promise<void>,
) {
  return {
    async downloadAllAvailable(): Promise<QueueProgress> {
      const api = await options.api();
      // Every entry, whatever the store's account-wide status: one downloaded on another computer
      // (or by another client) is still missing here.
      const [all, here] = await Promise.all([libraryEntries(api), entriesHere()]);
      const entries = all.filter((entry) => !here.has(entry.id));
      const named = await jobNamer(
        api,
        entries.map((entry) => entry.track),
      );
      // Oldest purchase first: the library lists newest first.
      const jobs = entries.reverse().map((entry) => named(entry.track, entry.audioFormat, entry.id));
      if (jobs.length > 0) await queue.enqueue(jobs);
      await toolbar.follow();
      return queue.progress();
    },
    async bulkDownloadProgress(): Promise<QueueProgress> {
      // The popup asking is a good moment to check on the queue too.
      void pump().catch(() => undefined);
      return queue.progress();
    },
    async bulkDownloadControl({ action }: { action: QueueControl }): Promise<QueueProgress> {
      await queue.control(action);
      await toolbar.follow();
      return queue.progress();
    },
    onThisComputer: async () => ({ downloadIds: [...(await entriesHere())] }),
    savedFiles: async ({ entries }: { entries: Parameters<typeof savedFiles>[1] }) =>
      savedFiles(await options.api(), entries),
  };
}
