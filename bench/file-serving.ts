/**
 * File-serving benchmark: full-length purchased files from `npm run store` in its own process, 1, 10
 * and 30 downloads at a time, each read to its end by a client that keeps nothing. Prints, per
 * level, downloads per second, MB/s, and the store's resident memory (its peak while the level
 * ran, and how far that is above the store's memory before the first download: goal under 150 MB
 * at 30 at once).
 *
 *   npm run bench:file-serving -- [--format wav] [--rounds 2]
 *
 * Each level runs `rounds` downloads per slot (10 at a time, 2 rounds: 20 downloads).
 */
import { parseArgs } from 'node:util';
import type { AudioFormat } from '../lib/contract/wire.ts';
import { distinctFileUrls } from '../test/helpers/demo-files.ts';
import { downloadConcurrently, residentBytes, spawnStore } from '../test/helpers/download-load.ts';
import { startTestStore } from '../test/helpers/store.ts';
import { recordFigures } from './figures.ts';

const { values } = parseArgs({
  options: { format: { type: 'string', default: 'wav' }, rounds: { type: 'string', default: '2' } },
});
const format = values.format as AudioFormat;
const rounds = Number(values.rounds);
if (!['mp3', 'wav', 'aiff'].includes(format) || !Number.isSafeInteger(rounds) || rounds < 1) {
  console.error('Usage: npm run bench:file-serving -- [--format mp3|wav|aiff] [--rounds N]');
  process.exit(2);
}

// Seeded here and closed: the store process under test opens the same database.
const seeded = await startTestStore({ scale: 300 });
const child = await spawnStore(seeded.dbPath);
const pid = child.child.pid as number;
const mb = (bytes: number) => bytes / 1024 / 1024;
try {
  // Distinct tracks, bought for demo: each download's loop is its own, as in a real evening's purchases.
  const files = await distinctFileUrls(seeded, format, 30, child.origin);
  const urls = (count: number) => Array.from({ length: count }, (_, i) => files[i % files.length] as string);
  // Each file's first byte once: its loop, tags and cover made (kept in bounded caches). The first
  // requests of tracks never asked for cost more for a moment (a cover is drawn, a bar synthesized):
  // that is printed apart, so the levels show what downloads themselves hold.
  const cold = await downloadConcurrently(
    files.map((url) => url),
    30,
    pid,
    { headers: { range: 'bytes=0-0' } },
  );
  const baseline = residentBytes(pid);
  console.log(
    `first byte of ${files.length} new tracks at once: ${mb(cold.peakResidentBytes).toFixed(0)} MB at the peak`,
  );
  console.log(
    `Full-length ${format.toUpperCase()} downloads from one store process (${files.length} distinct files); store memory before: ${mb(baseline).toFixed(0)} MB`,
  );
  console.log(
    `${'at once'.padStart(7)} ${'downloads'.padStart(9)} ${'per s'.padStart(7)} ${'MB/s'.padStart(7)} ${'peak MB'.padStart(8)} ${'growth MB'.padStart(10)}`,
  );
  for (const concurrency of [1, 10, 30]) {
    const result = await downloadConcurrently(urls(concurrency * rounds), concurrency, pid);
    if (result.incomplete > 0) throw new Error(`${result.incomplete} downloads did not arrive whole`);
    const perSecond = result.downloads / result.seconds;
    const growth = mb(result.peakResidentBytes - baseline);
    console.log(
      `${String(concurrency).padStart(7)} ${String(result.downloads).padStart(9)} ${perSecond.toFixed(2).padStart(7)} ${(mb(result.bytes) / result.seconds).toFixed(0).padStart(7)} ${mb(result.peakResidentBytes).toFixed(0).padStart(8)} ${growth.toFixed(0).padStart(10)}`,
    );
    recordFigures({
      [`file_downloads_${concurrency}_at_once_per_s`]: perSecond,
      [`file_serving_${concurrency}_at_once_mb_per_s`]: mb(result.bytes) / result.seconds,
      [`file_store_rss_${concurrency}_at_once_mb`]: mb(result.peakResidentBytes),
      [`file_store_rss_growth_${concurrency}_at_once_mb`]: growth,
    });
  }
} finally {
  await child.stop();
  await seeded.close();
}
