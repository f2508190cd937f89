/**
 * What is on this computer, for a 10,000-entry library: the popup opening asks the worker
 * (on-this-computer.ts), which reads the queue's jobs (IndexedDB; fake-indexeddb here) and the
 * browser's downloads history (a list given here: downloads.search's own time is the browser's),
 * answers with the entries here, and the popup filters its 10,000 loaded entries by them.
 * Figure: library_on_this_computer_ms_10000, the median over `--runs` (goal <= 200 ms).
 *
 *   npx tsx bench/this-computer.ts -- [--entries 10000] [--runs 15]
 */
import 'fake-indexeddb/auto';
import { parseArgs } from 'node:util';
import { onThisComputer } from '../lib/background/downloads/on-this-computer.ts';
import type { BrowserDownload } from '../lib/background/downloads/queue-model.ts';
import type { DownloadJob } from '../lib/storage/download-job.ts';
import { indexedDbJobStore } from '../lib/storage/job-store.ts';
import { median, recordFigures } from './figures.ts';

const { values } = parseArgs({
  options: { entries: { type: 'string', default: '10000' }, runs: { type: 'string', default: '15' } },
});
const entries = Number(values.entries);
const runs = Number(values.runs);
const storeUrl = 'http://127.0.0.1:8787';

// Half the library saved by the queue, a quarter by the library's Download button (history only),
// and of all those saves one in ten deleted from disk since; every other download of the browser's
// history (as many again) is from other sites.
const history: BrowserDownload[] = [];
const jobs: DownloadJob[] = [];
for (let id = 1; id <= entries; id++) {
  if (id % 4 === 0) continue;
  const browserId = history.length + 1;
  history.push({
    id: browserId,
    url: `${storeUrl}/downloads/file/${id}?expires=1790000000&sig=c2lnbmF0dXJlc2lnbmF0dXJl`,
    state: 'complete',
    paused: false,
    bytesReceived: 9_000_000,
    totalBytes: 9_000_000,
    exists: id % 10 !== 0,
    filename: `/home/dj/Downloads/Artist ${id} - Track ${id} (Original Mix).mp3`,
    canResume: false,
    fileSize: 9_000_000,
    startTime: '2026-11-27T10:00:00.000Z',
  });
  if (id % 2 === 0) continue;
  jobs.push({
    downloadId: id,
    runId: 1,
    seq: id,
    path: `Artist ${id} - Track ${id} (Original Mix).mp3`,
    title: `Artist ${id} - Track ${id} (Original Mix)`,
    state: 'done',
    link: null,
    startedAt: 0,
    browserDownloadId: browserId,
    pastBrowserIds: [],
    attempts: 1,
    error: null,
    audioFormat: 'mp3',
  });
}
for (let other = 0; other < entries; other++)
  history.push({
    ...(history[0] as BrowserDownload),
    id: history.length + 1,
    url: `https://example.com/${other}.pdf`,
  });

const store = indexedDbJobStore('crate-bench-this-computer');
await store.updateAll(() => ({ run: { id: 1, status: 'finished', startedAt: 0 }, jobs }));
const library = Array.from({ length: entries }, (_, index) => ({ id: entries - index }));

const times: number[] = [];
let shown = 0;
for (let run = 0; run < runs; run++) {
  const start = performance.now();
  const here = await onThisComputer(storeUrl, store, { savedFiles: async () => history });
  // The message's way to the popup (structured clone of the reply), and the popup's filter.
  const reply = structuredClone({ downloadIds: [...here] });
  const known = new Set(reply.downloadIds);
  shown = library.filter((entry) => !known.has(entry.id)).length;
  times.push(performance.now() - start);
}
const ms = median(times);
console.log(`${entries} entries, ${history.length} downloads in the history, ${jobs.length} saved jobs`);
console.log(`not on this computer: ${shown}`);
console.log(
  `what is on this computer, worker and popup: ${ms.toFixed(1)} ms (median of ${runs}; goal <= 200)`,
);
recordFigures({ [`library_on_this_computer_ms_${entries}`]: ms });
