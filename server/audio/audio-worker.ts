/**
 * A worker thread of the store's audio work (server/audio/audio-work.ts): encodes MP3 frames and
 * measures tracks off the main thread. Loaded as TypeScript by Node itself, under `npm run store`
 * and under vitest alike, so it imports only sources Node's type stripping runs.
 */
import { parentPort } from 'node:worker_threads';
import { doAudioJob } from './audio-jobs.ts';
import type { AudioJob } from './audio-work.ts';

parentPort?.on('message', (job: AudioJob) => {
  try {
    parentPort?.postMessage({ result: doAudioJob(job) });
  } catch (error) {
    parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
