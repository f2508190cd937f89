/**
 * The bulk download queue against models of the store, the browser's downloads and a worker that
 * can be stopped at any call: whatever happens in between, every entry ends saved exactly once.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDownloadQueue, type DownloadQueue } from '../../lib/background/downloads/download-queue.ts';
import {
  type BrowserDownload,
  type BrowserDownloads,
  type InitiateLinks,
  parallelDownloads,
  type QueueEvents,
  startGraceMs,
} from '../../lib/background/downloads/queue-model.ts';
import type { DownloadJob, QueueState, StoreLink } from '../../lib/storage/download-job.ts';
import type { JobStore } from '../../lib/storage/job-store.ts';

const linkTtlMs = 15 * 60_000;

/** The job store as IndexedDB behaves for it: each call reads or writes a copy, atomically. */
function memoryJobStore(): JobStore {
  let state: QueueState = { run: null, jobs: [] };
  return {
    read: async () => structuredClone(state),
    async updateJobs(changes) {
      const changed: DownloadJob[] = [];
      const jobs = state.jobs.map((job) => {
        const change = changes.get(job.downloadId);
        const next = change ? change(structuredClone(job)) : null;
        if (next) changed.push(next);
        return next ?? job;
      });
      state = { ...state, jobs };
      return structuredClone(changed);
    },
    async updateAll(change) {
      const next = change(structuredClone(state));
      if (next) state = structuredClone(next);
      return structuredClone(state);
    },
  };
}

interface World {
  clock: { now: number };
  /** Every browser download ever made, with the entry its URL belongs to. */
  items: (BrowserDownload & { entry: number })[];
  /** Entries that had two live (running or saved) browser downloads at once. */
  twice: number[];
  initiated: number;
}

/** The store: signed links that expire; the same entry and second give the same URL. */
function modelStore(world: World): InitiateLinks {
  return async (ids) => {
    world.initiated += ids.length;
    const expiresAt = Math.floor((world.clock.now + linkTtlMs) / 1000) * 1000;
    return ids.map((downloadId) => ({
      downloadId,
      link: { url: `http://store/file/${downloadId}?expires=${expiresAt}`, expiresAt } satisfies StoreLink,
    }));
  };
}

/** The browser's downloads: an expired link gives an interrupted download, as a 410 does. */
function modelBrowser(world: World): BrowserDownloads {
  const entryOf = (url: string) => Number(/file\/(\d+)/.exec(url)?.[1]);
  const expiresOf = (url: string) => Number(/expires=(\d+)/.exec(url)?.[1]);
  const find = (id: number) => world.items.find((item) => item.id === id);
  return {
    async start(_, url, path) {
      const entry = entryOf(url);
      if (world.items.some((item) => item.entry === entry && item.state !== 'interrupted'))
        world.twice.push(entry);
      const expired = expiresOf(url) <= world.clock.now;
      const item = {
        id: world.items.length + 1,
        url,
        entry,
        state: expired ? ('interrupted' as const) : ('in_progress' as const),
        error: expired ? 'SERVER_BAD_CONTENT' : undefined,
        paused: false,
        bytesReceived: 0,
        totalBytes: 1000,
        exists: true,
        filename: `/downloads/${path}`,
      };
      world.items.push(item);
      return item.id;
    },
    byId: async (id) => structuredClone(find(id)),
    savedFiles: async () =>
      structuredClone(world.items.filter((item) => item.state === 'complete' && item.exists)),
    byUrl: async (url) => structuredClone(world.items.filter((item) => item.url === url)),
    async pause(id) {
      const item = find(id);
      if (item?.state === 'in_progress') item.paused = true;
    },
    async resume(id) {
      const item = find(id);
      if (item) item.paused = false;
    },
    async cancel(id) {
      const item = find(id);
      if (item?.state === 'in_progress')
        Object.assign(item, { state: 'interrupted', error: 'USER_CANCELED' });
    },
  };
}

const never = new Promise<never>(() => undefined);

/**
 * A worker that dies on its n-th call to the outside world: that call happens or not, and
 * neither it nor any later call ever returns, as when the browser stops a worker.
 */
