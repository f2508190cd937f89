/**
 * USB stick benchmark (issue #37): the writer of a rekordbox device library.
 *
 * - usb_export_s_1000: a 1,000-track crate's database and analysis files (export.pdb, ANLZ .DAT and
 *   .EXT with six-minute detail waveforms, the settings files) written to a real folder on disk
 *   through a directory handle over node:fs; the audio is empty, so only our writing counts
 *   (goal: at most 5 s); usb_export_cpu_s_1000, the process's CPU time for it (on a loaded
 *   machine the wall time is mostly waiting for the disk and a core).
 * - usb_copy_rss_growth_mb: resident memory growth, from the first track's end on, while
 *   `--audio-gb` of MP3 audio (10 in --full, 1 by default; 100 MB a track) streams through the
 *   export in 64 KiB chunks to a stick that counts and drops the bytes: the writer's memory, not the
 *   disk's speed, for scale; and usb_copy_heap_growth_mb, the JavaScript heap still alive after a
 *   full collection at the last track's end against the first's (goal: flat, at most 16 MB).
 *
 * - usb_export_booths_s_1000: the same crate for every booth library Crate writes (the legacy one
 *   and VirtualDJ today), to another folder in the same run (issue #48's goal: at most 8 s with all
 *   four libraries).
 * - stick_add_s_4000: 100 tracks added to a stick whose export.pdb already lists 4,000 (written
 *   first by our own writer, as rekordbox would have left it): the read, the audio-less files of the
 *   100 and the append to export.pdb (issue #46: existing pages are kept, new ones linked), to disk
 *   (goal: at most 3 s).
 *
 *   npx tsx bench/usb-stick.ts [--tracks 1000] [--audio-gb 1]
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { exportToBooths, writableBooths } from '../lib/dj-formats/booth-libraries.ts';
import { readExportPdb } from '../lib/dj-formats/rekordbox-device/pdb-reader.ts';
import { writeExportPdb } from '../lib/dj-formats/rekordbox-device/pdb-writer.ts';
import type {
  StickDirectoryHandle,
  StickFileHandle,
} from '../lib/dj-formats/rekordbox-device/stick-directory.ts';
import { exportToStick, type StickExportTrack } from '../lib/dj-formats/rekordbox-device/stick-export.ts';
import { browserSqlite } from '../lib/usb-stick-page/browser-sqlite.ts';
import { makeAnalysis, makeMp3, makeStickTrack, makeWaveformDetail } from '../test/helpers/usb-stick.ts';
import { recordFigures } from './figures.ts';

const { values } = parseArgs({
  options: { tracks: { type: 'string', default: '1000' }, 'audio-gb': { type: 'string', default: '1' } },
});
const trackCount = Number(values.tracks);
// A full collection after each track, so what stays alive is measured, not V8's lazy heap sizing.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const audioGb = Number(values['audio-gb']);

/** A folder on disk as a directory handle: what Chromium's picker gives, over node:fs. */
function diskFolder(path: string): StickDirectoryHandle {
  return {
    async getDirectoryHandle(name, options) {
      if (options?.create) await mkdir(join(path, name), { recursive: true });
      else if (!existsSync(join(path, name))) throw new DOMException(name, 'NotFoundError');
      return diskFolder(join(path, name));
    },
    async getFileHandle(name, options): Promise<StickFileHandle> {
      const file = join(path, name);
      if (!options?.create && !existsSync(file)) throw new DOMException(name, 'NotFoundError');
      return {
        getFile: async () => new Blob([await readFile(file)]),
        async createWritable() {
          const swap = await open(`${file}.crswap`, 'w');
          return {
            write: async (data) => void (await swap.write(data)),
            close: async () => {
              await swap.close();
              await rename(`${file}.crswap`, file);
            },
            abort: async () => {
              await swap.close();
              await rm(`${file}.crswap`, { force: true });
            },
          };
        },
      };
    },
    removeEntry: (name) => rm(join(path, name), { recursive: true, force: true }),
  };
}

/** A stick that counts what it is sent and keeps only what the export reads back (export.pdb.new). */
function countingStick(total: { bytes: number }): StickDirectoryHandle {
  const kept = new Map<string, Uint8Array>();
  const folder: StickDirectoryHandle = {
    getDirectoryHandle: async () => folder,
    async getFileHandle(name, options) {
      const keep = name.endsWith('.new');
      // Like a real folder: a file neither kept nor being created is not there.
      if (!options?.create && !kept.has(name)) throw new DOMException(name, 'NotFoundError');
      return {
        getFile: async () => {
          const bytes = kept.get(name);
          if (bytes === undefined) throw new DOMException(name, 'NotFoundError');
          return new Blob([bytes.slice()]);
        },
        async createWritable() {
          const chunks: Uint8Array[] = [];
          return {
            async write(data) {
              total.bytes += data.length;
              if (keep) chunks.push(data.slice());
            },
            close: async () => void (keep && kept.set(name, new Uint8Array(Buffer.concat(chunks)))),
            abort: async () => {},
          };
        },
      };
    },
    removeEntry: async (name) => void kept.delete(name),
  };
  return folder;
}

const detail = makeWaveformDetail(360);
const track = (n: number, audio: () => AsyncIterable<Uint8Array>): StickExportTrack => ({
  title: `Track ${n}`,
  artist: `Artist ${n % 97}`,
  album: `Album ${n % 211}`,
  label: `Label ${n % 13}`,
  genre: 'Techno',
  key: 'Am',
  year: 2025,
  trackNumber: n,
  fileType: 'mp3',
  fileName: `Artist ${n % 97} - Track ${n}`,
  bitrateKbps: 320,
  sampleRate: 44100,
  sampleDepth: 16,
  analysis: makeAnalysis({ durationMs: 360_000, beatCount: 768 }),
  waveformDetail: detail,
  audio,
});

