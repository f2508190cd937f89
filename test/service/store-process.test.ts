import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { storeNodeArgs } from '../../server/runtime/store-command.ts';
import { freePort } from '../helpers/free-port.ts';

/** `npm run store` as a person runs it: flags, the printed URL, seeding, and a clean stop. */

const dir = mkdtempSync(join(tmpdir(), 'crate-process-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function startStore(args: string[]): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, [...storeNodeArgs, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(output: () => string, text: string, timeoutMs = 20_000) {
  const started = Date.now();
  while (!output().includes(text)) {
    if (Date.now() - started > timeoutMs) throw new Error(`"${text}" never appeared in:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the store process', () => {
  it('seeds on first start, prints its URL, serves, and checkpoints the WAL on SIGTERM', async () => {
    const port = await freePort();
    const db = join(dir, 'store.db');
    const store = startStore(['--port', String(port), '--db', db, '--scale', '300']);
    await waitFor(store.output, `listening on http://127.0.0.1:${port}`);
    expect(store.output()).toMatch(/Seeded \d+ tracks/);
    const response = await fetch(`http://127.0.0.1:${port}/catalog/3/platform/home`);
    expect(response.status).toBe(200);

    store.child.kill('SIGTERM');
    expect(await store.exited).toBe(0);
    expect(!existsSync(`${db}-wal`) || statSync(`${db}-wal`).size === 0).toBe(true);
    const reopened = new DatabaseSync(db, { readOnly: true });
    expect((reopened.prepare('SELECT count(*) AS n FROM tracks').get() as { n: number }).n).toBeGreaterThan(
      0,
    );
    reopened.close();

    // A second start reuses the database instead of seeding again.
    const again = startStore(['--port', String(port), '--db', db]);
    await waitFor(again.output, 'listening on');
    expect(again.output()).not.toMatch(/Seeding/);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  });

  it('waits for a file being sent when stopped, and stops at once when asked again', async () => {
    const port = await freePort();
    const db = join(dir, 'stopped-twice.db');
    // Every file response waits a minute before its headers: one is under way when the store is stopped.
    const store = startStore([
      '--port',
      String(port),
      '--db',
      db,
      '--scale',
      '60',
      '--files-latency-ms',
      '60000',
    ]);
    await waitFor(store.output, 'listening on');
    const waiting = connect(port, '127.0.0.1');
    waiting.on('error', () => {});
    waiting.write(`GET /samples/1.mp3 HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n\r\n`);
    // Answered on another connection: the store has read the request above by then.
    expect((await fetch(`http://127.0.0.1:${port}/catalog/3/platform/home`)).status).toBe(200);

    // One Ctrl-C arrives two or three times at once (terminal, npm, npm start): still one request.
    store.child.kill('SIGTERM');
    store.child.kill('SIGINT');
    await waitFor(store.output, 'closing the store');
    // Past the second in which repeats are the same request (server/main.ts).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(store.child.exitCode).toBeNull();
    store.child.kill('SIGTERM');
    expect(await store.exited).toBe(143);
    expect(store.output()).toContain('SIGTERM again: stopping now.');
    waiting.destroy();
  });

  it('stops with one line and no stack trace when the database cannot be used', async () => {
    const db = join(dir, 'not-a-database.db');
    writeFileSync(db, 'not a SQLite file, but not empty either\n'.repeat(100));
    const store = startStore(['--port', String(await freePort()), '--db', db]);
    expect(await store.exited).toBe(1);
    expect(store.output().trim()).toBe('The store could not start: file is not a database');
  });

  it.each([
    [['--port', 'abc'], '--port must be a positive whole number'],
    [['--port', '70000'], '--port must be at most 65535'],
    [['--scale', '0'], '--scale must be a positive whole number'],
    [['--colour', 'red'], "Unknown option '--colour'"],
    [['--trust-proxy', '10.0.0.1,proxy.local'], '--trust-proxy: "proxy.local" is not an address'],
    [['--files-kbps', '1.5'], '--files-kbps must be a whole number'],
    [['--files-cut-after-bytes', 'half'], '--files-cut-after-bytes must be a whole number'],
    [['--track-seconds', '0'], '--track-seconds must be a positive whole number'],
  ])('refuses %j with a usage message', async (args, message) => {
    const store = startStore(args);
    expect(await store.exited).toBe(2);
    expect(store.output()).toContain(message);
    expect(store.output()).toContain('Usage: npm run store');
  });
});
