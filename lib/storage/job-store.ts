/**
 * Where the download queue keeps its state: IndexedDB (through idb) in the extension, so it
 * outlives the popup and the worker. Every change is one transaction, read and write together, so
 * a worker stopped mid-change leaves either the old record or the new one.
 */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { DownloadJob, QueueRun, QueueState } from './download-job.ts';

export interface JobStore {
  read(): Promise<QueueState>;
  /**
   * Applies each change to its job, all in one transaction (one write for a whole batch of
   * decisions); a change returns null to leave its job as it is. Resolves with the jobs changed.
   */
  updateJobs(changes: ReadonlyMap<number, JobChange>): Promise<DownloadJob[]>;
  /** Changes the run alone (no job is read or written); `change` returns null to leave it. */
  updateRun(change: (run: QueueRun) => QueueRun | null): Promise<QueueRun | null>;
  /** Replaces the run and every job atomically; `change` returns null to leave them. */
  updateAll(change: (state: QueueState) => QueueState | null): Promise<QueueState>;
}

export type JobChange = (job: DownloadJob) => DownloadJob | null;

interface QueueSchema extends DBSchema {
  jobs: { key: number; value: DownloadJob };
  run: { key: string; value: QueueRun };
}

const runKey = 'current';

export function indexedDbJobStore(databaseName = 'crate-downloads'): JobStore {
  let opening: Promise<IDBPDatabase<QueueSchema>> | null = null;
  const database = () => {
    opening ??= openDB<QueueSchema>(databaseName, 1, {
      upgrade(db) {
        db.createObjectStore('jobs', { keyPath: 'downloadId' });
        db.createObjectStore('run');
      },
    });
    return opening;
  };

  return {
    async read() {
      const tx = (await database()).transaction(['jobs', 'run']);
      const [jobs, run] = await Promise.all([
        tx.objectStore('jobs').getAll(),
        tx.objectStore('run').get(runKey),
      ]);
      return { run: run ?? null, jobs };
    },

    async updateJobs(changes) {
      if (changes.size === 0) return [];
      const tx = (await database()).transaction('jobs', 'readwrite');
      const current = await Promise.all([...changes.keys()].map((downloadId) => tx.store.get(downloadId)));
      const changed = current.flatMap((job) => {
        const next = job ? (changes.get(job.downloadId) as JobChange)(job) : null;
        return next ? [next] : [];
      });
      await Promise.all(changed.map((job) => tx.store.put(job)));
      await tx.done;
      return changed;
    },

    async updateRun(change) {
      const tx = (await database()).transaction('run', 'readwrite');
      const run = await tx.store.get(runKey);
      const next = run ? change(run) : null;
      if (next) await tx.store.put(next, runKey);
      await tx.done;
      return next ?? run ?? null;
    },

    async updateAll(change) {
      const tx = (await database()).transaction(['jobs', 'run'], 'readwrite');
      const jobs = tx.objectStore('jobs');
      const runs = tx.objectStore('run');
      const [current, run] = await Promise.all([jobs.getAll(), runs.get(runKey)]);
      const state = { run: run ?? null, jobs: current };
      const next = change(state);
      if (next) {
        await jobs.clear();
        await Promise.all(next.jobs.map((job) => jobs.put(job)));
        if (next.run) await runs.put(next.run, runKey);
        else await runs.delete(runKey);
      }
      await tx.done;
      return next ?? state;
    },
  };
}
