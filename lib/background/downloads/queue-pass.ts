/**
 * One pass of the bulk download queue: reconcile the jobs with what the browser reports (saved,
 * interrupted, or never started by a worker that stopped), start more while the run is running,
 * and end the run once every job has ended. Every decision is written to the job store first,
 * a pass's decisions of one kind in one transaction, and the browser is asked about (or told to
 * start) all of a pass's files at once rather than one after another.
 */

import { errorMessage } from '../../i18n/error-message.ts';
import { StoreError } from '../../protocol/store-error.ts';
import type { DownloadJob, StoreLink } from '../../storage/download-job.ts';
import type { JobChange } from '../../storage/job-store.ts';
import {
  type InitiateLinks,
  initiateRetryMs,
  isActive,
  isFinished,
  linkBatch,
  linkMarginMs,
  maxAttempts,
  outageBoundMs,
  outageWaitMs,
  parallelDownloads,
  type QueueDependencies,
  type RunSummary,
  startGraceMs,
  when,
} from './queue-model.ts';
import { apply, reconcileSaving } from './reconcile-saving.ts';

/** A job left in `starting` by a stopped worker: adopt its browser download, or start again. */
async function recoverStarting(deps: QueueDependencies, job: DownloadJob): Promise<void> {
  const { downloads, events, now } = deps;
  const link = job.link as StoreLink;
  const found = (await downloads.byUrl(link.url)).filter((item) => !job.pastBrowserIds.includes(item.id));
  const item = found.find((candidate) => candidate.state !== 'interrupted') ?? found[0];
  if (item) {
    await apply(
      deps,
      new Map([
        [job.downloadId, when(['starting'], () => ({ state: 'saving', browserDownloadId: item.id }))],
      ]),
    );
    return;
  }
  const waited = now() - (job.startedAt ?? 0);
  if (waited >= startGraceMs) {
    await apply(
      deps,
      new Map([[job.downloadId, when(['starting'], () => ({ state: 'queued', startedAt: null }))]]),
    );
  } else {
    events.passLater(startGraceMs - waited);
  }
}

/** The store is restarting, overloaded or out of reach: a wait helps, unlike a refusal. */
const storeUnavailable = (error: unknown) =>
  error instanceof StoreError && ['storeDown', 'offline', 'timeout', 'rateLimited'].includes(error.kind);

/**
 * The store did not answer a request for links: the run waits (queue-model.ts, outageWaitMs)
 * without counting it against any file. Resolves false once the outage outlasted its bound.
 */
async function waitForStore(deps: QueueDependencies, error: unknown): Promise<boolean> {
  const now = deps.now();
  let waitMs = 0;
  const run = await deps.jobs.updateRun((current) => {
    const since = current.storeWait?.since ?? now;
    if (now - since >= outageBoundMs) return null;
    const tries = (current.storeWait?.tries ?? 0) + 1;
    waitMs = outageWaitMs(tries, (error as StoreError).retryAfterSeconds);
    const reason = errorMessage(error);
    return { ...current, storeWait: { since, tries, retryAt: now + waitMs, bytes: 0, reason } };
  });
  if (waitMs === 0 || !run?.storeWait) return false;
  deps.events.passLater(waitMs);
  return true;
}

/** Fresh links for these jobs; a failing id is found by asking for each alone. */
async function refreshLinks(deps: QueueDependencies, due: DownloadJob[]): Promise<void> {
  const ids = due.map((job) => job.downloadId);
  let links: Awaited<ReturnType<InitiateLinks>>;
  try {
    links = await deps.initiate(ids);
  } catch (error) {
    if (storeUnavailable(error) && (await waitForStore(deps, error))) return;
    if (ids.length > 1) {
      for (const job of due) await refreshLinks(deps, [job]);
      return;
    }
    const [job] = due as [DownloadJob];
    const [updated] = await apply(
      deps,
      new Map([
        [
          job.downloadId,
          when(['queued'], (current) => ({
            attempts: current.attempts + 1,
            error: errorMessage(error),
            state: current.attempts + 1 >= maxAttempts ? 'failed' : 'queued',
          })),
        ],
      ]),
    );
    // The store may be back in a moment; the alarm tries again if this worker is gone by then.
    if (updated?.state !== 'failed') deps.events.passLater(initiateRetryMs);
    return;
  }
  await deps.jobs.updateRun((run) => (run.storeWait ? { ...run, storeWait: null } : null));
  await apply(
    deps,
    new Map(links.map(({ downloadId, link }) => [downloadId, when(['queued'], () => ({ link }))])),
  );
}

/**
 * Starts these jobs together: all written as `starting` first (one transaction), then the browser
 * told to start each. The pass does not wait for the browser's answers (each comes once the
 * store has answered its request): they are written together when all have come, and another
 * pass follows, for a download that ended before its id was written. Until then `launching`
 * keeps passes from taking these jobs for ones a stopped worker left in `starting`.
 */
