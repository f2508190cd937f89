/**
 * One pass of the bulk download queue: reconcile the jobs with what the browser reports (saved,
 * interrupted, or never started by a worker that stopped), start more while the run is running,
 * and end the run once every job has ended. Every decision is written to the job store first.
 */
import { errorMessage } from '../../protocol/error-message.ts';
import type { DownloadJob, StoreLink } from '../../storage/download-job.ts';
import { interruptVerdict } from './interrupt-reason.ts';
import {
  type InitiateLinks,
  initiateRetryMs,
  isActive,
  isFinished,
  linkMarginMs,
  maxAttempts,
  parallelDownloads,
  type QueueDependencies,
  type RunSummary,
  startGraceMs,
  when,
} from './queue-model.ts';

/** The attempt failed: another one with a fresh link, or the job fails with the reason. */
async function attemptFailed(
  deps: QueueDependencies,
  job: DownloadJob,
  error: string | undefined,
): Promise<void> {
  const { jobs: store, events } = deps;
  const verdict = interruptVerdict(error);
  const updated = await store.updateJob(
    job.downloadId,
    when(
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
          error: verdict.reason,
        };
      },
      job.browserDownloadId ?? undefined,
    ),
  );
  if (updated?.state === 'failed') await events.jobFailed(updated);
}

async function reconcileSaving(deps: QueueDependencies, job: DownloadJob): Promise<void> {
  const { jobs: store, downloads } = deps;
  const id = job.browserDownloadId as number;
  const item = await downloads.byId(id);
  if (item?.state === 'complete') {
    await store.updateJob(
      job.downloadId,
      when(['saving'], () => ({ state: 'done', error: null, savedAs: item.filename }), id),
    );
  } else if (!item) {
    // Erased from the browser's list before it finished: nothing was saved.
    await attemptFailed(deps, job, 'NETWORK_FAILED');
  } else if (item.state === 'interrupted') {
    await attemptFailed(deps, job, item.error);
  }
}

/** A job left in `starting` by a stopped worker: adopt its browser download, or start again. */
async function recoverStarting(deps: QueueDependencies, job: DownloadJob): Promise<void> {
  const { jobs: store, downloads, events, now } = deps;
  const link = job.link as StoreLink;
  const found = (await downloads.byUrl(link.url)).filter((item) => !job.pastBrowserIds.includes(item.id));
  const item = found.find((candidate) => candidate.state !== 'interrupted') ?? found[0];
  if (item) {
    await store.updateJob(
      job.downloadId,
      when(['starting'], () => ({ state: 'saving', browserDownloadId: item.id })),
    );
    return;
  }
  const waited = now() - (job.startedAt ?? 0);
  if (waited >= startGraceMs) {
    await store.updateJob(
      job.downloadId,
      when(['starting'], () => ({ state: 'queued', startedAt: null })),
    );
  } else {
    events.passLater(startGraceMs - waited);
  }
}

/** Fresh links for these jobs; a failing id is found by asking for each alone. */
async function refreshLinks(deps: QueueDependencies, due: DownloadJob[]): Promise<void> {
  const { jobs: store, events } = deps;
  const ids = due.map((job) => job.downloadId);
  let links: Awaited<ReturnType<InitiateLinks>>;
  try {
    links = await deps.initiate(ids);
  } catch (error) {
    if (ids.length > 1) {
      for (const job of due) await refreshLinks(deps, [job]);
      return;
    }
    const [job] = due as [DownloadJob];
    const updated = await store.updateJob(
      job.downloadId,
      when(['queued'], (current) => ({
        attempts: current.attempts + 1,
        error: errorMessage(error),
        state: current.attempts + 1 >= maxAttempts ? 'failed' : 'queued',
      })),
    );
    if (updated?.state === 'failed') await events.jobFailed(updated);
    // The store may be back in a moment; the alarm tries again if this worker is gone by then.
    else events.passLater(initiateRetryMs);
    return;
  }
  for (const { downloadId, link } of links) {
    await store.updateJob(
      downloadId,
      when(['queued'], () => ({ link })),
    );
  }
}

async function startJob(deps: QueueDependencies, job: DownloadJob): Promise<void> {
  const { jobs: store, downloads, events, now } = deps;
  const link = job.link as StoreLink;
  const starting = await store.updateJob(
    job.downloadId,
    when(['queued'], () => ({ state: 'starting', startedAt: now() })),
  );
  if (!starting) return;
  let browserDownloadId: number;
  try {
    browserDownloadId = await downloads.start(job.downloadId, link.url, job.path, job.replace === true);
  } catch (error) {
    // The browser refused to start it at all (a bad name, a blocked URL): no retry helps.
    const failed = await store.updateJob(
      job.downloadId,
      when(['starting'], () => ({ state: 'failed', startedAt: null, error: errorMessage(error) })),
    );
    if (failed) await events.jobFailed(failed);
    return;
  }
  await store.updateJob(
    job.downloadId,
    when(['starting'], () => ({ state: 'saving', browserDownloadId })),
  );
}

async function startMore(deps: QueueDependencies): Promise<void> {
  const { jobs: store, now } = deps;
  const { jobs } = await store.read();
  const free = parallelDownloads - jobs.filter(isActive).length;
  if (free <= 0) return;
  const next = jobs
    .filter((job) => job.state === 'queued')
    .sort((a, b) => a.seq - b.seq)
    .slice(0, free);
  const due = next.filter((job) => !job.link || job.link.expiresAt - now() < linkMarginMs);
  if (due.length > 0) await refreshLinks(deps, due);
  const ready = (await store.read()).jobs.filter(
    (job) =>
      job.state === 'queued' &&
      next.some((chosen) => chosen.downloadId === job.downloadId) &&
      job.link &&
      job.link.expiresAt - now() >= linkMarginMs,
  );
  for (const job of ready) await startJob(deps, job);
}

/** Ends the run once every job has ended, and says how it went, once. */
async function finishIfDone(deps: QueueDependencies): Promise<void> {
  const { jobs: store, events } = deps;
  let summary: RunSummary | null = null;
  await store.updateAll(({ run, jobs }) => {
    if (!run || (run.status !== 'running' && run.status !== 'paused') || !jobs.every(isFinished)) return null;
    const mine = jobs.filter((job) => job.runId === run.id);
    summary = {
      done: mine.filter((job) => job.state === 'done').length,
      alreadySaved: run.alreadySaved ?? 0,
      failed: mine.filter((job) => job.state === 'failed'),
    };
    return { run: { ...run, status: 'finished' }, jobs };
  });
  if (summary) {
    await events.keepAwake(false);
    await events.runFinished(summary);
  }
}

/** One pass; the queue runs them one at a time (download-queue.ts, pump). */
export async function queuePass(deps: QueueDependencies): Promise<void> {
  const { jobs: store } = deps;
  const { run, jobs } = await store.read();
  if (!run || (run.status !== 'running' && run.status !== 'paused')) return;
  for (const job of jobs.filter((candidate) => candidate.state === 'saving'))
    await reconcileSaving(deps, job);
  for (const job of jobs.filter((candidate) => candidate.state === 'starting'))
    await recoverStarting(deps, job);
  if (run.status === 'running') await startMore(deps);
  await finishIfDone(deps);
}
