/**
 * Changes to a job under way that the queue's decisions share (reconcile-saving.ts for downloads
 * the browser ended or cut, stall-watchdog.ts for ones that stopped receiving bytes): the attempt
 * failed, and whether a fresh start may write over the old attempt's file.
 */
import type { DownloadJob } from '../../storage/download-job.ts';
import type { JobChange } from '../../storage/job-store.ts';
import { interruptVerdict } from './interrupt-reason.ts';
import { type BrowserDownload, maxAttempts, outageBoundMs, when } from './queue-model.ts';

/** The browser's file is where the job meant it (not "name (1)"): a fresh start may write over it. */
export const ownsPath = (job: DownloadJob, item: BrowserDownload | undefined) =>
  item?.filename.replace(/\\/g, '/').endsWith(`/${job.path}`) === true;

/** `reason` for a file whose outage outlasted the queue's bound, as a sentence. */
export const outlasted = (reason: string) =>
  `${reason} It did not come back in ${Math.round(outageBoundMs / 60_000)} minutes.`;

/**
 * The attempt failed: another one with a fresh link, or the job fails with the reason. A fresh
 * attempt writes over the failed one's file when that sat at the job's path, so no "(1)" copy.
 */
export function attemptFailed(
  job: DownloadJob,
  error: string | undefined,
  item?: BrowserDownload,
  reason = interruptVerdict(error).reason,
): JobChange {
  const verdict = interruptVerdict(error);
  return when(
    ['saving', 'starting'],
    (current) => {
      const attempts = current.attempts + 1;
      const past =
        current.browserDownloadId === null
          ? current.pastBrowserIds
          : [...current.pastBrowserIds, current.browserDownloadId];
      const again = verdict.retry && attempts < maxAttempts;
      return {
        state: again ? 'queued' : 'failed',
        attempts,
        link: null,
        browserDownloadId: null,
        startedAt: null,
        pastBrowserIds: past,
        error: reason,
        cut: null,
        moved: null,
        replace: current.replace === true || ownsPath(current, item),
      };
    },
    job.browserDownloadId ?? undefined,
  );
}