async function startJobs(
  deps: QueueDependencies,
  ready: DownloadJob[],
  launching: Set<number>,
): Promise<number> {
  const { downloads, events, now } = deps;
  const startedAt = now();
  const starting = await apply(
    deps,
    new Map(ready.map((job) => [job.downloadId, when(['queued'], () => ({ state: 'starting', startedAt }))])),
  );
  for (const job of starting) launching.add(job.downloadId);
  const answers = Promise.allSettled(
    starting.map((job) =>
      downloads.start(job.downloadId, (job.link as StoreLink).url, job.path, job.replace === true),
    ),
  );
  void answers
    .then((outcomes) => {
      const changes = new Map<number, JobChange>();
      starting.forEach((job, index) => {
        const outcome = outcomes[index] as PromiseSettledResult<number>;
        changes.set(
          job.downloadId,
          outcome.status === 'fulfilled'
            ? when(['starting'], () => ({ state: 'saving', browserDownloadId: outcome.value }))
            : // The browser refused to start it at all (a bad name, a blocked URL): no retry helps.
              when(['starting'], () => ({
                state: 'failed',
                startedAt: null,
                error: errorMessage(outcome.reason),
              })),
        );
      });
      return apply(deps, changes);
    })
    .finally(() => {
      for (const job of starting) launching.delete(job.downloadId);
      events.passLater(0);
    })
    .catch(() => undefined);
  return starting.length;
}

/**
 * Before a job starts afresh, its last attempt's download is cancelled unless it completed: the
 * decision to start again said so, but the worker that made it may have stopped before telling
 * the browser. A partial file is never left behind, and a stalled download still under way never
 * holds the path, which would make the new one "name (1)".
 */
async function dropEarlierAttempts({ downloads }: QueueDependencies, jobs: DownloadJob[]): Promise<void> {
  for (const job of jobs) {
    const earlier = job.pastBrowserIds.at(-1);
    if (earlier === undefined) continue;
    const item = await downloads.byId(earlier);
    if (item && item.state !== 'complete') await downloads.cancel(earlier).catch(() => undefined);
  }
}

/** Resolves with how many downloads it started. */
async function startMore(deps: QueueDependencies, launching: Set<number>): Promise<number> {
  const { jobs: store, now } = deps;
  const fresh = (job: DownloadJob) => job.link !== null && job.link.expiresAt - now() >= linkMarginMs;
  const { run, jobs } = await store.read();
  const free = parallelDownloads - jobs.filter(isActive).length;
  if (free <= 0) return 0;
  const waiting = run?.storeWait?.retryAt ?? 0;
  if (waiting > now()) {
    deps.events.passLater(waiting - now());
    return 0;
  }
  const queued = jobs.filter((job) => job.state === 'queued').sort((a, b) => a.seq - b.seq);
  const next = new Set(queued.slice(0, free).map((job) => job.downloadId));
  if (queued.slice(0, free).some((job) => !fresh(job))) {
    // Links for the files about to start and the next ones after them, in one request.
    await refreshLinks(deps, queued.filter((job) => !fresh(job)).slice(0, Math.max(free, linkBatch)));
  }
  const ready = (await store.read()).jobs
    .filter((job) => job.state === 'queued' && next.has(job.downloadId) && fresh(job))
    .sort((a, b) => a.seq - b.seq);
  if (ready.length === 0) return 0;
  await dropEarlierAttempts(deps, ready);
  return startJobs(deps, ready, launching);
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
      arrivals: run.arrivals ?? 0,
      failed: mine.filter((job) => job.state === 'failed'),
    };
    return { run: { ...run, status: 'finished' }, jobs };
  });
  if (summary) {
    await events.keepAwake(false);
    await events.runFinished(summary);
  }
}

/**
 * One pass; the queue runs them one at a time (download-queue.ts, pump). `launching`: jobs this
 * worker is starting right now (lost with the worker, when recovery takes them).
 */
export async function queuePass(deps: QueueDependencies, launching: Set<number>): Promise<void> {
  const { jobs: store } = deps;
  const { run, jobs } = await store.read();
  if (!run || (run.status !== 'running' && run.status !== 'paused')) return;
  const saving = jobs.filter((candidate) => candidate.state === 'saving');
  const underWay = saving.length > 0 ? await reconcileSaving(deps, saving) : 0;
  for (const job of jobs.filter((candidate) => candidate.state === 'starting'))
    if (!launching.has(job.downloadId)) await recoverStarting(deps, job);
  const started = run.status === 'running' ? await startMore(deps, launching) : 0;
  // A download under way ends in a later pass (its event asks for one): the run cannot be done
  // yet, so the check (a write transaction over every job) waits for that pass.
  if (underWay + started === 0) await finishIfDone(deps);
}
