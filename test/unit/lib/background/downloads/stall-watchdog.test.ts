/**
 * The stall watchdog through the queue, over the real job store (IndexedDB) and a model of the
 * browser's downloads in which a connection can die with nothing reported: the bytes just stop.
 * In Chromium's model pause only stops reading (the stalled connection stays); in Firefox's it
 * drops the connection and resume asks for the rest. A download reserves its path while under way,
 * so a second one to the same path gets "name (1).wav", as in the browser.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  createDownloadQueue,
  type DownloadQueue,
} from '../../../../../lib/background/downloads/download-queue.ts';
import {
  type BrowserDownload,
  type BrowserDownloads,
  type InitiateLinks,
  outageBoundMs,
  outageWaitMs,
  stallMs,
} from '../../../../../lib/background/downloads/queue-model.ts';
import type { DownloadJob } from '../../../../../lib/storage/download-job.ts';
import { indexedDbJobStore, type JobStore } from '../../../../../lib/storage/job-store.ts';

const fileBytes = 10_000_000;
/** Bytes a live connection brings per second. */
const bytesPerSecond = 100_000;

type Item = BrowserDownload & { entry: number; stalled: boolean };

interface World {
  now: number;
  items: Item[];
  /** Firefox: pause drops the connection, resume opens a new one. */
  reconnects: boolean;
  /** Every new connection the store answers hangs at once (a store stuck after a restart). */
  hangs: boolean;
  links: number;
  starts: { entry: number; replace: boolean; filename: string }[];
  /** The next cancel never returns: the worker stops right after deciding. */
  stopAtCancel?: boolean;
}

const never = new Promise<never>(() => undefined);

function modelBrowser(world: World): BrowserDownloads {
  const find = (id: number) => world.items.find((item) => item.id === id);
  const taken = (filename: string) =>
    world.items.some((item) => item.filename === filename && (item.state === 'in_progress' || item.exists));
  return {
    async start(entry, url, path, replace) {
      const wanted = `/dl/${path}`;
      // A path reserved by a download under way is never overwritten: the browser adds " (1)".
      const underWay = world.items.some((item) => item.filename === wanted && item.state === 'in_progress');
      const filename = underWay || (!replace && taken(wanted)) ? wanted.replace('.wav', ' (1).wav') : wanted;
      const item: Item = {
        id: world.items.length + 1,
        url,
        entry,
        state: 'in_progress',
        paused: false,
        bytesReceived: 0,
        totalBytes: fileBytes,
        exists: false,
        filename,
        canResume: false,
        stalled: world.hangs,
      };
      world.items.push(item);
      world.starts.push({ entry, replace, filename });
      return item.id;
    },
    byId: async (id) => structuredClone(find(id)),
    savedFiles: async () =>
      structuredClone(world.items.filter((item) => item.state === 'complete' && item.exists)),
    byUrl: async (url) => structuredClone(world.items.filter((item) => item.url === url)),
    async pause(id) {
      const item = find(id);
      if (item?.state !== 'in_progress') return;
      item.paused = true;
      item.canResume = true;
    },
    async resume(id) {
      const item = find(id);
      if (!item) return;
      if (item.paused && world.reconnects) item.stalled = world.hangs;
      item.paused = false;
      item.canResume = false;
    },
    async cancel(id) {
      if (world.stopAtCancel) {
        world.stopAtCancel = false;
        return never;
      }
      const item = find(id);
      // The partial file goes with it.
      if (item?.state === 'in_progress')
        Object.assign(item, {
          state: 'interrupted',
          error: 'USER_CANCELED',
          exists: false,
          canResume: false,
        });
    },
    get reconnects() {
      return world.reconnects;
    },
  };
}

const store: InitiateLinks = async (ids) =>
  ids.map((downloadId) => ({
    downloadId,
    link: { url: `http://store/file/${downloadId}?n=${Math.random()}`, expiresAt: Number.MAX_SAFE_INTEGER },
  }));

let databases = 0;

