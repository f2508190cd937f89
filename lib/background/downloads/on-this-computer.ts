/**
 * What is on this computer: the library entries (one per track and format) whose file this
 * browser saved and still finds on disk. The store's own status ("downloaded") is account-wide: an
 * entry initiated on another computer, or by another client, says nothing about this disk.
 *
 * Two records are read, both of this browser: its downloads history (each completed download with
 * `exists`, which downloads.search checks afresh in Chromium) and the queue's saved jobs. A store
 * link names its entry (`/downloads/file/<downloadId>`, docs/api.md), so a file saved by the
 * library's Download button, by the queue or by an earlier version is found from the history
 * alone; a saved job also counts the file it matched at its path (saved outside the queue). A file
 * deleted from disk counts as not here; docs/this-computer.md says what the browser cannot know.
 */
import type { DownloadJob } from '../../storage/download-job.ts';
import type { JobStore } from '../../storage/job-store.ts';
import type { BrowserDownload, BrowserDownloads } from './queue-model.ts';
import { sizeProblem } from './reconcile-saving.ts';

const linkPath = /^\/downloads\/file\/([1-9][0-9]{0,15})$/;

/** The library entry a store link fetches, or null for any other URL (another store, another site). */
export function entryOfLink(url: string, storeUrl: string): number | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.origin !== storeUrl) return null;
  const match = linkPath.exec(parsed.pathname);
  return match ? Number(match[1]) : null;
}

type SavedJob = Pick<DownloadJob, 'downloadId' | 'state' | 'browserDownloadId'>;

/**
 * The entries on this computer, from the browser's completed downloads (`history`, any state:
 * only those complete, still on disk and whole count) and the queue's jobs.
 */
export function entriesOnThisComputer(
  storeUrl: string,
  history: readonly BrowserDownload[],
  jobs: readonly SavedJob[],
): Set<number> {
  const here = new Set<number>();
  const onDisk = new Set<number>();
  for (const item of history) {
    // A file shorter (or longer) than the store announced was never saved whole.
    if (item.state !== 'complete' || !item.exists || sizeProblem(item) !== null) continue;
    onDisk.add(item.id);
    const entry = entryOfLink(item.url, storeUrl);
    if (entry !== null) here.add(entry);
  }
  for (const job of jobs) {
    if (job.state === 'done' && job.browserDownloadId !== null && onDisk.has(job.browserDownloadId))
      here.add(job.downloadId);
  }
  return here;
}

/** Reads both records now: the worker's answer to the popup and the bulk download's filter. */
export async function onThisComputer(
  storeUrl: string,
  jobs: Pick<JobStore, 'read'>,
  downloads: Pick<BrowserDownloads, 'savedFiles'>,
): Promise<Set<number>> {
  const [history, state] = await Promise.all([downloads.savedFiles(), jobs.read()]);
  return entriesOnThisComputer(storeUrl, history, state.jobs);
}
