import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { TrackAnalysis } from '../../lib/contract/track-analysis.ts';
import type { CoverSpec } from '../artwork/cover.ts';
import type { CoverSize } from '../artwork/cover-paths.ts';
import type { Mp3Frames, Mp3Job, Sound } from './sound.ts';
import { WorkerPool } from './worker-pool.ts';

/** The CPU work the store hands to its worker threads (server/audio/audio-jobs.ts does it). */
export type AudioJob =
  | { kind: 'mp3'; job: Mp3Job }
  /** A track's analysis; null for audio without a steady beat. */
  | { kind: 'analysis'; sound: Sound }
  | { kind: 'waveform-detail'; sound: Sound }
  /** A release's cover drawn and encoded as a JPEG: a purchased file's picture. */
  | { kind: 'cover'; spec: CoverSpec; size: CoverSize };

export interface AudioJobResults {
  mp3: Mp3Frames;
  analysis: TrackAnalysis | null;
  'waveform-detail': Uint8Array;
  cover: Uint8Array;
}

// One core stays with the main thread, which answers requests; at least one worker on one core.
const audioWork = new WorkerPool<AudioJob, AudioJobResults[AudioJob['kind']]>(
  // A path, not a URL from import.meta.url: vitest rewrites such URLs, Node and vitest agree on paths.
  join(import.meta.dirname, 'audio-worker.ts'),
  Math.max(1, availableParallelism() - 1),
);

/** Does a job in a worker thread; a job with the same key already under way is shared, not done again. */
export const runAudioJob = <Kind extends AudioJob['kind']>(
  key: string,
  job: Extract<AudioJob, { kind: Kind }>,
) => audioWork.run(key, job) as Promise<AudioJobResults[Kind]>;

/** Jobs the worker threads have started: what the service tests count. */
export const audioJobsStarted = () => audioWork.jobsStarted;
