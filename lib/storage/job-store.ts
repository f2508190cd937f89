/**
 * Where the download queue keeps its state: IndexedDB (through idb) in the extension, so it
 * outlives the popup and the worker. Every change is one transaction, read and write together, so
 * a worker stopped mid-change leaves either the old record or the new one.
 */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { DownloadJob, QueueRun, QueueState } from './download-job.ts';

export interface JobStore {
  read(): Promise<QueueState>;
  /** Applies `change` to one job atomically; it returns null to leave the job as it is. */
  updateJob(
    downloadId: number,
    change: (job: DownloadJob) => DownloadJob | null,
  ): Promise<DownloadJob | null>;
  /** Replaces the run and every job atomically; `change` returns null to leave them. */
  updateAll(change: (state: QueueState) => QueueState | null): Promise<QueueState>;
}

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

    async updateJob(downloadId, change) {
      const tx = (await database()).transaction('jobs', 'readwrite');
      const job = await tx.store.get(downloadId);
      const next = job ? change(job) : null;
      if (next) await tx.store.put(next);
      await tx.done;
      return next;
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
