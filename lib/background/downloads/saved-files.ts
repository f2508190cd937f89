/**
 * Where library entries' files are on disk, for exporting a crate: the queue's record of each save
 * first (checked against the browser's downloads record, which knows whether the file is still
 * there), else the browser's records of a file at the path the template gives the entry (a save
 * from the library's own Download button, which the queue does not keep).
 */
import { browser } from 'wxt/browser';
import type { LibraryEntry } from '../../contract/wire.ts';
import type { SavedFile } from '../../protocol/messages.ts';
import { indexedDbJobStore } from '../../storage/job-store.ts';
import { jobNamer, type ReleaseLookup } from './library-jobs.ts';

type Entry = Pick<LibraryEntry, 'id' | 'audioFormat' | 'track'>;

/** A downloads filenameRegex for a file saved at `path` under the download folder (either separator). */
const pathPattern = (path: string) =>
  `(^|[/\\\\])${path
    .split('/')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[/\\\\]')}$`;

async function onDisk(
  query: { id: number } | { filenameRegex: string },
): Promise<{ filename: string; bytes: number | null } | null> {
  const items = await browser.downloads.search({ ...query, state: 'complete' });
  // Newest first: the latest save is the one a re-download wrote over.
  const [found] = items.filter((item) => item.exists).sort((a, b) => b.startTime.localeCompare(a.startTime));
  // fileSize is -1 when the browser does not know it.
  return found ? { filename: found.filename, bytes: found.fileSize >= 0 ? found.fileSize : null } : null;
}

export async function savedFiles(api: ReleaseLookup, entries: readonly Entry[]): Promise<SavedFile[]> {
  const { jobs } = await indexedDbJobStore().read();
  const saved = new Map(jobs.filter((job) => job.state === 'done').map((job) => [job.downloadId, job]));
  // Only entries the queue has no record of are named again from the template.
  const unsaved = entries.filter((entry) => !saved.has(entry.id)).map((entry) => entry.track);
  const named = await jobNamer(api, unsaved);
  const files: SavedFile[] = [];
  for (const entry of entries) {
    const job = saved.get(entry.id);
    const path = job?.path ?? named(entry.track, entry.audioFormat, entry.id).path;
    const file =
      (job?.browserDownloadId != null ? await onDisk({ id: job.browserDownloadId }) : null) ??
      (await onDisk({ filenameRegex: pathPattern(path) }));
    files.push({ downloadId: entry.id, path, location: file?.filename ?? null, bytes: file?.bytes ?? null });
  }
  return files;
}
