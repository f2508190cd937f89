/**
 * A pass's look at the downloads under way: saved (and whole), cut (the connection broke or the
 * store stopped answering: resumed where it stopped after a wait, never started again from
 * nothing while the browser can resume), failed (another attempt with a fresh link), or in
 * progress (stalled ones found by stall-watchdog.ts). Every decision is written first; only then
 * is the browser told to resume, reconnect or drop a partial file.
 */
import { i18n } from '#i18n';
import { formatCount } from '../../i18n/intl.ts';
import type { DownloadJob, Outage } from '../../storage/download-job.ts';
import type { JobChange } from '../../storage/job-store.ts';
import { interruptVerdict } from './interrupt-reason.ts';
import { attemptFailed, outlasted, ownsPath } from './job-changes.ts';
import {
  type BrowserDownload,
  linkMarginMs,
  outageBoundMs,
  outageWaitMs,
  type QueueDependencies,
  when,
} from './queue-model.ts';
import { watchUnderWay } from './stall-watchdog.ts';

/** Writes the changes in one transaction, then tells people of each job that failed for good. */
export async function apply(
  deps: QueueDependencies,
  changes: Map<number, JobChange>,
): Promise<DownloadJob[]> {
  const changed = await deps.jobs.updateJobs(changes);
  for (const job of changed) if (job.state === 'failed') await deps.events.jobFailed(job);
  return changed;
}

/** A file the browser calls complete whose size is not what the store announced, as a sentence. */
export function sizeProblem(item: BrowserDownload): string | null {
  const announced = item.totalBytes;
  const onDisk = item.fileSize !== undefined && item.fileSize >= 0 ? item.fileSize : item.bytesReceived;
  if (announced <= 0 || onDisk === announced) return null;
  return i18n.t('storeErrors.sizeMismatch', [formatCount(onDisk), formatCount(announced)]);
}

/** What to do with a cut download now: wait on, resume it, start it afresh, or give up. */
type CutDecision = { change: JobChange; browser?: BrowserStep; waitMs?: number };

function decideCut(
  deps: QueueDependencies,
  job: DownloadJob,
  item: BrowserDownload,
  reason: string,
): CutDecision {
  const now = deps.now();
  const id = item.id;
  const cut = job.cut ?? null;
  if (cut?.retryAt != null) {
    if (now < cut.retryAt) return { change: () => null, waitMs: cut.retryAt - now };
    const tried: Outage = { ...cut, retryAt: null };
    const linkAlive = job.link !== null && job.link.expiresAt - now >= linkMarginMs;
    if (item.canResume && linkAlive) {
      return {
        change: when(
          ['saving'],
          (current) => ({ cut: tried, moved: null, resumes: (current.resumes ?? 0) + 1 }),
          id,
        ),
        browser: 'resume',
      };
    }
    // Nothing to resume (no bytes kept, or the link has expired): a fresh link, over the partial file.
    return {
      change: when(
        ['saving'],
        (current) => ({
          state: 'queued',
          link: null,
          browserDownloadId: null,
          startedAt: null,
          pastBrowserIds: [...current.pastBrowserIds, id],
          cut: tried,
          replace: current.replace === true || ownsPath(current, item),
        }),
        id,
      ),
      browser: 'drop',
    };
  }
  const since = cut?.since ?? now;
  if (now - since >= outageBoundMs) {
    return { change: attemptFailed(job, 'FILE_FAILED', item, outlasted(reason)) };
  }
  const tries = (cut?.tries ?? 0) + 1;
  const waitMs = outageWaitMs(tries);
  const next: Outage = { since, tries, retryAt: now + waitMs, bytes: item.bytesReceived, reason };
  // Seen cut: the stall watchdog counts afresh from when the download is under way again.
  return { change: when(['saving'], () => ({ cut: next, moved: null }), id), waitMs };
}

/** Resolves with how many of these downloads are still under way. */
export async function reconcileSaving(deps: QueueDependencies, saving: DownloadJob[]): Promise<number> {
  const items = await Promise.all(saving.map((job) => deps.downloads.byId(job.browserDownloadId as number)));
  const sessionStart = (await deps.sessionStartedAt?.()) ?? 0;
  // Cancelled by the browser closing (it began in an earlier session), not by the person.
  const closedWithBrowser = (item: BrowserDownload) =>
    item.error === 'USER_CANCELED' &&
    item.startTime !== undefined &&
    Date.parse(item.startTime) < sessionStart;
  const changes = new Map<number, JobChange>();
  const after = new Map<number, { browser: BrowserStep; id: number }>();
  let ended = 0;
  let soonest = Number.POSITIVE_INFINITY;
  saving.forEach((job, index) => {
    const item = items[index];
    const id = job.browserDownloadId as number;
    if (!item) {
      // Erased from the browser's list before it finished: nothing was saved.
      changes.set(job.downloadId, attemptFailed(job, 'NETWORK_FAILED'));
      ended++;
    } else if (item.state === 'complete') {
      const short = sizeProblem(item);
      changes.set(
        job.downloadId,
        short
          ? attemptFailed(job, 'SERVER_CONTENT_LENGTH_MISMATCH', item, short)
          : when(
              ['saving'],
              () => ({
                state: 'done',
                error: null,
                cut: null,
                savedAs: item.filename,
                bytes: item.bytesReceived,
              }),
              id,
            ),
      );
      ended++;
    } else if (item.state === 'interrupted') {
      const verdict = interruptVerdict(closedWithBrowser(item) ? 'USER_SHUTDOWN' : item.error);
      if (!verdict.cut) {
        changes.set(job.downloadId, attemptFailed(job, item.error, item));
        after.set(job.downloadId, { browser: 'drop', id });
        ended++;
        return;
      }
      const decision = decideCut(deps, job, item, verdict.reason);
      changes.set(job.downloadId, decision.change);
      if (decision.browser) after.set(job.downloadId, { browser: decision.browser, id });
      if (decision.waitMs !== undefined) soonest = Math.min(soonest, decision.waitMs);
    } else {
      const watch = watchUnderWay(job, item, deps.now(), deps.downloads.reconnects);
      if (watch.change) changes.set(job.downloadId, watch.change);
      if (watch.browser) after.set(job.downloadId, { browser: watch.browser, id });
      if (watch.lookAgainMs !== undefined) soonest = Math.min(soonest, watch.lookAgainMs);
      if (watch.ends) ended++;
    }
  });
  const changed = await apply(deps, changes);
  await followUp(deps, changed, after);
  if (Number.isFinite(soonest)) deps.events.passLater(soonest);
  return saving.length - ended;
}

/** What the browser is told once a decision is stored. */
type BrowserStep = 'resume' | 'reconnect' | 'drop';

/**
 * The browser resumes what was decided resumed, opens a new connection for a stalled download
 * (pause, then resume: stall-watchdog.ts), and drops the partial file of what starts afresh.
 */
async function followUp(
  deps: QueueDependencies,
  changed: DownloadJob[],
  after: Map<number, { browser: BrowserStep; id: number }>,
): Promise<void> {
  const { downloads } = deps;
  for (const job of changed) {
    const next = after.get(job.downloadId);
    if (!next) continue;
    // A download the browser already resumed or removed refuses; the next pass sees how it is.
    const quietly = (work: Promise<void>) => work.catch(() => undefined);
    if (next.browser === 'reconnect') await quietly(downloads.pause(next.id));
    if (next.browser === 'drop') await quietly(downloads.cancel(next.id));
    else await quietly(downloads.resume(next.id));
  }
}
