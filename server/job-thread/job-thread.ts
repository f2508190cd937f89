/**
 * A worker thread of the store's jobs (server/jobs/job-runner.ts): encodes MP3 frames, measures
 * tracks and draws covers off the main thread. Loaded as TypeScript by Node itself, under
 * `npm run store` and under vitest alike, so it imports only sources Node's type stripping runs.
 */
import { parentPort } from 'node:worker_threads';
import { doJob, type Job } from './job-table.ts';

parentPort?.on('message', (job: Job) => {
  try {
    parentPort?.postMessage({ result: doJob(job) });
  } catch (error) {
    parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
