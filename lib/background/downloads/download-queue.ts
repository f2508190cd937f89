/**
 * The bulk download queue: library entries saved three at a time through the browser's downloads,
 * every step written to the job store first, so a worker stopped anywhere resumes from the store
 * alone and never saves one entry twice.
 *
 * It talks to the world through small interfaces (the store's links, the browser's downloads, the
 * job store, what people are told), which the worker fills with the real APIs and the unit tests
 * with models. Each pass reconciles the jobs with what the browser reports, then starts more; the
 * browser's download events, an alarm and the popup's questions all just ask for another pass.
 */

import { errorMessage } from '../../protocol/error-message.ts';
import type { BulkProgress } from '../../protocol/messages.ts';
import {
  activeStates,
  type DownloadJob,
  finishedStates,
  type JobState,
  type NewJob,
  type QueueState,
  type StoreLink,
} from '../../storage/download-job.ts';
import type { JobStore } from '../../storage/job-store.ts';
import { interruptVerdict } from './interrupt-reason.ts';

export const parallelDownloads = 3;
/** Attempts with a fresh link before a job fails for good (the person may still retry it). */
export const maxAttempts = 3;
/** A link this close to its expiry is replaced before it is used. */
export const linkMarginMs = 60_000;
/**
 * How long a job may sit in `starting` without a browser download before it counts as never
 * started. The browser creates its download as soon as the store answers, far sooner than this.
 */
export const startGraceMs = 30_000;
/** Wait before asking the store again for links it failed to give. */
export const initiateRetryMs = 5_000;

export interface BrowserDownload {
  id: number;
  url: string;
  state: 'in_progress' | 'interrupted' | 'complete';
  error?: string;
  paused: boolean;
  bytesReceived: number;
  /** 0 when the store did not say. */
  totalBytes: number;
}

/** The browser's downloads API, as much of it as the queue uses. */
export interface BrowserDownloads {
  /** Starts saving entry `downloadId` from `url` under `path`; resolves with the browser's id. */
  start(downloadId: number, url: string, path: string): Promise<number>;
  byId(id: number): Promise<BrowserDownload | undefined>;
  byUrl(url: string): Promise<BrowserDownload[]>;
  pause(id: number): Promise<void>;
  resume(id: number): Promise<void>;
  cancel(id: number): Promise<void>;
}

/** POST /order/1/downloads: marks the entries initiated and returns a fresh link for each. */
export type InitiateLinks = (downloadIds: number[]) => Promise<{ downloadId: number; link: StoreLink }[]>;

/** What the queue tells people and the rest of the extension. */
export interface QueueEvents {
  jobFailed(job: DownloadJob): Promise<void>;
  runFinished(summary: { done: number; failed: DownloadJob[] }): Promise<void>;
  /** A run is under way (true) or over (false): the worker keeps an alarm while it is. */
  keepAwake(active: boolean): Promise<void>;
  /** Asks for another pass after `ms`, while this worker lives (the alarm covers the rest). */
  passLater(ms: number): void;
}

export interface QueueDependencies {
  jobs: JobStore;
  downloads: BrowserDownloads;
  initiate: InitiateLinks;
  events: QueueEvents;
  now: () => number;
}

/** The queue as the popup shows it: the protocol's reply to the bulk download messages. */
export type QueueProgress = BulkProgress;
type ActiveFile = BulkProgress['active'][number];

export type QueueControl = 'pause' | 'resume' | 'cancel' | 'retryFailed';

const isFinished = (job: DownloadJob) => finishedStates.includes(job.state);
const isActive = (job: DownloadJob) => activeStates.includes(job.state);

/** Changes a job only while it is still in one of `from`: a stale decision changes nothing. */
const when =
  (
    from: readonly JobState[],
    patch: (job: DownloadJob) => Partial<DownloadJob>,
    browserDownloadId?: number,
  ) =>
  (job: DownloadJob): DownloadJob | null => {
    if (!from.includes(job.state)) return null;
    if (browserDownloadId !== undefined && job.browserDownloadId !== browserDownloadId) return null;
    return { ...job, ...patch(job) };
  };

