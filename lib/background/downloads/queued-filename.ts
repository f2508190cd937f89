/**
 * Chromium names a download again when it resumes one by itself after a cut connection, and
 * then takes the store's Content-Disposition name: the folders of the person's template are
 * lost ("Artist - Title.wav" lands beside the folder it belongs in). downloads.onDeterminingFilename
 * lets the extension answer each naming; for the queue's downloads it answers the job's path.
 * Firefox has no such event and keeps the name on a resume.
 */
import type { Browser } from 'wxt/browser';
import { browser } from 'wxt/browser';
import { indexedDbJobStore } from '../../storage/job-store.ts';
import { isActive } from './queue-model.ts';

type Suggestion = { filename: string; conflictAction: 'overwrite' | 'uniquify' };

/** The name the queue gave this download, or undefined for anyone else's (the browser's own name). */
export async function queuedFilename(item: Browser.downloads.DownloadItem): Promise<Suggestion | undefined> {
  if (item.byExtensionId !== browser.runtime.id) return undefined;
  const { jobs } = await indexedDbJobStore().read();
  const job =
    jobs.find((candidate) => candidate.browserDownloadId === item.id) ??
    jobs.find((candidate) => isActive(candidate) && candidate.link?.url === item.url);
  if (!job) return undefined;
  return { filename: job.path, conflictAction: job.replace ? 'overwrite' : 'uniquify' };
}

/** downloads.onDeterminingFilename: every download must be answered, ours with its job's path. */
export function onDeterminingFilename(
  item: Browser.downloads.DownloadItem,
  suggest: (suggestion?: Suggestion) => void,
): boolean {
  queuedFilename(item).then(
    (suggestion) => suggest(suggestion),
    () => suggest(),
  );
  // The answer comes asynchronously.
  return true;
}
