import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { WorkerPool } from './worker-pool.ts';

/**
 * The store's CPU work (an MP3's frames, a track's analysis, a cover) done in worker threads, off
 * the main thread that answers requests. A job names its kind; the thread's job table
 * (server/job-thread/job-table.ts) does it. Each feature declares its own jobs and their results
 * (audio/audio-file.ts, analysis/track-analyses.ts, artwork/release-art.ts), so this layer, below
 * them, knows none of them.
 */
export interface Job {
  kind: string;
}

// One core stays with the main thread, which answers requests; at least one worker on one core.
const pool = new WorkerPool<Job, unknown>(
  // A path, not an import: the thread's table is above every feature whose work it does. And not a
  // URL from import.meta.url: vitest rewrites such URLs, Node and vitest agree on paths.
  join(import.meta.dirname, '..', 'job-thread', 'job-thread.ts'),
  Math.max(1, availableParallelism() - 1),
);

/**
 * Does a job in a worker thread; a job with the same key already under way is shared, not done
 * again. `urgent`: someone waits on it (a preview they pressed play on), so it goes before the
 * analyses and files queued for the threads.
 */
export const runJob = <Result, J extends Job>(key: string, job: J, { urgent = false } = {}) =>
  pool.run(key, job, urgent) as Promise<Result>;

/** Jobs the worker threads have started: what the service tests count. */
export const jobsStarted = () => pool.jobsStarted;
