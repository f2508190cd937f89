/**
 * The bulk download queue against models of the store, the browser's downloads and a worker that
 * can be stopped at any call: whatever happens in between, every entry ends saved exactly once.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createDownloadQueue,
  type DownloadQueue,
} from '../../../../../lib/background/downloads/download-queue.ts';
import {
  type BrowserDownload,
  type BrowserDownloads,
  type InitiateLinks,
  parallelDownloads,
  type QueueEvents,
  startGraceMs,
} from '../../../../../lib/background/downloads/queue-model.ts';
import { StoreError } from '../../../../../lib/protocol/store-error.ts';
import type { DownloadJob, QueueState, StoreLink } from '../../../../../lib/storage/download-job.ts';
import type { JobStore } from '../../../../../lib/storage/job-store.ts';

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
    async updateRun(change) {
      const next = state.run ? change(structuredClone(state.run)) : null;
      if (next) state = { ...state, run: structuredClone(next) };
      return structuredClone(state.run);
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
  items: (BrowserDownload & { entry: number; short?: boolean; stalled?: boolean })[];
  /** Entries that had two live (running or saved) browser downloads at once. */
  twice: number[];
  initiated: number;
  /** The store is restarting: it refuses connections, so link requests and downloads fail. */
  storeDown?: boolean;
  /** Downloads the browser resumed where they stopped. */
  resumed?: number;
  /** Pause and resume give a download a new connection (Firefox); Chromium's do not. */
  reconnects?: boolean;
}

/**
 * Time passes: downloads under way get bytes (up to their size), except stalled ones, whose
 * connection died with nothing reported (the stall watchdog's business).
 */
function elapse(world: World, ms: number): void {
  world.clock.now += ms;
  for (const item of world.items)
    if (item.state === 'in_progress' && !item.paused && !item.stalled)
      item.bytesReceived = Math.min(item.totalBytes, item.bytesReceived + 1 + Math.floor(ms / 100));
}

