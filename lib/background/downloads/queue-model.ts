/**
 * The bulk download queue's parts share these: its limits, the interfaces through which it talks
 * to the world (the store's links, the browser's downloads, what people are told), and the rule
 * that a stored job changes only from the state a decision was made in.
 */
import type { BulkProgress } from '../../protocol/messages.ts';
import {
  activeStates,
  type DownloadJob,
  finishedStates,
  type JobState,
  type StoreLink,
} from '../../storage/download-job.ts';
import type { JobChange, JobStore } from '../../storage/job-store.ts';

/**
 * Downloads under way at once: as many as the browser opens connections to one host (6 over
 * HTTP/1.1), so none waits on another's socket, and each file's start-up (a request to the store,
 * a file created) overlaps the others' transfers.
 */
export const parallelDownloads = 6;
/**
 * Links asked for in one request: the files about to start and the next few after them, so the
 * store is asked once per this many files, not once per pass. Initiating marks an entry downloaded
 * at the store, so the batch stays small: a run cancelled midway leaves at most this many entries
 * marked without a file (the library's Download button saves them).
 */
export const linkBatch = 12;
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
/**
 * While the store does not answer (a restart, a deploy, a network gone), the run waits and tries
 * again after 1, 2, 4, 8, 16 and then every 30 seconds (or the store's Retry-After, up to 5
 * minutes), and only after 10 minutes in a row of that does a file fail. Nobody presses a button.
 */
export const outageFirstWaitMs = 1_000;
export const outageLongestWaitMs = 30_000;
export const outageBoundMs = 10 * 60_000;
const retryAfterLongestMs = 5 * 60_000;
/**
 * A download in progress whose bytes stand still this long has stalled (stall-watchdog.ts): long
 * against a slow store's pause, short against a run of minutes.
 */
export const stallMs = 20_000;

/** The wait before try number `tries` + 1, or the store's own Retry-After when it gave one. */
export function outageWaitMs(tries: number, retryAfterSeconds?: number): number {
  const backoff = Math.min(outageLongestWaitMs, outageFirstWaitMs * 2 ** Math.max(0, tries - 1));
  return retryAfterSeconds === undefined ? backoff : Math.min(retryAfterLongestMs, retryAfterSeconds * 1000);
}

export interface BrowserDownload {
  id: number;
  url: string;
  state: 'in_progress' | 'interrupted' | 'complete';
  error?: string;
  paused: boolean;
  bytesReceived: number;
  /** 0 when the store did not say. */
  totalBytes: number;
  /** Whether the saved file is still on disk, as far as the browser knows. */
  exists: boolean;
  /** The file's absolute path ('' before the browser chose it). */
  filename: string;
  /** An interrupted download the browser can carry on where it stopped (downloads.resume). */
  canResume: boolean;
  /** Bytes in the file on disk (-1 or absent when the browser does not know). */
  fileSize?: number;
  /** When the download began (ISO 8601). */
  startTime?: string;
}

/** The browser's downloads API, as much of it as the queue uses. */
export interface BrowserDownloads {
  /**
   * Starts saving entry `downloadId` from `url` under `path`; resolves with the browser's id.
   * `replace` saves over a file already at `path` instead of beside it ("name (1).mp3").
   */
  start(downloadId: number, url: string, path: string, replace: boolean): Promise<number>;
  byId(id: number): Promise<BrowserDownload | undefined>;
  /** Completed downloads whose file is still on disk (to find files saved outside the queue). */
  savedFiles(): Promise<BrowserDownload[]>;
  byUrl(url: string): Promise<BrowserDownload[]>;
  pause(id: number): Promise<void>;
  resume(id: number): Promise<void>;
  cancel(id: number): Promise<void>;
  /**
   * Whether pause then resume makes a download in progress open a new connection and ask for the
   * rest, keeping its bytes (Firefox's pause drops the connection). Chromium's pause only stops
   * reading from the connection it has, so a stalled download there must start afresh.
   */
  readonly reconnects: boolean;
}

/** POST /order/1/downloads: marks the entries initiated and returns a fresh link for each. */
export type InitiateLinks = (downloadIds: number[]) => Promise<{ downloadId: number; link: StoreLink }[]>;

/** What the queue tells people and the rest of the extension. */
export interface QueueEvents {
  jobFailed(job: DownloadJob): Promise<void>;
  runFinished(summary: RunSummary): Promise<void>;
  /** A run is under way (true) or over (false): the worker keeps an alarm while it is. */
  keepAwake(active: boolean): Promise<void>;
  /** Asks for another pass after `ms`, while this worker lives (the alarm covers the rest). */
  passLater(ms: number): void;
}

/** How a run went: files saved, entries skipped as still on disk, and failures. */
export interface RunSummary {
  done: number;
  alreadySaved: number;
  /** Of the run's entries, those queued by themselves as new purchases. */
  arrivals: number;
  failed: DownloadJob[];
}

export interface QueueDependencies {
  jobs: JobStore;
  downloads: BrowserDownloads;
  initiate: InitiateLinks;
  events: QueueEvents;
  now: () => number;
  /**
   * When this browser session began (epoch ms): Chromium cancels the downloads under way when it
   * closes, so a cancelled download that began before is the browser's doing, resumed like a cut.
   */
  sessionStartedAt?: () => Promise<number>;
}

/** The queue as the popup shows it: the protocol's reply to the bulk download messages. */
export type QueueProgress = BulkProgress;
export type ActiveFile = BulkProgress['active'][number];

export type QueueControl = 'pause' | 'resume' | 'cancel' | 'retryFailed';

export const isFinished = (job: DownloadJob) => finishedStates.includes(job.state);
export const isActive = (job: DownloadJob) => activeStates.includes(job.state);

/** Changes a job only while it is still in one of `from`: a stale decision changes nothing. */
export const when =
  (
    from: readonly JobState[],
    patch: (job: DownloadJob) => Partial<DownloadJob>,
    browserDownloadId?: number,
  ): JobChange =>
  (job) => {
    if (!from.includes(job.state)) return null;
    if (browserDownloadId !== undefined && job.browserDownloadId !== browserDownloadId) return null;
    return { ...job, ...patch(job) };
  };