/** Seconds to add 100 tracks to a 4,000-track stick on disk. */
async function timeStickAdd(empty: () => AsyncIterable<Uint8Array>): Promise<number> {
  const stick = mkdtempSync(join(tmpdir(), 'crate-usb-add-bench-'));
  try {
    const existing = Array.from({ length: 4000 }, (_, i) =>
      makeStickTrack(i + 1, { artist: `DJ Artist ${i % 500}`, album: `Record ${i % 900}` }),
    );
    const playlists = [
      { id: 1, name: 'All', parentId: 0, isFolder: false, sortOrder: 0, trackIds: existing.map((t) => t.id) },
    ];
    await mkdir(join(stick, 'PIONEER', 'rekordbox'), { recursive: true });
    const file = await open(join(stick, 'PIONEER', 'rekordbox', 'export.pdb'), 'w');
    await file.write(writeExportPdb({ tracks: existing, playlists }, '2026-01-01'));
    await file.close();
    const added = Array.from({ length: 100 }, (_, i) => track(100_000 + i, empty));
    const start = performance.now();
    await exportToStick(diskFolder(stick), { playlistName: 'Added', tracks: added, date: '2026-11-27' });
    const seconds = (performance.now() - start) / 1000;
    const read = readExportPdb(await readFile(join(stick, 'PIONEER/rekordbox/export.pdb')));
    if (read.tracks.length !== 4100) throw new Error(`Read back ${read.tracks.length} tracks`);
    return seconds;
  } finally {
    rmSync(stick, { recursive: true, force: true });
  }
}

const folder = mkdtempSync(join(tmpdir(), 'crate-usb-bench-'));
try {
  const empty = async function* () {};
  const tracks = Array.from({ length: trackCount }, (_, i) => track(i + 1, empty));
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  await exportToStick(diskFolder(folder), { playlistName: 'Bench', tracks, date: '2026-11-27' });
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const written = readExportPdb(await readFile(join(folder, 'PIONEER/rekordbox/export.pdb')));
  if (written.tracks.length !== trackCount) throw new Error(`Read back ${written.tracks.length} tracks`);
  console.log(`usb_export_s_${trackCount}: ${seconds.toFixed(2)}`);
  console.log(`usb_export_cpu_s_${trackCount}: ${cpuSeconds.toFixed(2)}`);

  const boothsFolder = mkdtempSync(join(tmpdir(), 'crate-usb-bench-booths-'));
  const boothsStart = performance.now();
  await exportToBooths(
    diskFolder(boothsFolder),
    { playlistName: 'Bench', tracks, date: '2026-11-27' },
    writableBooths,
    // The stick page's SQLite: the wasm build, here in Node.
    () => browserSqlite(),
  );
  const boothsSeconds = (performance.now() - boothsStart) / 1000;
  rmSync(boothsFolder, { recursive: true, force: true });
  console.log(
    `usb_export_booths_s_${trackCount}: ${boothsSeconds.toFixed(2)} (${writableBooths.join(', ')}; ${(boothsSeconds / seconds).toFixed(2)}x the legacy library alone)`,
  );

  const addSeconds = await timeStickAdd(empty);
  console.log(`stick_add_s_4000: ${addSeconds.toFixed(2)}`);
  const chunk = makeMp3(160).subarray(0, 65536);
  const perTrack = 100 * 1024 * 1024;
  const audioTracks = Math.max(1, Math.round((audioGb * 1024 ** 3) / perTrack));
  // Growth from the end of the first track on: what the first track costs (buffers, the heap's own
  // sizing) is paid once; what grows with the gigabytes after it is what the goal is about.
  let rssBase = 0;
  let rssPeak = 0;
  let heapBase = 0;
  let heapLast = 0;
  // Sampled as the chunks flow: the copy never waits on a timer, so an interval would not fire.
  const audio = async function* () {
    for (let sent = 0; sent < perTrack; sent += chunk.length) {
      if (rssBase > 0 && sent % (64 * chunk.length) === 0)
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      yield chunk;
    }
  };
  const total = { bytes: 0 };
  const copyTracks = Array.from({ length: audioTracks }, (_, i) => track(i + 1, audio));
  await exportToStick(countingStick(total), {
    playlistName: 'Copy',
    tracks: copyTracks,
    date: '2026-11-27',
    onProgress: (done) => {
      collectGarbage();
      const { rss, heapUsed } = process.memoryUsage();
      if (done === 1) [rssBase, rssPeak, heapBase] = [rss, rss, heapUsed];
      heapLast = heapUsed;
    },
  });
  const growthMb = (rssPeak - rssBase) / 1024 ** 2;
  const heapGrowthMb = (heapLast - heapBase) / 1024 ** 2;
  console.log(`usb_copy_gb: ${(total.bytes / 1024 ** 3).toFixed(2)}`);
  console.log(`usb_copy_rss_growth_mb: ${growthMb.toFixed(1)}`);
  console.log(`usb_copy_heap_growth_mb: ${heapGrowthMb.toFixed(1)}`);
  recordFigures({
    [`usb_export_s_${trackCount}`]: seconds,
    [`usb_export_cpu_s_${trackCount}`]: cpuSeconds,
    [`usb_export_booths_s_${trackCount}`]: boothsSeconds,
    stick_add_s_4000: addSeconds,
    usb_copy_rss_growth_mb: growthMb,
    usb_copy_heap_growth_mb: heapGrowthMb,
  });
} finally {
  rmSync(folder, { recursive: true, force: true });
}