function setUp(options: { reconnects?: boolean; entries?: number } = {}) {
  const world: World = {
    now: 1_000_000,
    items: [],
    reconnects: options.reconnects ?? false,
    hangs: false,
    links: 0,
    starts: [],
  };
  const name = `stall-${++databases}`;
  const laterAsked: number[] = [];
  const failed: DownloadJob[] = [];
  /** A worker: nothing in memory but the queue's own, over the stored state. */
  const worker = (): { queue: DownloadQueue; jobs: JobStore } => {
    const jobs = indexedDbJobStore(name);
    const queue = createDownloadQueue({
      jobs,
      downloads: modelBrowser(world),
      async initiate(ids) {
        world.links += ids.length;
        return store(ids);
      },
      events: {
        jobFailed: async (job) => void failed.push(job),
        runFinished: async () => undefined,
        keepAwake: async () => undefined,
        passLater: (ms) => void laterAsked.push(ms),
      },
      now: () => world.now,
    });
    return { queue, jobs };
  };
  let current = worker();
  const entries = Array.from({ length: options.entries ?? 2 }, (_, index) => ({
    downloadId: index + 1,
    path: `Artist - Track ${index + 1}.wav`,
    title: `Track ${index + 1}`,
  }));
  /** Time passes (live connections bring bytes, whole files complete), then a pass, as the alarm brings. */
  async function advance(ms: number): Promise<void> {
    world.now += ms;
    for (const item of world.items) {
      if (item.state !== 'in_progress' || item.paused || item.stalled) continue;
      item.bytesReceived = Math.min(fileBytes, item.bytesReceived + (bytesPerSecond * ms) / 1000);
      if (item.bytesReceived === fileBytes)
        Object.assign(item, { state: 'complete', exists: true, fileSize: fileBytes });
    }
    await current.queue.pump();
  }
  const byEntry = (entry: number) => world.items.filter((item) => item.entry === entry);
  const live = (entry: number) => byEntry(entry).find((item) => item.state === 'in_progress') as Item;
  return {
    world,
    failed,
    laterAsked,
    entries,
    advance,
    byEntry,
    live,
    queue: () => current.queue,
    jobs: () => current.jobs,
    restartWorker() {
      current = worker();
    },
    async start() {
      await current.queue.enqueue(entries);
      await current.queue.pump();
    },
    async job(downloadId: number) {
      return (await current.jobs.read()).jobs.find((job) => job.downloadId === downloadId) as DownloadJob;
    },
    /** Runs on until every file is saved (or `limitMs` passed). */
    async toTheEnd(limitMs = 30 * 60_000) {
      for (let waited = 0; waited < limitMs; waited += 5_000) {
        const { run } = await current.jobs.read();
        if (run?.status === 'finished') return;
        await advance(5_000);
      }
    },
  };
}

/** Every entry saved once, at its own path: no partial left, no "(1)" copy. */
function expectEachSavedOnce(world: World, entries: { downloadId: number; path: string }[]) {
  for (const entry of entries) {
    const files = world.items.filter((item) => item.entry === entry.downloadId && item.exists);
    expect(files.map((item) => [item.state, item.filename, item.bytesReceived])).toEqual([
      ['complete', `/dl/${entry.path}`, fileBytes],
    ]);
  }
  expect(world.items.filter((item) => item.filename.includes('(1)'))).toEqual([]);
}