function mortal<T extends object>(
  target: T,
  worker: { calls: number; dieAt: number | null; sideEffect: boolean },
): T {
  return new Proxy(target, {
    get(object, name) {
      const value = Reflect.get(object, name) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (worker.dieAt !== null && worker.calls >= worker.dieAt) return never;
        worker.calls++;
        if (worker.dieAt !== null && worker.calls >= worker.dieAt) {
          if (worker.sideEffect) void (value as (...a: unknown[]) => unknown).apply(object, args);
          return never;
        }
        return (value as (...a: unknown[]) => unknown).apply(object, args);
      };
    },
  });
}

type Action =
  | { type: 'pump' }
  | { type: 'complete'; pick: number }
  | { type: 'fail'; pick: number; error: string }
  | { type: 'expire' }
  | { type: 'alarm' }
  | { type: 'stop'; afterCalls: number; sideEffect: boolean }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'enqueueAgain' };

type Stop = { afterCalls: number; sideEffect: boolean };
const stop: fc.Arbitrary<Stop> = fc.record({ afterCalls: fc.nat(12), sideEffect: fc.boolean() });

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ type: 'pump' as const }) },
  { weight: 5, arbitrary: fc.record({ type: fc.constant('complete' as const), pick: fc.nat(10) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('fail' as const),
      pick: fc.nat(10),
      error: fc.constantFrom('NETWORK_FAILED', 'SERVER_FORBIDDEN', 'FILE_NO_SPACE', 'USER_CANCELED'),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ type: 'expire' as const }) },
  { weight: 2, arbitrary: fc.constant({ type: 'alarm' as const }) },
  {
    weight: 3,
    arbitrary: stop.map((details) => ({ type: 'stop' as const, ...details })),
  },
  { weight: 1, arbitrary: fc.constant({ type: 'pause' as const }) },
  { weight: 1, arbitrary: fc.constant({ type: 'resume' as const }) },
  { weight: 1, arbitrary: fc.constant({ type: 'enqueueAgain' as const }) },
);

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** `firstStop`: the worker that queues the entries is stopped during that call already. */
async function simulate(entries: number, actions: Action[], firstStop: Stop | null = null) {
  const world: World = { clock: { now: 1_000_000 }, items: [], twice: [], initiated: 0 };
  const jobs = memoryJobStore();
  const browser = modelBrowser(world);
  const initiate = modelStore(world);
  const finished: number[] = [];
  const events: QueueEvents = {
    jobFailed: async () => undefined,
    runFinished: async ({ done }) => void finished.push(done),
    keepAwake: async () => undefined,
    passLater: () => undefined,
  };
  const newJobs = Array.from({ length: entries }, (_, index) => ({
    downloadId: index + 1,
    path: `entry-${index + 1}.mp3`,
    title: `Entry ${index + 1}`,
  }));

  let worker = { calls: 0, dieAt: null as number | null, sideEffect: false };
  const startWorker = () => {
    worker = { calls: 0, dieAt: null, sideEffect: false };
    return createDownloadQueue({
      jobs: mortal(jobs, worker),
      downloads: mortal(browser, worker),
      initiate: mortal({ initiate }, worker).initiate,
      events: mortal(events, worker),
      now: () => world.clock.now,
    });
  };
  /** Runs one call on the current worker; a dead worker is replaced first, as an event would. */
  const onWorker = async (call: (queue: DownloadQueue) => Promise<void>) => {
    if (worker.dieAt !== null && worker.calls >= worker.dieAt) queue = startWorker();
    void call(queue).catch(() => undefined);
    await flush();
  };
  const live = () => world.items.filter((item) => item.state === 'in_progress' && !item.paused);

  let queue = startWorker();
  if (firstStop) Object.assign(worker, { dieAt: firstStop.afterCalls, sideEffect: firstStop.sideEffect });
  await onWorker((q) => q.enqueue(newJobs));
  for (const step of actions) {
    switch (step.type) {
      case 'pump':
        await onWorker((q) => q.pump());
        break;
      case 'complete': {
        const item = live()[step.pick % Math.max(1, live().length)];
        if (item) item.state = 'complete';
        await onWorker((q) => q.pump());
        break;
      }
      case 'fail': {
        const item = live()[step.pick % Math.max(1, live().length)];
        if (item) Object.assign(item, { state: 'interrupted', error: step.error });
        await onWorker((q) => q.pump());
        break;
      }
      case 'expire':
        world.clock.now += linkTtlMs + 1000;
        break;
      case 'alarm':
        world.clock.now += startGraceMs + 1000;
        await onWorker((q) => q.pump());
        break;
      case 'stop':
        worker.dieAt = worker.calls + step.afterCalls;
        worker.sideEffect = step.sideEffect;
        await onWorker((q) => q.pump());
        break;
      case 'pause':
        await onWorker((q) => q.control('pause'));
        break;
      case 'resume':
        await onWorker((q) => q.control('resume'));
        break;
      case 'enqueueAgain':
        await onWorker((q) => q.enqueue(newJobs));
        break;
    }
  }

  // Afterwards the worker lives on: the person asks once more (a stop may have lost the first
  // request), resumes, retries what failed, and waits.
  queue = startWorker();
  await queue.enqueue(newJobs);
  for (let round = 0; round < 100; round++) {
    const { run, jobs: all } = await jobs.read();
    if (run?.status === 'finished' && all.every((job) => job.state === 'done')) break;
    for (const item of world.items) if (item.state === 'in_progress') item.state = 'complete';
    world.clock.now += startGraceMs + 1000;
    if (run?.status === 'paused') await queue.control('resume');
    if (all.some((job: DownloadJob) => job.state === 'failed')) await queue.control('retryFailed');
    await queue.pump();
  }
  return { world, state: await jobs.read(), finished };
}

