import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { storeNodeArgs } from '../../server/runtime/store-command.ts';
import { freePort } from './free-port.ts';

/**
 * Many full-length downloads at once against `npm run store` in its own process, and that process's
 * resident memory meanwhile: what the file-serving service test and bench measure.
 */

export interface StoreChild {
  child: ChildProcess;
  origin: string;
  stop(): Promise<void>;
}

/** `npm run store` on an existing database (seeded already), listening on a free port. */
export async function spawnStore(db: string, args: string[] = []): Promise<StoreChild> {
  const port = await freePort();
  const child = spawn(process.execPath, [...storeNodeArgs, '--db', db, '--port', String(port), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const started = Date.now();
  while (!output.includes('listening on')) {
    if (child.exitCode !== null || Date.now() - started > 60_000) {
      child.kill();
      throw new Error(`The store did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    child,
    origin: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A process's resident memory now, in bytes (Linux). */
export function residentBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0) * 1024;
}

/**
 * One download read to its end (or its first `readBytes`, then the connection closed) and dropped:
 * the bytes read, and whether they arrived whole.
 */
function drain(
  url: string,
  headers: Record<string, string>,
  readBytes = Number.POSITIVE_INFINITY,
): Promise<{ bytes: number; complete: boolean }> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false, headers }, (response) => {
      let bytes = 0;
      const expected = Math.min(readBytes, Number(response.headers['content-length']));
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes >= readBytes) response.destroy();
      });
      response.on('error', () => {});
      response.on('close', () =>
        resolve({
          bytes,
          complete: response.statusCode === (headers.range ? 206 : 200) && bytes >= expected,
        }),
      );
    }).on('error', reject);
  });
}

export interface LoadResult {
  downloads: number;
  incomplete: number;
  bytes: number;
  seconds: number;
  /** The highest resident memory of the store seen while they ran, sampled every 20 ms. */
  peakResidentBytes: number;
}

/**
 * Every URL downloaded once (or its first `readBytes`), `concurrency` at a time, with the store's
 * memory watched meanwhile.
 */
export async function downloadConcurrently(
  urls: string[],
  concurrency: number,
  pid: number,
  { headers = {}, readBytes }: { headers?: Record<string, string>; readBytes?: number } = {},
): Promise<LoadResult> {
  let peak = residentBytes(pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentBytes(pid));
  }, 20);
  const started = performance.now();
  const queue = [...urls];
  let bytes = 0;
  let incomplete = 0;
  try {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let url = queue.shift(); url; url = queue.shift()) {
          const result = await drain(url, headers, readBytes);
          bytes += result.bytes;
          if (!result.complete) incomplete++;
        }
      }),
    );
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, residentBytes(pid));
  return {
    downloads: urls.length,
    incomplete,
    bytes,
    seconds: (performance.now() - started) / 1000,
    peakResidentBytes: peak,
  };
}