describe('the stall watchdog', () => {
  it('leaves a download whose bytes keep coming alone, however slow', async () => {
    const run = setUp();
    await run.start();
    await run.toTheEnd();
    expect(run.world.starts).toHaveLength(2);
    expectEachSavedOnce(run.world, run.entries);
    expect((await run.queue().progress()).restarted).toBe(0);
  });

  it('in Chromium, cancels a stalled download and starts it again over the same path with a fresh link', async () => {
    const run = setUp();
    await run.start();
    await run.advance(3_000);
    const stalled = run.live(1);
    // Chromium had resumed it by itself once (counted), before it stalled.
    await run.queue().resumed(stalled.id);
    expect(await run.queue().progress()).toMatchObject({ resumed: 1, restarted: 0 });
    stalled.stalled = true;
    const linksBefore = run.world.links;
    await run.advance(stallMs - 1_000);
    expect(run.byEntry(1)).toHaveLength(1);
    // Meanwhile the run shows it stuck, since the last pass that saw its bytes move.
    expect((await run.queue().progress()).stalled).toEqual({
      files: 1,
      since: run.world.now - stallMs + 1_000,
    });
    await run.advance(1_000);
    // Not one second before stallMs: then the stalled one is cancelled, its partial dropped.
    expect(stalled).toMatchObject({ state: 'interrupted', error: 'USER_CANCELED', exists: false });
    expect(run.world.links).toBe(linksBefore + 1);
    expect(run.world.starts.at(-1)).toEqual({
      entry: 1,
      replace: true,
      filename: '/dl/Artist - Track 1.wav',
    });
    // The run says so, no longer "resumed", and counts only the bytes of the new download.
    const progress = await run.queue().progress();
    expect(progress).toMatchObject({ restarted: 1, resumed: 0 });
    const active = progress.active.find((file) => file.downloadId === 1);
    expect(active?.bytesReceived).toBeLessThan(stalled.bytesReceived);
    await run.toTheEnd();
    expectEachSavedOnce(run.world, run.entries);
    expect(run.failed).toEqual([]);
    expect(await run.job(1)).toMatchObject({ state: 'done', attempts: 0, restarts: 1, cut: null });
  });

  it('in Firefox, asks a stalled download for a new connection, keeping its bytes, and counts it resumed once they come', async () => {
    const run = setUp({ reconnects: true });
    await run.start();
    await run.advance(5_000);
    const stalled = run.live(1);
    stalled.stalled = true;
    run.world.hangs = true;
    await run.advance(stallMs);
    // Paused and resumed: the same download, its bytes kept; no new one.
    expect(run.byEntry(1)).toHaveLength(1);
    expect(stalled.bytesReceived).toBe(500_000);
    expect(await run.queue().progress()).toMatchObject({ resumed: 0, restarted: 0 });
    run.world.hangs = false;
    stalled.stalled = false;
    await run.advance(1_000);
    expect(await run.queue().progress()).toMatchObject({ resumed: 1, restarted: 0 });
    await run.toTheEnd();
    expect(run.byEntry(1)).toHaveLength(1);
    expectEachSavedOnce(run.world, run.entries);
  });

  it('in Firefox, starts afresh a download stalled again after its new connection', async () => {
    const run = setUp({ reconnects: true });
    await run.start();
    await run.advance(5_000);
    run.world.hangs = true;
    run.live(1).stalled = true;
    await run.advance(stallMs);
    expect(run.byEntry(1)).toHaveLength(1);
    // The new connection hung too: cancelled, and a new download over the same path.
    run.world.hangs = false;
    await run.advance(stallMs);
    expect(run.byEntry(1)).toHaveLength(2);
    expect(run.byEntry(1)[0]).toMatchObject({ state: 'interrupted', exists: false });
    await run.toTheEnd();
    expectEachSavedOnce(run.world, run.entries);
    const job = await run.job(1);
    expect([job.restarts, job.resumes ?? 0]).toEqual([1, 0]);
  });

  it('backs off stall after stall as a cut does, and fails the attempt after the outage bound', async () => {
    const run = setUp({ entries: 1 });
    run.world.hangs = true;
    await run.start();
    // When each download of the entry started.
    const times: number[] = [run.world.now];
    for (let waited = 0; waited < outageBoundMs + stallMs * 2; waited += 1_000) {
      await run.advance(1_000);
      if (run.world.starts.length > times.length) times.push(run.world.now);
      if ((await run.job(1)).attempts > 0) break;
    }
    const gaps = times.slice(1).map((time, index) => time - (times[index] as number));
    // Each restart waits at least stallMs, and as long as outageWaitMs says after many.
    gaps.forEach((gap, index) => {
      expect(gap).toBeGreaterThanOrEqual(Math.max(stallMs, outageWaitMs(index)));
    });
    expect(gaps.at(-1)).toBeGreaterThanOrEqual(30_000);
    const job = await run.job(1);
    // Counted as one failed attempt: another comes with a fresh link (maxAttempts bounds them).
    expect(job.attempts).toBe(1);
    expect(job.error).toMatch(/did not come back in 10 minutes/);
    expect(run.world.now - (times[0] as number)).toBeLessThanOrEqual(outageBoundMs + 2 * 30_000);
    // No download of it is left under way beside the next attempt's, no partial on disk.
    expect(run.world.items.filter((item) => item.state === 'in_progress').length).toBeLessThanOrEqual(1);
    expect(run.world.items.filter((item) => item.exists)).toEqual([]);
  });

  it('counts from what is stored: a worker started afresh finds the stall', async () => {
    const run = setUp();
    await run.start();
    await run.advance(2_000);
    run.live(1).stalled = true;
    await run.advance(1_000);
    // The worker stops; the next one is woken by the alarm after the stall.
    run.restartWorker();
    await run.advance(stallMs);
    expect(run.byEntry(1)).toHaveLength(2);
    await run.toTheEnd();
    expectEachSavedOnce(run.world, run.entries);
  });

  it('cancels the stalled download before the new one starts, even when the worker stopped in between', async () => {
    const run = setUp();
    await run.start();
    await run.advance(2_000);
    const stalled = run.live(1);
    stalled.stalled = true;
    run.world.stopAtCancel = true;
    // Decided and stored, then the worker stops before the browser hears of it.
    void run.queue().pump();
    run.world.now += stallMs;
    void run.queue().pump();
    // The sign it got there: the cancel was asked (and never answers).
    await vi.waitFor(() => expect(run.world.stopAtCancel).toBe(false));
    expect(stalled.state).toBe('in_progress');
    run.restartWorker();
    await run.advance(1_000);
    expect(stalled).toMatchObject({ state: 'interrupted', exists: false });
    await run.toTheEnd();
    expectEachSavedOnce(run.world, run.entries);
  });

  it('takes no pause for a stall, nor the time paused as time stalled', async () => {
    const run = setUp();
    await run.start();
    await run.advance(2_000);
    await run.queue().control('pause');
    await run.advance(5 * 60_000);
    await run.queue().control('resume');
    await run.advance(1_000);
    expect(run.world.starts).toHaveLength(2);
    await run.toTheEnd();
    expect(run.world.starts).toHaveLength(2);
    expectEachSavedOnce(run.world, run.entries);
  });

  it('asks for a pass when the next look is due, for a worker that lives that long', async () => {
    const run = setUp();
    await run.start();
    await run.advance(1_000);
    run.live(1).stalled = true;
    run.laterAsked.length = 0;
    await run.advance(5_000);
    expect(Math.min(...run.laterAsked)).toBe(stallMs - 5_000);
  });
});
