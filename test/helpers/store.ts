import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppOptions, buildApp, type StoreApp } from '../../server/app.ts';
import { ensureDemoAccounts, generateCatalog } from '../../server/seed/generate.ts';
import { freePort } from './free-port.ts';
import { testDatabase } from './test-database.ts';

/**
 * The scrypt cost of the test stores' accounts: the same hashing code as OWASP's floor, at a cost
 * that makes a sign-in 1 ms instead of 0.2 s (every test store has two accounts, the suite signs in
 * hundreds of times). test/unit/server/accounts keeps the store's own cost at the floor.
 */
export const testPasswordCost = { N: 2 ** 10, r: 8, p: 1 };

export interface TestStore extends StoreApp {
  dir: string;
  /** A SQLite file, or a postgres:// URL when the suite runs on PostgreSQL. */
  dbPath: string;
  /** The store's origin (config.baseUrl); it answers there when started with `listen: true`. */
  baseUrl: string;
  /** Where this instance listens: baseUrl, unless it shares another instance's store. */
  listenUrl: string;
  close(): Promise<void>;
}

/**
 * Runs a step of a test store's close, saying on standard error which one is still running after
 * 20 s: a close that hangs then names its cause in the run's log, not only the hook's timeout.
 */
async function slowStepSaid(step: string, run: () => Promise<unknown>): Promise<void> {
  const slow = setTimeout(
    () => console.error(`A test store's close: ${step} still runs after 20 s.`),
    20_000,
  );
  try {
    await run();
  } finally {
    clearTimeout(slow);
  }
}

/**
 * A real store on a fresh database (a SQLite file in a temp folder, or a new database in the
 * suite's PostgreSQL cluster: test-database.ts), seeded with a small deterministic catalog.
 * With `listen: true` it also listens on a free port of 127.0.0.1, with baseUrl (the OAuth issuer)
 * set to that origin before the app is built.
 */
export async function startTestStore(
  options: {
    scale?: number;
    /** Every track this many seconds long, for tests whose subject is not a file's length (generate.ts). */
    trackSeconds?: number;
    config?: AppOptions['config'];
    seed?: boolean;
    listen?: boolean;
    /** Another instance on that store's database (not seeded, not dropped by close), with its baseUrl. */
    sharing?: TestStore;
  } & Pick<AppOptions, 'trustProxy' | 'logLevel' | 'logStream' | 'dbOptions' | 'closeGraceMs'> = {},
): Promise<TestStore> {
  const dir = mkdtempSync(join(tmpdir(), 'crate-store-'));
  const { sharing } = options;
  const database = sharing ? { location: sharing.dbPath, drop: async () => {} } : await testDatabase(dir);
  const dbPath = database.location;
  const port = options.listen ? await freePort() : undefined;
  const ownUrl = port ? { baseUrl: `http://127.0.0.1:${port}` } : {};
  const config = {
    passwordCost: testPasswordCost,
    ...options.config,
    ...(sharing ? { baseUrl: sharing.baseUrl } : ownUrl),
  };
  const { trustProxy, logLevel, logStream, dbOptions } = options;
  // A test that leaves a body unread costs the run 2 s at its close, not the store's 10.
  const closeGraceMs = options.closeGraceMs ?? 2000;
  const store = await buildApp({ dbPath, dbOptions, config, trustProxy, logLevel, logStream, closeGraceMs });
  if (options.seed !== false && !sharing) {
    await generateCatalog(store.ctx.db, { scale: options.scale ?? 300, trackSeconds: options.trackSeconds });
    await ensureDemoAccounts(store.ctx.db, store.ctx.config);
  }
  if (port) await store.app.listen({ port, host: '127.0.0.1' });
  return {
    ...store,
    dir,
    dbPath,
    baseUrl: store.ctx.config.baseUrl,
    listenUrl: port ? `http://127.0.0.1:${port}` : store.ctx.config.baseUrl,
    async close() {
      await slowStepSaid('the store closing', () => store.app.close());
      await slowStepSaid('its database dropped', () => database.drop());
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