/** The store: signed links that expire; the same entry and second give the same URL. */
function modelStore(world: World): InitiateLinks {
  return async (ids) => {
    if (world.storeDown) throw new StoreError({ kind: 'storeDown', message: 'The store is not answering.' });
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
      if (world.items.some((item) => item.entry === entry && item.state !== 'interrupted' && !item.short))
        world.twice.push(entry);
      const expired = expiresOf(url) <= world.clock.now;
      const refused = expired || world.storeDown;
      const item = {
        id: world.items.length + 1,
        url,
        entry,
        state: refused ? ('interrupted' as const) : ('in_progress' as const),
        error: expired ? 'SERVER_BAD_CONTENT' : world.storeDown ? 'NETWORK_FAILED' : undefined,
        paused: false,
        bytesReceived: 0,
        totalBytes: 1000,
        exists: true,
        filename: `/downloads/${path}`,
        canResume: false,
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
      if (!item) return;
      if (
        item.state === 'in_progress' &&
        item.paused &&
        item.stalled &&
        world.reconnects &&
        !world.storeDown
      ) {
        // A new connection, asking for the rest.
        item.stalled = false;
        world.resumed = (world.resumed ?? 0) + 1;
      }
      if (item.state === 'interrupted') {
        if (!item.canResume) throw new Error('This download cannot be resumed.');
        world.resumed = (world.resumed ?? 0) + 1;
        // The browser asks for the rest with a Range on the same link.
        if (world.storeDown) item.error = 'NETWORK_FAILED';
        else if (expiresOf(item.url) <= world.clock.now) item.error = 'SERVER_FORBIDDEN';
        else Object.assign(item, { state: 'in_progress', error: undefined });
      }
      item.paused = false;
    },
    async cancel(id) {
      const item = find(id);
      if (item?.state === 'in_progress')
        Object.assign(item, { state: 'interrupted', error: 'USER_CANCELED' });
    },
    get reconnects() {
      return world.reconnects === true;
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
          // The call happens, and its outcome, a failure too (the store down), is lost with the worker.
          if (worker.sideEffect) {
            const outcome = (value as (...a: unknown[]) => unknown).apply(object, args);
            Promise.resolve(outcome).catch(() => undefined);
          }
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
  | { type: 'enqueueAgain' }
  | { type: 'cut'; pick: number }
  | { type: 'short'; pick: number }
  | { type: 'outage' }
  | { type: 'storeBack' }
  | { type: 'refuse' }
  | { type: 'shutdown' }
  | { type: 'stall'; pick: number }
  | { type: 'tick' };

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
  { weight: 1, arbitrary: fc.record({ type: fc.constant('short' as const), pick: fc.nat(10) }) },
  ...networkTrouble(),
);

/** A network that drops, a store that restarts, a browser that closes: nothing to start afresh. */
function networkTrouble() {
  return [
    { weight: 2, arbitrary: fc.record({ type: fc.constant('cut' as const), pick: fc.nat(10) }) },
    { weight: 2, arbitrary: fc.record({ type: fc.constant('stall' as const), pick: fc.nat(10) }) },
    { weight: 1, arbitrary: fc.constant({ type: 'outage' as const }) },
    { weight: 2, arbitrary: fc.constant({ type: 'storeBack' as const }) },
    { weight: 1, arbitrary: fc.constant({ type: 'shutdown' as const }) },
    { weight: 3, arbitrary: fc.constant({ type: 'tick' as const }) },
  ];
}

/** Only what a resume survives: pumps, completions, cuts, outages, browser and worker stops. */
const troubleOnly: fc.Arbitrary<Action> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ type: 'pump' as const }) },
  { weight: 4, arbitrary: fc.record({ type: fc.constant('complete' as const), pick: fc.nat(10) }) },
  { weight: 2, arbitrary: stop.map((details) => ({ type: 'stop' as const, ...details })) },
  { weight: 1, arbitrary: fc.constant({ type: 'enqueueAgain' as const }) },
  ...networkTrouble(),
);

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** `firstStop`: the worker that queues the entries is stopped during that call already. */
async function simulate(
  entries: number,
  actions: Action[],
  firstStop: Stop | null = null,
  reconnects = false,
) {
  const world: World = { clock: { now: 1_000_000 }, items: [], twice: [], initiated: 0, reconnects };
  const jobs = memoryJobStore();
  const browser = modelBrowser(world);
  const initiate = modelStore(world);
  const finished: number[] = [];
  let failures = 0;
  const events: QueueEvents = {
    jobFailed: async () => void failures++,
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
        if (item) Object.assign(item, { state: 'complete', bytesReceived: 1000, fileSize: 1000 });
        await onWorker((q) => q.pump());
        break;
      }
      case 'short': {
        // The browser calls it complete, but the file on disk is not what the store announced.
        const item = live()[step.pick % Math.max(1, live().length)];
        if (item) Object.assign(item, { state: 'complete', bytesReceived: 1000, fileSize: 700, short: true });
        await onWorker((q) => q.pump());
        break;
      }
      case 'cut': {
        const item = live()[step.pick % Math.max(1, live().length)];
        if (item)
          Object.assign(item, {
            state: 'interrupted',
            error: 'NETWORK_FAILED',
            canResume: true,
            bytesReceived: 400,
          });
        await onWorker((q) => q.pump());
        break;
      }
      case 'outage':
        world.storeDown = true;
        for (const item of live())
          Object.assign(item, {
            state: 'interrupted',
            error: 'NETWORK_SERVER_DOWN',
            canResume: true,
            bytesReceived: 300,
          });
        await onWorker((q) => q.pump());
        break;
      case 'storeBack':
        world.storeDown = false;
        break;
      case 'refuse':
        // The store goes down between files: the downloads under way had all their bytes.
        world.storeDown = true;
        break;
      case 'shutdown':
        // The browser closes: the worker with it, and every download is left interrupted.
        worker.dieAt = worker.calls;
        for (const item of live())
          Object.assign(item, {
            state: 'interrupted',
            error: 'USER_SHUTDOWN',
            canResume: true,
            bytesReceived: 200,
          });
        await onWorker((q) => q.pump());
        break;
      case 'stall': {
        // The connection dies with nothing reported: the bytes just stop.
        const item = live()[step.pick % Math.max(1, live().length)];
        if (item) item.stalled = true;
        await onWorker((q) => q.pump());
        break;
      }
      case 'tick':
        elapse(world, 3000);
        await onWorker((q) => q.pump());
        break;
      case 'fail': {
        const item = live()[step.pick % Math.max(1, live().length)];
        if (item) Object.assign(item, { state: 'interrupted', error: step.error });
        await onWorker((q) => q.pump());
        break;
      }
      case 'expire':
        elapse(world, linkTtlMs + 1000);
        break;
      case 'alarm':
        elapse(world, startGraceMs + 1000);
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
  world.storeDown = false;
  queue = startWorker();
  await queue.enqueue(newJobs);
  let retried = 0;
  for (let round = 0; round < 100; round++) {
    const { run, jobs: all } = await jobs.read();
    if (run?.status === 'finished' && all.every((job) => job.state === 'done')) break;
    for (const item of world.items)
      if (item.state === 'in_progress')
        Object.assign(item, { state: 'complete', bytesReceived: 1000, fileSize: 1000 });
    world.clock.now += startGraceMs + 1000;
    if (run?.status === 'paused') await queue.control('resume');
    if (all.some((job: DownloadJob) => job.state === 'failed')) {
      retried++;
      await queue.control('retryFailed');
    }
    await queue.pump();
  }
  return { world, state: await jobs.read(), finished, retried, failures };
}

