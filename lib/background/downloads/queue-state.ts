/**
 * The queue's stored state changed by a person's request, as pure functions of the state: new
 * entries added to the run (or a new run), and pause, resume, cancel or retry. The queue writes
 * what they return in one job-store transaction; null means nothing changes.
 */
import type { NewJob, QueueState } from '../../storage/download-job.ts';
import { isFinished, type QueueControl } from './queue-model.ts';

/**
 * Adds entries to the run under way, or starts a run. An entry already in this run is not added
 * again; one saved by an earlier run is skipped (and counted as already saved) unless `gone` holds
 * its saved browser download, as checked before this transaction: then its file left the disk and
 * it is saved again, over the same path. A save finished after that check counts as on disk.
 */
export function addJobs(
  { run, jobs }: QueueState,
  newJobs: NewJob[],
  {
    gone,
    found = new Map(),
    now,
    arrivals = false,
  }: {
    gone: ReadonlyMap<number, number>;
    /** Entries with no saved job whose file is on disk anyway (saved outside the queue). */
    found?: ReadonlyMap<number, { id: number; filename: string }>;
    now: number;
    /** These are new purchases that arrived by themselves: counted in the run's `arrivals`. */
    arrivals?: boolean;
  },
): QueueState {
  const fresh = !run || run.status === 'finished' || run.status === 'cancelled';
  const current = fresh ? { id: (run?.id ?? 0) + 1, status: 'running' as const, startedAt: now } : run;
  // Of earlier runs only the saved jobs matter: they are what keeps an entry from saving twice.
  const kept = jobs.filter((job) => job.runId === current.id || job.state === 'done');
  const byId = new Map(kept.map((job) => [job.downloadId, job]));
  let seq = Math.max(0, ...kept.map((job) => job.seq));
  let alreadySaved = current.alreadySaved ?? 0;
  let arrived = current.arrivals ?? 0;
  for (const job of newJobs) {
    const existing = byId.get(job.downloadId);
    const inThisRun =
      existing?.runId === current.id && existing.state !== 'failed' && existing.state !== 'cancelled';
    if (inThisRun) continue;
    const savedBefore = existing?.state === 'done';
    const fileGone = savedBefore && gone.get(job.downloadId) === existing.browserDownloadId;
    if (savedBefore && !fileGone) {
      alreadySaved++;
      continue;
    }
    const elsewhere = existing ? undefined : found.get(job.downloadId);
    if (elsewhere) {
      // Recorded as saved outside any run (run 0), so later requests skip it the same way.
      alreadySaved++;
      byId.set(job.downloadId, {
        downloadId: job.downloadId,
        runId: 0,
        seq: ++seq,
        path: job.path,
        title: job.title,
        state: 'done',
        link: null,
        startedAt: null,
        browserDownloadId: elsewhere.id,
        pastBrowserIds: [],
        attempts: 0,
        error: null,
        ...(job.audioFormat ? { audioFormat: job.audioFormat } : {}),
        savedAs: elsewhere.filename,
      });
      continue;
    }
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
      ...(job.audioFormat ? { audioFormat: job.audioFormat } : {}),
      replace: fileGone || existing?.replace === true,
    });
    if (arrivals) arrived++;
  }
  const counts = arrived > 0 ? { alreadySaved, arrivals: arrived } : { alreadySaved };
  return { run: { ...current, ...counts }, jobs: [...byId.values()] };
}

/** What `action` makes of the run and its jobs, or null when it does not apply now. */
export function applyControl({ run, jobs }: QueueState, action: QueueControl): QueueState | null {
  if (!run) return null;
  switch (action) {
    case 'pause':
      return run.status === 'running' ? { run: { ...run, status: 'paused' }, jobs } : null;
    case 'resume':
      if (run.status !== 'paused') return null;
      // The stall watchdog counts afresh from the resume, not from before the pause.
      return {
        run: { ...run, status: 'running' },
        jobs: jobs.map((job) => (job.moved ? { ...job, moved: null } : job)),
      };
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
          job.state === 'failed' ? { ...job, state: 'queued', attempts: 0, error: null, link: null } : job,
        ),
      };
  }
}
