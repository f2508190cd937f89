/**
 * A production install of the store, as an operator makes one: `npm ci --omit=dev` in a copy of
 * what the store runs from (no extension, no dev tools), then `npm run store` on Node 24 alone.
 * It reaches the npm registry, as every install does, so it is not part of `npm test` (whose result
 * must not depend on the network): `npm run test:install`, which .ci/run runs after it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port.ts';

const root = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'crate-production-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// Node 24 first on the PATH, as on a production machine (this one ships Node 20).
const env = { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}` };

describe('a production install of the store', () => {
  it('installs fewer than 200 packages without dev tools, and npm run store serves from it', async () => {
    for (const path of [
      'package.json',
      'package-lock.json',
      'server',
      'lib/contract',
      'lib/dj-formats',
      'scripts/postinstall.ts',
    ]) {
      cpSync(join(root, path), join(dir, path), { recursive: true });
    }
    const install = spawnSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], {
      cwd: dir,
      env,
      encoding: 'utf8',
    });
    expect(install.status, install.stderr).toBe(0);
    const lock = JSON.parse(readFileSync(join(dir, 'node_modules', '.package-lock.json'), 'utf8')) as {
      packages: Record<string, unknown>;
    };
    const installed = Object.keys(lock.packages).filter((path) => path.startsWith('node_modules/'));
    expect(installed.length).toBeLessThan(200);
    expect(installed).not.toContain('node_modules/wxt');
    expect(installed).not.toContain('node_modules/tsx');

    const port = await freePort();
    const store = spawn(
      'npm',
      ['run', 'store', '--', '--port', String(port), '--db', join(dir, 'store.db'), '--scale', '200'],
      {
        cwd: dir,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
        // Its own process group: npm does not pass a SIGTERM on to the store it started.
        detached: true,
      },
    );
    try {
      let output = '';
      store.stdout.on('data', (chunk) => (output += chunk));
      store.stderr.on('data', (chunk) => (output += chunk));
      const started = Date.now();
      while (!output.includes('listening on')) {
        if (Date.now() - started > 30_000 || store.exitCode !== null)
          throw new Error(`The store did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const home = await fetch(`http://127.0.0.1:${port}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('<html');
      const api = await fetch(`http://127.0.0.1:${port}/openapi.json`);
      expect(api.status).toBe(200);
      // A preview is a tagged MP3 made on the first request: the audio and the tag writers load.
      const catalogHome = (await (
        await fetch(`http://127.0.0.1:${port}/catalog/3/platform/home`)
      ).json()) as {
        results: { topTracks: { sampleUrl: string }[] };
      };
      const sample = await fetch(catalogHome.results.topTracks[0]?.sampleUrl as string);
      expect(sample.status, output).toBe(200);
      expect((await sample.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
      expect(store.exitCode, output).toBeNull();
    } finally {
      if (store.pid !== undefined) process.kill(-store.pid, 'SIGTERM');
    }
  }, 180_000);
});