describe('the download queue', () => {
  it('saves every entry exactly once, whatever stops, expiries and failures come in between', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 8 }),
        fc.array(action, { maxLength: 40 }),
        fc.option(stop),
        fc.boolean(),
        async (entries, actions, firstStop, reconnects) => {
          const { world, state, finished } = await simulate(entries, actions, firstStop, reconnects);
          expect(world.twice).toEqual([]);
          for (let entry = 1; entry <= entries; entry++) {
            const saved = world.items.filter(
              (item) => item.entry === entry && item.state === 'complete' && !item.short,
            );
            expect(saved, `entry ${entry}`).toHaveLength(1);
          }
          expect(state.run?.status).toBe('finished');
          expect(state.jobs.map((job) => job.state)).toEqual(Array(entries).fill('done'));
          expect(finished.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);

  it('resumes what a cut, a stall, a store restart or a browser closing broke: no failure, no file twice', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 8 }),
        fc.array(troubleOnly, { maxLength: 40 }),
        fc.boolean(),
        async (entries, actions, reconnects) => {
          const { world, state, retried, failures } = await simulate(entries, actions, null, reconnects);
          // No file failed, nobody pressed "Retry failed", and no entry had two downloads at once:
          // a cut one resumed, a stalled one cancelled before it started again.
          expect(failures).toBe(0);
          expect(retried).toBe(0);
          expect(world.twice).toEqual([]);
          for (let entry = 1; entry <= entries; entry++) {
            const saved = world.items.filter((item) => item.entry === entry && item.state === 'complete');
            expect(saved, `entry ${entry}`).toHaveLength(1);
          }
          expect(state.jobs.map((job) => job.state)).toEqual(Array(entries).fill('done'));
          expect(state.jobs.every((job) => job.bytes === 1000)).toBe(true);
          const cutAfterBytes = world.items.filter((item) => item.canResume).length;
          if (cutAfterBytes > 0) expect(world.resumed).toBeGreaterThan(0);
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);

  it('waits out a store restart mid-run and carries on by itself, resuming the files it cut', async () => {
    // Six files saved and six more under way (their links came in the first batch of linkBatch).
    const down: Action[] = [{ type: 'pump' }];
    for (let pick = 0; pick < 6; pick++) down.push({ type: 'complete', pick: 0 });
    // The store goes down as the next file ends: the one after it has no link yet, and the five
    // under way are cut mid-file. Five passes while it refuses everything, then it is back.
    down.push({ type: 'refuse' }, { type: 'complete', pick: 0 }, { type: 'outage' });
    for (let tick = 0; tick < 5; tick++) down.push({ type: 'tick' });
    down.push({ type: 'storeBack' }, { type: 'tick' }, { type: 'tick' });
    const { world, state, retried, failures } = await simulate(21, down);
    expect(failures).toBe(0);
    expect(retried).toBe(0);
    expect(state.jobs.filter((job) => job.state === 'done')).toHaveLength(21);
    // One browser download per entry: the five cut mid-file were resumed, none started again.
    expect(world.items).toHaveLength(21);
    expect(world.resumed).toBeGreaterThanOrEqual(5);
    expect(state.jobs.filter((job) => (job.resumes ?? 0) > 0)).toHaveLength(5);
  });

  it("counts a file the browser resumed by itself once, and one it resumed at the queue's word once", async () => {
    const { world, state } = await simulate(2, [{ type: 'cut', pick: 0 }, { type: 'tick' }]);
    // The queue resumed the cut file itself (counted then); the browser's event for it adds nothing.
    expect(world.resumed).toBe(1);
    expect(state.jobs.map((job) => job.resumes ?? 0).sort()).toEqual([0, 1]);
  });

  it('counts a download the browser resumed by itself (Chromium after a cut), for the run to say so', async () => {
    const fresh: World = { clock: { now: 0 }, items: [], twice: [], initiated: 0 };
    const store = memoryJobStore();
    const queue = createDownloadQueue({
      jobs: store,
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
    await queue.enqueue([{ downloadId: 1, path: '1.wav', title: 'One' }]);
    await flush();
    const [job] = (await store.read()).jobs;
    await queue.resumed(job?.browserDownloadId as number);
    await queue.resumed(999);
    expect((await queue.progress()).resumed).toBe(1);
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
        for (const item of world.items)
          if (item.state === 'in_progress') Object.assign(item, { state: 'complete', bytesReceived: 1000 });
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
        canResume: false,
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
