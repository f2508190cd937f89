/**
 * What Crate tells people about downloads, as browser notifications. A notification's id carries
 * everything its buttons need (`crate-not-owned:track:42`), so a click handled by a freshly started
 * worker needs no memory of having shown it.
 */
import { browser } from 'wxt/browser';
import type { CatalogItemRef } from '../../contract/catalog-url.ts';
import { itemKey } from '../../contract/item-key.ts';
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
  const what = item.type === 'track' ? 'this track' : 'any track of this release';
  return notify(
    `${notOwnedPrefix}${itemKey(item)}`,
    `You do not own ${what}`,
    `"${name}" is not in your library. ${hasButtons ? 'Add it to your cart?' : 'Click here to add it to your cart.'}`,
    [{ title: 'Add to cart' }],
  );
}

/** The item a "not owned" notification offers to add to the cart, or null for other notifications. */
export function notOwnedItem(notificationId: string): CatalogItemRef | null {
  const match = /^crate-not-owned:(track|release):([1-9][0-9]*)$/.exec(notificationId);
  return match ? { type: match[1] as CatalogItemRef['type'], id: Number(match[2]) } : null;
}

export function notifyAddedToCart(name: string, cartName: string): Promise<void> {
  return notify('crate-added-to-cart', 'Added to your cart', `"${name}" is in the cart "${cartName}".`);
}

export function notifyDownloadFailed(job: DownloadJob): Promise<void> {
  return notify(
    `crate-download-failed:${job.downloadId}`,
    'A download failed',
    `"${job.title}": ${job.error ?? 'The download failed.'}`,
  );
}

/** "12 already saved, 8 downloaded." or "8 files saved to your downloads." */
function runSummaryText({ done, alreadySaved }: Pick<RunSummary, 'done' | 'alreadySaved'>): string {
  if (alreadySaved === 0) return `${done} ${done === 1 ? 'file' : 'files'} saved to your downloads.`;
  return `${alreadySaved} already saved, ${done} downloaded.`;
}

export function notifyRunFinished({ done, alreadySaved, failed }: RunSummary): Promise<void> {
  const saved = runSummaryText({ done, alreadySaved });
  const problems =
    failed.length === 0
      ? ''
      : ` ${failed.length} failed: ${failed
          .slice(0, 3)
          .map((job) => `"${job.title}" (${job.error ?? 'failed'})`)
          .join(', ')}${failed.length > 3 ? ', …' : ''}. Retry them from the popup.`;
  return notify(
    'crate-downloads-finished',
    failed.length ? 'Downloads finished, with failures' : 'Downloads finished',
    saved + problems,
  );
}

/** Something the person asked for could not be done, with the reason. */
export function notifyProblem(title: string, message: string): Promise<void> {
  return notify('crate-download-problem', title, message);
}
