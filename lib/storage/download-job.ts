/**
 * The bulk download queue's records, as they sit in IndexedDB. Every fact the queue acts on is in
 * these records, so a worker started from nothing carries on where a stopped one left off.
 *
 * A job's states: queued -> starting -> saving -> done, with failed and cancelled as the other
 * ends. `starting` is written before downloads.download is called: a job found there after a stop
 * may or may not have a browser download, and is matched to one by its link's URL.
 */
import type { AudioFormat } from '../contract/wire.ts';

export type JobState = 'queued' | 'starting' | 'saving' | 'done' | 'failed' | 'cancelled';

export const finishedStates: readonly JobState[] = ['done', 'failed', 'cancelled'];
export const activeStates: readonly JobState[] = ['starting', 'saving'];

export interface StoreLink {
  url: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

export interface DownloadJob {
  /** The library entry's download id: one job per entry, the key. */
  downloadId: number;
  /** The run that last queued it. Saved jobs of earlier runs stay, so nothing is saved twice. */
  runId: number;
  /** Position in the queue: jobs start in this order. */
  seq: number;
  /** Relative path to save under (lib/file-names/filename-template.ts). */
  path: string;
  /** What people see: "Artists - Title (Mix)". */
  title: string;
  state: JobState;
  /** The store's signed link, once initiated; null when a fresh one is needed. */
  link: StoreLink | null;
  /** When the job entered `starting`. */
  startedAt: number | null;
  /** downloads.download's id for the current attempt. */
  browserDownloadId: number | null;
  /** Browser downloads of earlier, failed attempts: never taken for the current one. */
  pastBrowserIds: number[];
  /** Failed attempts so far; a job fails for good after maxAttempts. */
  attempts: number;
  /** Why the job failed, in a sentence. */
  error: string | null;
  /** The entry's format (absent in jobs stored before it was kept). */
  audioFormat?: AudioFormat;
  /** Save over the file at `path`: this entry was saved before and its file is gone or replaced. */
  replace?: boolean;
  /** Where the browser saved the file (its absolute path), once done. */
  savedAs?: string;
  /** The file's size on disk, once done: what the store said it would send. */
  bytes?: number;
  /** The connection broke or the store stopped answering: waiting to resume (null: not cut). */
  cut?: Outage | null;
  /** Times this entry's download was resumed after a cut, where it stopped. */
  resumes?: number;
  /**
   * When a pass last saw the current browser download's bytes move (or saw it begin, or paused):
   * the stall watchdog (lib/background/downloads/stall-watchdog.ts) counts from here.
   */
  moved?: ByteMark | null;
  /** Times this entry's download stopped receiving bytes and was started again from its first byte. */
  restarts?: number;
}

/** A browser download's bytes as a pass saw them, and when. */
export interface ByteMark {
  /** The browser download seen: a mark of an earlier attempt's download says nothing. */
  id: number;
  bytes: number;
  /** Epoch milliseconds. */
  at: number;
}

/** A stretch of the store (or the network) not answering, and when to try it again. */
export interface Outage {
  /** Epoch milliseconds of the first failure in a row: the queue's bound counts from here. */
  since: number;
  /** Failures in a row so far: the backoff grows with them. */
  tries: number;
  /** When to try again; null once tried (a resumed download under way, or a fresh start). */
  retryAt: number | null;
  /** Bytes already saved when it broke: a resumed download past this is getting through. */
  bytes: number;
  /** What broke, in a sentence. */
  reason: string;
  /**
   * The download stopped receiving bytes with nothing reported (stall-watchdog.ts): 'reconnect'
   * once a new connection was asked for, keeping the bytes; it is counted as resumed once bytes come.
   */
  stall?: 'reconnect' | 'restart';
}

export type RunStatus = 'running' | 'paused' | 'cancelled' | 'finished';

/** One run of the queue: from the first job added to an idle queue until every job has ended. */
export interface QueueRun {
  id: number;
  status: RunStatus;
  startedAt: number;
  /** Entries asked for in this run whose file was still on disk, so not saved again. */
  alreadySaved?: number;
  /** Entries queued by themselves as new purchases (lib/background/new-purchases/): the run's notification says so. */
  arrivals?: number;
  /** The store refused or did not answer a request for links: no file starts before retryAt. */
  storeWait?: Outage | null;
}

export interface QueueState {
  run: QueueRun | null;
  jobs: DownloadJob[];
}

/** A job as enqueued: the rest of its fields start empty. */
export type NewJob = Pick<DownloadJob, 'downloadId' | 'path' | 'title'> & {
  link?: StoreLink;
  audioFormat?: AudioFormat;
};