describe('the download queue', () => {
  it('saves every entry exactly once, whatever stops, expiries and failures come in between', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 8 }),
        fc.array(action, { maxLength: 40 }),
        fc.option(stop),
        async (entries, actions, firstStop) => {
          const { world, state, finished } = await simulate(entries, actions, firstStop);
          expect(world.twice).toEqual([]);
          for (let entry = 1; entry <= entries; entry++) {
            const saved = world.items.filter((item) => item.entry === entry && item.state === 'complete');
            expect(saved, `entry ${entry}`).toHaveLength(1);
          }
          expect(state.run?.status).toBe('finished');
          expect(state.jobs.map((job) => job.state)).toEqual(Array(entries).fill('done'));
          expect(finished.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('runs parallelDownloads downloads at a time', async () => {
    const firstPass = await (async () => {
      const fresh: World = { clock: { now: 0 }, items: [], twice: [], initiated: 0 };
      const queue = createDownloadQueue({
        jobs: memoryJobStore(),
        downloads: modelBrowser(fresh),
        initiate: modelStore(fresh),
        events: {
          jobFailed: async () => undefined,
          runFinished: async () => undefined,
          keepAwake: async () => undefined,
          passLater: () => undefined,
        },
        now: () => fresh.clock.now,
      });
      await queue.enqueue(
        Array.from({ length: parallelDownloads + 4 }, (_, index) => ({
          downloadId: index + 1,
          path: `${index}.mp3`,
          title: `${index}`,
        })),
      );
      const progress = await queue.progress();
      return { started: fresh.items.length, progress };
    })();
    expect(firstPass.started).toBe(parallelDownloads);
    expect(firstPass.progress).toMatchObject({ status: 'running', total: parallelDownloads + 4, done: 0 });
    expect(firstPass.progress.active).toHaveLength(parallelDownloads);
  });

  describe('entries saved before', () => {
    /** A queue over the models, with the starts it asked for and the summaries it gave. */
    function setUp() {
      const world: World = { clock: { now: 0 }, items: [], twice: [], initiated: 0 };
      const browser = modelBrowser(world);
      const starts: { downloadId: number; path: string; replace: boolean }[] = [];
      const summaries: { done: number; alreadySaved: number }[] = [];
      const store = memoryJobStore();
      const queue = createDownloadQueue({
        jobs: store,
        downloads: {
          ...browser,
          start(downloadId, url, path, replace) {
            starts.push({ downloadId, path, replace });
            return browser.start(downloadId, url, path, replace);
          },
        },
        initiate: modelStore(world),
        events: {
          jobFailed: async () => undefined,
          runFinished: async ({ done, alreadySaved }) => void summaries.push({ done, alreadySaved }),
          keepAwake: async () => undefined,
          passLater: () => undefined,
        },
        now: () => world.clock.now,
      });
      const entries = (ids: number[]) =>
        ids.map((downloadId) => ({
          downloadId,
          path: `Artist - Track ${downloadId}.wav`,
          title: `Track ${downloadId}`,
          audioFormat: 'wav' as const,
        }));
      /** Every download under way completes, and the queue notices. */
      const completeAll = async () => {
        for (const item of world.items) if (item.state === 'in_progress') item.state = 'complete';
        await queue.pump();
        await queue.pump();
      };
      return { world, store, queue, starts, summaries, entries, completeAll };
    }

    it('remembers the entry, its path, its format and where the browser saved it', async () => {
      const { store, queue, entries, completeAll } = setUp();
      await queue.enqueue(entries([7]));
      await completeAll();
      const [job] = (await store.read()).jobs;
      expect(job).toMatchObject({
        downloadId: 7,
        path: 'Artist - Track 7.wav',
        audioFormat: 'wav',
        state: 'done',
        savedAs: '/downloads/Artist - Track 7.wav',
        replace: false,
      });
    });

    it('skips entries whose file is still on disk, and says how many', async () => {
      const { queue, starts, summaries, entries, completeAll } = setUp();
      await queue.enqueue(entries([1, 2, 3]));
      await completeAll();
      expect(summaries).toEqual([{ done: 3, alreadySaved: 0 }]);

      await queue.enqueue(entries([1, 2, 3, 4, 5]));
      await completeAll();
      expect(starts.map((start) => start.downloadId)).toEqual([1, 2, 3, 4, 5]);
      expect(summaries.at(-1)).toEqual({ done: 2, alreadySaved: 3 });
      const progress = await queue.progress();
      expect(progress).toMatchObject({ status: 'finished', total: 2, done: 2, alreadySaved: 3 });
    });

    it('saves again, over the same path, an entry whose file left the disk', async () => {
      const { world, queue, starts, summaries, entries, completeAll } = setUp();
      await queue.enqueue(entries([1, 2]));
      await completeAll();
      const first = world.items.find((item) => item.entry === 1);
      if (first) first.exists = false;
      // An erased downloads record says nothing of the file: it counts as gone too.
      world.items = world.items.filter((item) => item.entry !== 2 || item.exists === false);

      await queue.enqueue(entries([1, 2]));
      await completeAll();
      expect(starts.slice(2)).toEqual([
        { downloadId: 1, path: 'Artist - Track 1.wav', replace: true },
        { downloadId: 2, path: 'Artist - Track 2.wav', replace: true },
      ]);
      expect(summaries.at(-1)).toEqual({ done: 2, alreadySaved: 0 });
    });

    it("skips an entry the library's Download button saved, found by its path", async () => {
      const { world, store, queue, starts, summaries, entries, completeAll } = setUp();
      world.items.push({
        id: 900,
        url: 'http://store/file/5?expires=1',
        entry: 5,
        state: 'complete',
        paused: false,
        bytesReceived: 1000,
        totalBytes: 1000,
        exists: true,
        filename: '/home/dj/Downloads/Artist - Track 5.wav',
      });
      await queue.enqueue(entries([5, 6]));
      await completeAll();
      expect(starts.map((start) => start.downloadId)).toEqual([6]);
      expect(summaries.at(-1)).toEqual({ done: 1, alreadySaved: 1 });
      const recorded = (await store.read()).jobs.find((job) => job.downloadId === 5);
      expect(recorded).toMatchObject({
        state: 'done',
        browserDownloadId: 900,
        savedAs: '/home/dj/Downloads/Artist - Track 5.wav',
      });

      // Asked again: still on disk, still skipped.
      await queue.enqueue(entries([5]));
      expect(starts).toHaveLength(1);
    });

    it('saves an entry new to the queue beside other files, never over them', async () => {
      const { queue, starts, entries } = setUp();
      await queue.enqueue(entries([9]));
      expect(starts).toEqual([{ downloadId: 9, path: 'Artist - Track 9.wav', replace: false }]);
    });
  });
});
