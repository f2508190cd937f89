/**
 * What Crate tells people about downloads, as browser notifications. A notification's id carries
 * everything its buttons need (`crate-not-owned:track:42`), so a click handled by a freshly started
 * worker needs no memory of having shown it.
 */

import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import type { CatalogItemRef } from '../../contract/catalog-url.ts';
import { itemKey } from '../../contract/item-key.ts';
import { formatCount } from '../../i18n/intl.ts';
import { plural } from '../../i18n/plural.ts';
import type { DownloadJob } from '../../storage/download-job.ts';
import type { RunSummary } from './queue-model.ts';

const notOwnedPrefix = 'crate-not-owned:';
// Firefox shows no notification buttons: there a click on the notification itself adds to the cart.
const hasButtons = !import.meta.env.FIREFOX;

async function notify(
  id: string,
  title: string,
  message: string,
  buttons?: { title: string }[],
): Promise<void> {
  await browser.notifications.create(id, {
    type: 'basic',
    iconUrl: browser.runtime.getURL('/notification-icon.png'),
    title,
    message,
    ...(buttons && hasButtons ? { buttons } : {}),
  });
}

export function notifyNotOwned(item: CatalogItemRef, name: string): Promise<void> {
  return notify(
    `${notOwnedPrefix}${itemKey(item)}`,
    i18n.t(item.type === 'track' ? 'background.notOwned.track' : 'background.notOwned.release'),
    i18n.t(hasButtons ? 'background.notOwned.ask' : 'background.notOwned.click', [name]),
    [{ title: i18n.t('background.notOwned.addToCart') }],
  );
}

/** The item a "not owned" notification offers to add to the cart, or null for other notifications. */
export function notOwnedItem(notificationId: string): CatalogItemRef | null {
  const match = /^crate-not-owned:(track|release):([1-9][0-9]*)$/.exec(notificationId);
  return match ? { type: match[1] as CatalogItemRef['type'], id: Number(match[2]) } : null;
}

export function notifyAddedToCart(name: string, cartName: string): Promise<void> {
  return notify(
    'crate-added-to-cart',
    i18n.t('background.added.title'),
    i18n.t('background.added.message', [name, cartName]),
  );
}

export function notifyDownloadFailed(job: DownloadJob): Promise<void> {
  return notify(
    `crate-download-failed:${job.downloadId}`,
    i18n.t('background.downloadFailed.title'),
    i18n.t('background.downloadFailed.message', [
      job.title,
      job.error ?? i18n.t('background.downloadFailed.reason'),
    ]),
  );
}

/** "12 already saved, 8 downloaded." or "8 files saved to your downloads." */
function runSummaryText({ done, alreadySaved }: Pick<RunSummary, 'done' | 'alreadySaved'>): string {
  if (alreadySaved === 0) return plural('background.run.saved', done);
  return i18n.t('background.run.alreadySaved', [formatCount(alreadySaved), formatCount(done)]);
}

/**
 * How a run went, once. A run of new purchases alone (queued by themselves) says "3 new tracks
 * saved"; new purchases that joined a run the DJ started are counted in its usual summary.
 */
export function notifyRunFinished({ done, alreadySaved, arrivals, failed }: RunSummary): Promise<void> {
  const onlyArrivals = arrivals > 0 && alreadySaved === 0 && arrivals === done + failed.length;
  const saved = onlyArrivals
    ? plural('background.arrivals.saved', done)
    : runSummaryText({ done, alreadySaved });
  const named = failed
    .slice(0, 3)
    .map((job) =>
      i18n.t('background.run.failedJob', [job.title, job.error ?? i18n.t('background.run.failedReason')]),
    );
  const problems =
    failed.length === 0
      ? ''
      : ` ${plural('background.run.failed', failed.length, `${named.join(', ')}${failed.length > 3 ? ', …' : ''}`)}`;
  let title = i18n.t(failed.length ? 'background.run.finishedWithFailures' : 'background.run.finished');
  if (onlyArrivals) title = i18n.t('background.arrivals.title');
  return notify('crate-downloads-finished', title, saved + problems);
}

/** Something the person asked for could not be done, with the reason. */
export function notifyProblem(title: string, message: string): Promise<void> {
  return notify('crate-download-problem', title, message);
}
