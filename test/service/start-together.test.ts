/**
 * Ten `npm run store` processes started at once on one empty database, as an orchestrator starts
 * replicas (issue #45): each migrates, seeds and makes the demo accounts only if no other did, so
 * all ten serve one catalog and none exits. The other service files start their stores one after
 * another, the first seeding before the next begins: none of them meets the race.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Database } from '../../server/db/database.ts';
import { storeNodeArgs } from '../../server/runtime/store-command.ts';
import { freePort } from '../helpers/free-port.ts';
import { type TestDatabase, testDatabase, testEngine } from '../helpers/test-database.ts';

const instances = 10;
// Small: ten processes start on two cores, and the subject is who seeds, not how much.
const scale = 60;

interface Instance {
  port: number;
  child: ChildProcess;
  output: () => string;
  /** The exit code once the process has ended; undefined while it runs. */
  exitCode: () => number | null | undefined;
  exited: Promise<unknown>;
}

const dir = mkdtempSync(join(tmpdir(), 'crate-together-'));
const started: Instance[] = [];
let database: TestDatabase | undefined;

afterAll(async () => {
  for (const instance of started) if (instance.exitCode() === undefined) instance.child.kill('SIGTERM');
  await Promise.all(started.map((instance) => instance.exited));
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

function startInstance(port: number, db: string): Instance {
  const child = spawn(
    process.execPath,
    [...storeNodeArgs, '--port', String(port), '--db', db, '--scale', String(scale), '--track-seconds', '2'],
    // Its own working folder: on PostgreSQL the operator token is kept in ./.data.
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  let code: number | null | undefined;
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) =>
    child.once('exit', (exitCode) => {
      code = exitCode;
      resolve(exitCode);
    }),
  );
  return { port, child, output: () => output, exitCode: () => code, exited };
}

/** Until the instance says it listens, or has ended. */
async function listeningOrEnded(instance: Instance, timeoutMs: number): Promise<void> {
  const since = Date.now();
  while (!instance.output().includes('listening on') && instance.exitCode() === undefined) {
    if (Date.now() - since > timeoutMs) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const count = async (db: Database, table: string) =>
  ((await db.get<{ n: number }>(`SELECT count(*) AS n FROM ${table}`)) as { n: number }).n;

describe(`${instances} store processes started at once on one empty ${testEngine} database`, () => {
  it('all serve, one of them seeded once, none exited', { timeout: 180_000 }, async () => {
    database = await testDatabase(dir);
    const ports = new Set<number>();
    while (ports.size < instances) ports.add(await freePort());
    for (const port of ports) started.push(startInstance(port, database.location));
    await Promise.all(started.map((instance) => listeningOrEnded(instance, 150_000)));

    const report = started.map((instance) => `:${instance.port} ${instance.output().trim()}`).join('\n');
    expect(
      started.map((instance) => instance.exitCode()),
      report,
    ).toEqual(started.map(() => undefined));
    for (const instance of started) {
      const home = await fetch(`http://127.0.0.1:${instance.port}/catalog/3/platform/home`);
      expect(home.status, report).toBe(200);
    }
    const seeded = started.filter((instance) => instance.output().includes('Seeding the demo catalog'));
    expect(seeded, report).toHaveLength(1);

    const db = await Database.open(database.location);
    try {
      expect(await count(db, 'tracks')).toBe(scale);
      // dj2 and demo, and demo's two orders: ensureDemoAccounts ran to the end once.
      expect(await count(db, 'users')).toBe(2);
      expect(await count(db, 'orders')).toBe(2);
    } finally {
      await db.close();
    }
  });
});
