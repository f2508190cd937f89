/**
 * The DJ's collection at DJ scale (issue 26):
 *
 * - import: a rekordbox XML export of 20,000 and of 100,000 tracks (each as rekordbox writes it:
 *   two dozen attributes, a TEMPO and three cue POSITION_MARKs) chosen in the options page's file
 *   input of the built extension in headless Chromium, timed from the choice to the report "Read
 *   N tracks" (goal: 20,000 under 10 s), with the page's main thread watched meanwhile: the longest
 *   task (PerformanceObserver longtask), event-loop gap and frame gap (the reading runs in the
 *   page's import worker, so the page stays responsive: goal no task over about 50 ms), and the
 *   compact index's size in storage.local.
 *
 * What a collection adds to decorating a store page is measured in the browser by
 * bench/content-script.ts (1,000 rows with and without a 20,000-track collection).
 *
 *   tsx bench/collection.ts [--sizes 20000,100000] [--runs 5]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { CollectionSectionPage } from '../components/options/collection-section.page.ts';
import { chromeExtensionId } from '../lib/contract/extension-identity.ts';
import { builtExtensionPath, chromePath, chromiumArgs } from '../test/helpers/chromium.ts';
import { median, recordFigures } from './figures.ts';

const { values } = parseArgs({
  options: { sizes: { type: 'string', default: '20000,100000' }, runs: { type: 'string', default: '5' } },
});
const sizes = values.sizes.split(',').map(Number);
const runs = Number(values.runs);
if (sizes.some((n) => !Number.isSafeInteger(n) || n < 1 || n > 1_000_000) || !(runs >= 1)) {
  console.error('Usage: tsx bench/collection.ts [--sizes 20000,100000] [--runs 5]');
  process.exit(2);
}

const words = ['Deep', 'Night', 'Glue', 'Echo', 'Drift', 'Solar', 'Pulse', 'Velvet', 'Static', 'Tide'];
const word = (i: number) => words[i % words.length] as string;
const artistName = (i: number) => `${word(i)} ${word(Math.floor(i / 10))} ${i % 997}`;
const mixes = ['Original Mix', 'Extended Mix', 'Dub', 'Club Mix', ''];

/** The i-th track of a made-up collection, as rekordbox writes it. */
function rekordboxTrack(i: number): string {
  const artists = i % 5 === 0 ? `${artistName(i)} &amp; ${artistName(i + 1)}` : artistName(i);
  const mix = mixes[i % mixes.length] as string;
  return `    <TRACK TrackID="${i + 1}" Name="${word(i * 7)} ${word(i * 3)} ${i}" Artist="${artists}" Composer="" Album="${word(i)} EP" Grouping="" Genre="Techno" Kind="WAV File" Size="${40_000_000 + i}" TotalTime="${300 + (i % 200)}" DiscNumber="0" TrackNumber="${1 + (i % 6)}" Year="2021" AverageBpm="${(120 + (i % 20)).toFixed(2)}" DateAdded="2023-04-27" BitRate="1411" SampleRate="44100" Comments="" PlayCount="${i % 9}" Rating="0" Location="file://localhost/Volumes/USB/Music/${encodeURIComponent(artistName(i))}%20-%20${i}.wav" Remixer="" Tonality="${1 + (i % 12)}A" Label="Label ${i % 300}" Mix="${mix}">
      <TEMPO Inizio="0.126" Bpm="${(120 + (i % 20)).toFixed(2)}" Metro="4/4" Battito="1"/>
      <POSITION_MARK Name="" Type="0" Start="0.126" Num="-1"/>
      <POSITION_MARK Name="Drop" Type="0" Start="64.126" Num="0" Red="40" Green="226" Blue="20"/>
      <POSITION_MARK Name="" Type="0" Start="128.126" Num="1" Red="255" Green="140" Blue="0"/>
    </TRACK>`;
}

