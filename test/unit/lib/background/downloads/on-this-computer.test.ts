/**
 * What is on this computer: entries whose file this browser saved and still finds, from its
 * downloads history (a store link names its entry) and the queue's saved jobs; the store's
 * account-wide status plays no part.
 */
import { describe, expect, it } from 'vitest';
import {
  entriesOnThisComputer,
  entryOfLink,
  onThisComputer,
} from '../../../../../lib/background/downloads/on-this-computer.ts';
import type { BrowserDownload } from '../../../../../lib/background/downloads/queue-model.ts';
import type { DownloadJob } from '../../../../../lib/storage/download-job.ts';

const store = 'http://127.0.0.1:8787';
const link = (entry: number, origin = store) =>
  `${origin}/downloads/file/${entry}?expires=1790000000&sig=c2lnbmF0dXJl`;

let nextId = 1;
function saved(url: string, fields: Partial<BrowserDownload> = {}): BrowserDownload {
  return {
    id: nextId++,
    url,
    state: 'complete',
    paused: false,
    bytesReceived: 9000,
    totalBytes: 9000,
    exists: true,
    filename: `/home/dj/Downloads/file-${nextId}.mp3`,
    canResume: false,
    fileSize: 9000,
    startTime: '2026-11-27T10:00:00.000Z',
    ...fields,
  };
}

const doneJob = (downloadId: number, browserDownloadId: number | null) =>
  ({ downloadId, state: 'done', browserDownloadId }) as Pick<
    DownloadJob,
    'downloadId' | 'state' | 'browserDownloadId'
  >;

describe('the entry a store link fetches', () => {
  it('reads the entry of a link on the configured store only', () => {
    expect(entryOfLink(link(42), store)).toBe(42);
    expect(entryOfLink(link(42, 'http://127.0.0.1:9999'), store)).toBeNull();
    expect(entryOfLink(`${store}/downloads/file/0`, store)).toBeNull();
    expect(entryOfLink(`${store}/downloads/file/42/extra`, store)).toBeNull();
    expect(entryOfLink(`${store}/tracks/42`, store)).toBeNull();
    expect(entryOfLink('not a url', store)).toBeNull();
  });
});

describe('what is on this computer', () => {
  it('counts a completed download still on disk, whichever way it was started', () => {
    const history = [saved(link(1)), saved(link(2))];
    expect(entriesOnThisComputer(store, history, [])).toEqual(new Set([1, 2]));
  });

  it('leaves out downloads under way, interrupted, cut short or deleted from disk', () => {
    const history = [
      saved(link(1), { state: 'in_progress', exists: true }),
      saved(link(2), { state: 'interrupted', exists: false }),
      saved(link(3), { exists: false }),
      // The store announced 9000 bytes; 4000 reached the disk.
      saved(link(4), { fileSize: 4000, bytesReceived: 4000 }),
      saved(link(5)),
    ];
    expect(entriesOnThisComputer(store, history, [])).toEqual(new Set([5]));
  });

  it('counts an entry here while any of its saves is on disk, and not once all are deleted', () => {
    const first = saved(link(7), { exists: false });
    const again = saved(link(7));
    expect(entriesOnThisComputer(store, [first, again], [])).toEqual(new Set([7]));
    expect(entriesOnThisComputer(store, [first, { ...again, exists: false }], [])).toEqual(new Set());
  });

  it('tells two formats of one track apart: each is its own entry and its own file', () => {
    // Entries 11 (MP3) and 12 (WAV) of one track: only the MP3 was saved here.
    const history = [saved(link(11)), saved(link(12), { exists: false })];
    const here = entriesOnThisComputer(store, history, []);
    expect(here.has(11)).toBe(true);
    expect(here.has(12)).toBe(false);
  });

  it("ignores the store's account-wide status: nothing saved here, nothing here", () => {
    // The entries exist, the store says "downloaded" (another computer): this history is empty.
    expect(entriesOnThisComputer(store, [], [])).toEqual(new Set());
  });

  it("counts the queue's saved job by its browser download, also a file matched at its path", () => {
    // Saved before this store's links were recorded, found at the template's path (run 0).
    const found = saved('file:///home/dj/Downloads/old.mp3');
    const deleted = saved('file:///home/dj/Downloads/gone.mp3', { exists: false });
    const jobs = [doneJob(20, found.id), doneJob(21, deleted.id), doneJob(22, null)];
    expect(entriesOnThisComputer(store, [found, deleted], jobs)).toEqual(new Set([20]));
    const queued = { downloadId: 23, state: 'queued', browserDownloadId: found.id } as const;
    expect(entriesOnThisComputer(store, [found], [queued])).toEqual(new Set());
  });

  it('leaves out links of another store', () => {
    expect(entriesOnThisComputer(store, [saved(link(30, 'https://other.example'))], [])).toEqual(new Set());
  });

  it('reads the browser and the queue once each for a 10,000-entry library', async () => {
    const history = Array.from({ length: 10_000 }, (_, index) =>
      saved(link(index + 1), { exists: index % 10 !== 0 }),
    );
    let reads = 0;
    const here = await onThisComputer(
      store,
      {
        read: async () => {
          reads++;
          return { run: null, jobs: [] };
        },
      },
      {
        savedFiles: async () => {
          reads++;
          return history;
        },
      },
    );
    expect(reads).toBe(2);
    expect(here.size).toBe(9_000);
    expect(here.has(1)).toBe(false);
    expect(here.has(2)).toBe(true);
  });
});