export function createDownloadQueue(deps: QueueDependencies) {
  const { jobs: store, downloads, events, now } = deps;

  /** The attempt failed: another one with a fresh link, or the job fails with the reason. */
  async function attemptFailed(job: DownloadJob, error: string | undefined): Promise<void> {
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

  async function reconcileSaving(job: DownloadJob): Promise<void> {
    const id = job.browserDownloadId as number;
    const item = await downloads.byId(id);
    if (item?.state === 'complete') {
      await store.updateJob(
        job.downloadId,
        when(['saving'], () => ({ state: 'done', error: null }), id),
      );
    } else if (!item) {
      // Erased from the browser's list before it finished: nothing was saved.
      await attemptFailed(job, 'NETWORK_FAILED');
    } else if (item.state === 'interrupted') {
      await attemptFailed(job, item.error);
    }
  }

  /** A job left in `starting` by a stopped worker: adopt its browser download, or start again. */
  async function recoverStarting(job: DownloadJob): Promise<void> {
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
  async function refreshLinks(due: DownloadJob[]): Promise<void> {
    const ids = due.map((job) => job.downloadId);
    let links: Awaited<ReturnType<InitiateLinks>>;
    try {
      links = await deps.initiate(ids);
    } catch (error) {
      if (ids.length > 1) {
        for (const job of due) await refreshLinks([job]);
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

  async function startJob(job: DownloadJob): Promise<void> {
    const link = job.link as StoreLink;
    const starting = await store.updateJob(
      job.downloadId,
      when(['queued'], () => ({ state: 'starting', startedAt: now() })),
    );
    if (!starting) return;
    let browserDownloadId: number;
    try {
      browserDownloadId = await downloads.start(job.downloadId, link.url, job.path);
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

  async function startMore(): Promise<void> {
    const { jobs } = await store.read();
    const free = parallelDownloads - jobs.filter(isActive).length;
    if (free <= 0) return;
    const next = jobs
      .filter((job) => job.state === 'queued')
      .sort((a, b) => a.seq - b.seq)
      .slice(0, free);
    const due = next.filter((job) => !job.link || job.link.expiresAt - now() < linkMarginMs);
    if (due.length > 0) await refreshLinks(due);
    const ready = (await store.read()).jobs.filter(
      (job) =>
        job.state === 'queued' &&
        next.some((chosen) => chosen.downloadId === job.downloadId) &&
        job.link &&
        job.link.expiresAt - now() >= linkMarginMs,
    );
    for (const job of ready) await startJob(job);
  }

  /** Ends the run once every job has ended, and says how it went, once. */
  async function finishIfDone(): Promise<void> {
    let summary: { done: number; failed: DownloadJob[] } | null = null;
    await store.updateAll(({ run, jobs }) => {
      if (!run || (run.status !== 'running' && run.status !== 'paused') || !jobs.every(isFinished))
        return null;
      const mine = jobs.filter((job) => job.runId === run.id);
      summary = {
        done: mine.filter((job) => job.state === 'done').length,
        failed: mine.filter((job) => job.state === 'failed'),
      };
      return { run: { ...run, status: 'finished' }, jobs };
    });
    if (summary) {
      await events.keepAwake(false);
      await events.runFinished(summary);
    }
  }

  async function pass(): Promise<void> {
    const { run, jobs } = await store.read();
    if (!run || (run.status !== 'running' && run.status !== 'paused')) return;
    for (const job of jobs.filter((candidate) => candidate.state === 'saving')) await reconcileSaving(job);
    for (const job of jobs.filter((candidate) => candidate.state === 'starting')) await recoverStarting(job);
    if (run.status === 'running') await startMore();
    await finishIfDone();
  }

  // Passes never overlap: one at a time, and requests during a pass fold into one more pass.
  let tail: Promise<void> = Promise.resolve();
  let waiting: Promise<void> | null = null;
  function pump(): Promise<void> {
    if (waiting) return waiting;
    const next = tail.then(() => {
      waiting = null;
      return pass();
    });
    waiting = next;
    tail = next.catch(() => undefined);
    return next;
  }

  /**
   * Adds entries to the run under way, or starts a run. An entry already in this run, or saved by
   * an earlier one, is not added again unless `redownload` asks for another copy.
   */
  async function enqueue(newJobs: NewJob[], { redownload = false } = {}): Promise<void> {
    await store.updateAll(({ run, jobs }) => {
      const fresh = !run || run.status === 'finished' || run.status === 'cancelled';
      const current = fresh ? { id: (run?.id ?? 0) + 1, status: 'running' as const, startedAt: now() } : run;
      // Of earlier runs only the saved jobs matter: they are what keeps an entry from saving twice.
      const kept = jobs.filter((job) => job.runId === current.id || job.state === 'done');
      const byId = new Map(kept.map((job) => [job.downloadId, job]));
      let seq = Math.max(0, ...kept.map((job) => job.seq));
      for (const job of newJobs) {
        const existing = byId.get(job.downloadId);
        const inThisRun =
          existing?.runId === current.id && existing.state !== 'failed' && existing.state !== 'cancelled';
        const savedBefore = existing?.runId !== current.id && existing?.state === 'done';
        if (inThisRun || (savedBefore && !redownload)) continue;
        byId.set(job.downloadId, {
          downloadId: job.downloadId,
          runId: current.id,
          seq: ++seq,
          path: job.path,
          title: job.title,
          state: 'queued',
          link: job.link ?? null,
          startedAt: null,
          browserDownloadId: null,
          pastBrowserIds: existing?.pastBrowserIds ?? [],
          attempts: 0,
          error: null,
        });
      }
      return { run: current, jobs: [...byId.values()] };
    });
    await events.keepAwake(true);
    await pump();
  }

  async function control(action: QueueControl): Promise<void> {
    const before = await store.read();
    const after = await store.updateAll(({ run, jobs }): QueueState | null => {
      if (!run) return null;
      switch (action) {
        case 'pause':
          return run.status === 'running' ? { run: { ...run, status: 'paused' }, jobs } : null;
        case 'resume':
          return run.status === 'paused' ? { run: { ...run, status: 'running' }, jobs } : null;
        case 'cancel':
          if (run.status !== 'running' && run.status !== 'paused') return null;
          return {
            run: { ...run, status: 'cancelled' },
            jobs: jobs.map((job) => (isFinished(job) ? job : { ...job, state: 'cancelled' })),
          };
        case 'retryFailed':
          if (!jobs.some((job) => job.state === 'failed')) return null;
          return {
            run: { ...run, status: run.status === 'paused' ? 'paused' : 'running' },
            jobs: jobs.map((job) =>
              job.state === 'failed'
                ? { ...job, state: 'queued', attempts: 0, error: null, link: null }
                : job,
            ),
          };
      }
    });
    // The browser's side follows the stored decision; a download that already ended refuses, which is fine.
    const underWay = before.jobs.filter(isActive);
    const quietly = (work: Promise<void>) => work.catch(() => undefined);
    if (action === 'pause' && after.run?.status === 'paused') {
      for (const job of underWay)
        if (job.browserDownloadId !== null) await quietly(downloads.pause(job.browserDownloadId));
    }
    if (action === 'resume' && after.run?.status === 'running') {
      for (const job of underWay)
        if (job.browserDownloadId !== null) await quietly(downloads.resume(job.browserDownloadId));
    }
    if (action === 'cancel' && after.run?.status === 'cancelled') {
      for (const job of underWay) {
        const ids =
          job.browserDownloadId !== null
            ? [job.browserDownloadId]
            : job.link
              ? (await downloads.byUrl(job.link.url))
                  .map((item) => item.id)
                  .filter((id) => !job.pastBrowserIds.includes(id))
              : [];
        for (const id of ids) await quietly(downloads.cancel(id));
      }
      await events.keepAwake(false);
    }
    if (after.run?.status === 'running') await events.keepAwake(true);
    await pump();
  }

  async function progress(): Promise<QueueProgress> {
    const { run, jobs: all } = await store.read();
    const jobs = all.filter((job) => job.runId === run?.id);
    const active: ActiveFile[] = [];
    for (const job of jobs.filter((candidate) => candidate.state === 'saving')) {
      const item = await downloads.byId(job.browserDownloadId as number);
      active.push({
        downloadId: job.downloadId,
        title: job.title,
        bytesReceived: item?.bytesReceived ?? 0,
        totalBytes: item?.totalBytes ?? 0,
      });
    }
    return {
      status: run?.status ?? 'idle',
      total: jobs.length,
      done: jobs.filter((job) => job.state === 'done').length,
      failed: jobs
        .filter((job) => job.state === 'failed')
        .map((job) => ({
          downloadId: job.downloadId,
          title: job.title,
          reason: job.error ?? 'The download failed.',
        })),
      active,
    };
  }

  return { enqueue, pump, control, progress };
}

export type DownloadQueue = ReturnType<typeof createDownloadQueue>;