function rekordboxXml(tracks: number): string {
  const body = Array.from({ length: tracks }, (_, i) => rekordboxTrack(i)).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<DJ_PLAYLISTS Version="1.0.0">\n  <PRODUCT Name="rekordbox" Version="6.8.5" Company="AlphaTheta"/>\n  <COLLECTION Entries="${tracks}">\n${body}\n  </COLLECTION>\n  <PLAYLISTS><NODE Type="0" Name="ROOT" Count="0"/></PLAYLISTS>\n</DJ_PLAYLISTS>\n`;
}

const figures: Record<string, number> = {};

/** What the options page's main thread did while watched (the bench's watcher in the page). */
interface Watched {
  /** The longest task Chromium reported (long tasks: over 50 ms), 0 when none. */
  task: number;
  /** When it started, in ms from the watch's start, and how long the watch lasted. */
  taskAt: number;
  watched: number;
  longTasks: number;
  /** The longest gap between two 5 ms timers (the event loop busy or the thread not scheduled). */
  timerGap: number;
  frameGap: number;
}

// A string, not a function: tsx's helpers do not exist in the page.
const startWatch = `{
  const watch = { started: performance.now(), frame: performance.now(), timer: performance.now(), frameGap: 0, timerGap: 0, task: 0, taskAt: 0, longTasks: 0, on: true };
  globalThis.benchWatch = watch;
  watch.observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.duration > watch.task) {
        watch.task = entry.duration;
        watch.taskAt = entry.startTime - watch.started;
      }
      watch.longTasks++;
    }
  });
  watch.observer.observe({ type: 'longtask' });
  const frame = (now) => {
    watch.frameGap = Math.max(watch.frameGap, now - watch.frame);
    watch.frame = now;
    if (watch.on) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  const timer = () => {
    const now = performance.now();
    watch.timerGap = Math.max(watch.timerGap, now - watch.timer);
    watch.timer = now;
    if (watch.on) setTimeout(timer, 5);
  };
  setTimeout(timer, 5);
}`;
const stopWatch = `(() => {
  const watch = globalThis.benchWatch;
  watch.on = false;
  watch.observer.disconnect();
  const { task, taskAt, longTasks, timerGap, frameGap } = watch;
  return { task, taskAt, longTasks, timerGap, frameGap, watched: performance.now() - watch.started };
})()`;

/** The worst of several watches: one task over the goal in any run is a freeze the DJ sees. */
function worst(watches: Watched[]): Watched {
  const longest = watches.reduce((a, b) => (b.task > a.task ? b : a));
  return {
    ...longest,
    longTasks: Math.max(...watches.map((w) => w.longTasks)),
    timerGap: Math.max(...watches.map((w) => w.timerGap)),
    frameGap: Math.max(...watches.map((w) => w.frameGap)),
  };
}

const describeWatch = (w: Watched) =>
  `longest task ${w.task > 0 ? `${w.task.toFixed(0)} ms at ${(w.taskAt / 1000).toFixed(2)} s of ${(w.watched / 1000).toFixed(2)} s (${w.longTasks} over 50 ms)` : 'none over 50 ms'}, longest event-loop gap ${w.timerGap.toFixed(0)} ms, longest frame gap ${w.frameGap.toFixed(0)} ms`;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * One import traced: the renderer main threads' longest task by the clock and by the thread's own
 * CPU time. On a loaded machine a short task is stretched by the cores others hold; its CPU time
 * says what the page itself ran.
 */
async function tracedImport(page: Page, file: string): Promise<{ wall: number; cpu: number }> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    categories: 'toplevel,disabled-by-default-devtools.timeline',
    transferMode: 'ReportEvents',
  });
  await new CollectionSectionPage(page).importFile(file, 300_000);
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const tasks = events.filter(
    (e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && mains.has(`${e.pid}:${e.tid}`),
  );
  return {
    wall: Math.max(0, ...tasks.map((e) => (e.dur ?? 0) / 1000)),
    cpu: Math.max(0, ...tasks.map((e) => (e.tdur ?? 0) / 1000)),
  };
}

async function importTimes(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'crate-bench-collection-'));
  const context = await chromium.launchPersistentContext('', {
    executablePath: chromePath,
    headless: true,
    args: chromiumArgs(builtExtensionPath()),
  });
  try {
    await (context.serviceWorkers()[0] ?? context.waitForEvent('serviceworker'));
    const page = await context.newPage();
    await page.goto(`chrome-extension://${chromeExtensionId}/options.html`);
    const collection = new CollectionSectionPage(page);
    for (const size of sizes) {
      const file = join(dir, `rekordbox-${size}.xml`);
      const xml = rekordboxXml(size);
      writeFileSync(file, xml);
      const seconds: number[] = [];
      const watches: Watched[] = [];
      for (let run = 0; run < Math.min(runs, size > 50_000 ? 3 : runs); run++) {
        // Three views of the page's main thread while it imports: the longest task, the longest
        // event-loop gap and the longest gap between animation frames.
        await page.evaluate(startWatch);
        const start = performance.now();
        const report = await collection.importFile(file, 300_000);
        seconds.push((performance.now() - start) / 1000);
        if (!report.startsWith(`Read ${size.toLocaleString('en-US')} tracks`)) throw new Error(report);
        watches.push(await page.evaluate<Watched>(stopWatch));
      }
      const traced = await tracedImport(page, file);
      const indexBytes = await page.evaluate<number>(
        "chrome.storage.local.get('collectionIndex').then((stored) => JSON.stringify(stored).length)",
      );
      // The same watch on the idle page for as long: what the loaded machine alone does to it.
      await page.evaluate(startWatch);
      await page.waitForTimeout(median(seconds) * 1000);
      const idle = await page.evaluate<Watched>(stopWatch);
      const during = worst(watches);
      figures[`collection_import_s_${size}`] = median(seconds);
      figures[`collection_import_longest_task_ms_${size}`] = during.task;
      figures[`collection_import_longest_task_cpu_ms_${size}`] = traced.cpu;
      figures[`collection_import_timer_gap_ms_${size}`] = during.timerGap;
      figures[`collection_idle_timer_gap_ms_${size}`] = idle.timerGap;
      figures[`collection_import_frame_gap_ms_${size}`] = during.frameGap;
      figures[`collection_index_bytes_${size}`] = indexBytes;
      console.log(
        `import ${size.toLocaleString('en-US')} tracks (${(xml.length / 1e6).toFixed(0)} MB XML): ${median(seconds).toFixed(2)} s median of ${seconds.length} (${seconds.map((s) => s.toFixed(2)).join(', ')}); compact index ${(indexBytes / 1e6).toFixed(2)} MB`,
      );
      console.log(`  page's main thread, worst run: ${describeWatch(during)}`);
      console.log(`  the idle page as long, side by side: ${describeWatch(idle)}`);
      console.log(
        `  one more import traced: the page's longest task ${traced.wall.toFixed(0)} ms by the clock, ${traced.cpu.toFixed(0)} ms of its thread's CPU time`,
      );
    }
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log('Figures measured on a shared machine: compare within this run.\n');
await importTimes();
recordFigures(figures);
