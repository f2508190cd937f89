/**
 * The bulk download queue: library entries saved several at a time (queue-model.ts,
 * parallelDownloads) through the browser's downloads, every step written to the job store first,
 * so a worker stopped anywhere resumes from the store alone and never saves one entry twice.
 *
 * It talks to the world through small interfaces (the store's links, the browser's downloads, the
 * job store, what people are told), which the worker fills with the real APIs and the unit tests
 * with models. Each pass reconciles the jobs with what the browser reports, then starts more; the
 * browser's download events, an alarm and the popup's questions all just ask for another pass.
 */

import type { DownloadJob, NewJob } from '../../storage/download-job.ts';
import {
  type ActiveFile,
  type BrowserDownload,
  type BrowserDownloads,
  isActive,
  type QueueControl,
  type QueueDependencies,
  type QueueProgress,
  when,
} from './queue-model.ts';
import { queuePass } from './queue-pass.ts';
import { addJobs, applyControl } from './queue-state.ts';
import { sizeProblem } from './reconcile-saving.ts';
import { runProgress } from './run-progress.ts';

export function createDownloadQueue(deps: QueueDependencies) {
  const { jobs: store, downloads, events, now } = deps;
  const launching = new Set<number>();
  const pump = foldedSerially(() => queuePass(deps, launching));

  /**
   * Adds entries to the run (queue-state.ts, addJobs) and starts on them. An entry saved before is
   * skipped while the browser's downloads record says its file is still on disk; asked before the
   * store's transaction, as the browser cannot be asked inside one.
   */
  async function enqueue(newJobs: NewJob[], { arrivals = false } = {}): Promise<void> {
    const wanted = new Set(newJobs.map((job) => job.downloadId));
    const saved = (await store.read()).jobs.filter(
      (job) => job.state === 'done' && wanted.has(job.downloadId) && job.browserDownloadId !== null,
    );
    const gone = new Map<number, number>();
    for (const job of saved) {
      const id = job.browserDownloadId as number;
      if (!onDisk(await downloads.byId(id))) gone.set(job.downloadId, id);
    }
    const found = await savedElsewhere(
      downloads,
      newJobs.filter((job) => !saved.some((done) => done.downloadId === job.downloadId)),
    );
    await store.updateAll((state) => addJobs(state, newJobs, { gone, found, now: now(), arrivals }));
    await events.keepAwake(true);
    await pump();
  }

  async function control(action: QueueControl): Promise<void> {
    const before = await store.read();
    const after = await store.updateAll((state) => applyControl(state, action));
    await followInBrowser(downloads, action, before.jobs.filter(isActive), after.run?.status);
    if (action === 'cancel' && after.run?.status === 'cancelled') await events.keepAwake(false);
    if (after.run?.status === 'running') await events.keepAwake(true);
    await pump();
  }

  return {
    enqueue,
    pump,
    control,
    progress: () => queueProgress(deps),
    resumed: (id: number) => countResume(deps, id),
  };
}

/** Passes never overlap: one at a time, and requests during a pass fold into one more pass. */
function foldedSerially(pass: () => Promise<void>): () => Promise<void> {
  let tail: Promise<void> = Promise.resolve();
  let waiting: Promise<void> | null = null;
  return () => {
    if (waiting) return waiting;
    const next = tail.then(() => {
      waiting = null;
      return pass();
    });
    waiting = next;
    tail = next.catch(() => undefined);
    return next;
  };
}

async function queueProgress({ jobs: store, downloads, now }: QueueDependencies): Promise<QueueProgress> {
  const state = await store.read();
  const active: ActiveFile[] = [];
  for (const job of state.jobs.filter(
    (candidate) => candidate.runId === state.run?.id && isActive(candidate),
  )) {
    // A job still starting has no browser download yet: nothing received.
    const item = job.browserDownloadId === null ? undefined : await downloads.byId(job.browserDownloadId);
    active.push({
      downloadId: job.downloadId,
      title: job.title,
      bytesReceived: item?.bytesReceived ?? 0,
      totalBytes: item?.totalBytes ?? 0,
    });
  }
  return runProgress(state, active, now());
}

/**
 * The browser took up an interrupted download again (browser download `id`). Chromium resumes a
 * cut connection by itself, before any pass sees it cut; counted here so the run says so. A
 * resume the queue made itself (decideCut in reconcile-saving.ts) was counted when it was made.
 */
async function countResume({ jobs: store }: QueueDependencies, id: number): Promise<void> {
  const job = (await store.read()).jobs.find((candidate) => candidate.browserDownloadId === id);
  if (!job || job.cut) return;
  await store.updateJobs(
    new Map([[job.downloadId, when(['saving'], (current) => ({ resumes: (current.resumes ?? 0) + 1 }), id)]]),
  );
}

/**
 * Entries the queue never saved whose file is on disk at the path it would use: saved by the
 * library's own Download button. Path parts are compared with either separator.
 */
async function savedElsewhere(
  downloads: BrowserDownloads,
  jobs: NewJob[],
): Promise<Map<number, BrowserDownload>> {
  const found = new Map<number, BrowserDownload>();
  if (jobs.length === 0) return found;
  // A file shorter (or longer) than the store announced was never saved whole: it does not count.
  const files = (await downloads.savedFiles()).filter((file) => sizeProblem(file) === null);
  const tails = files.map((file) => ({ file, parts: file.filename.split(/[/\\]/) }));
  for (const job of jobs) {
    const parts = job.path.split('/');
    const match = tails.find(
      (tail) => tail.parts.length > parts.length && tail.parts.slice(-parts.length).join('/') === job.path,
    );
    if (match) found.set(job.downloadId, match.file);
  }
  return found;
}

/** A saved file the browser still lists as there (an erased downloads record says nothing: gone). */
const onDisk = (item: BrowserDownload | undefined) => item?.state === 'complete' && item.exists;

/**
 * The browser's side follows the stored decision: downloads under way are paused, resumed or
 * cancelled (a started job's browser download found by its link). A download that already ended
 * refuses, which is fine.
 */
async function followInBrowser(
  downloads: BrowserDownloads,
  action: QueueControl,
  underWay: DownloadJob[],
  status: string | undefined,
): Promise<void> {
  const quietly = (work: Promise<void>) => work.catch(() => undefined);
  if (action === 'pause' && status === 'paused') {
    for (const job of underWay)
      if (job.browserDownloadId !== null) await quietly(downloads.pause(job.browserDownloadId));
  }
  if (action === 'resume' && status === 'running') {
    for (const job of underWay)
      if (job.browserDownloadId !== null) await quietly(downloads.resume(job.browserDownloadId));
  }
  if (action === 'cancel' && status === 'cancelled') {
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
  }
}

export type DownloadQueue = ReturnType<typeof createDownloadQueue>;
