/**
 * `npm start`: the local store (seeded on its first run), a fresh build of the extension, and
 * Chromium with the extension loaded, at the store's home page, ready to sign in as demo/demo.
 * Without a display it starts the store, builds, and says how to load the extension by hand.
 * Ctrl-C stops everything it started.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { storeNodeArgs } from '../server/runtime/store-command.ts';

const root = join(import.meta.dirname, '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
// The extension's default store (lib/storage/items.ts): no options to change before signing in.
const storeUrl = 'http://127.0.0.1:8787';
const extensionPath = join(root, '.output', 'chrome-mv3');
const profilePath = join(root, '.data', 'chromium-profile');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const running = new Set<ChildProcess>();
let stopping = false;

function start(command: string, args: string[]): ChildProcess {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
  running.add(child);
  child.on('exit', () => running.delete(child));
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<number>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code ?? 1));
  });

async function stopAll(code: number): Promise<never> {
  stopping = true;
  const children = [...running];
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map(exited));
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    console.log('\nStopping...');
    void stopAll(0);
  });
}

async function storeAnswers(): Promise<boolean> {
  try {
    const response = await fetch(`${storeUrl}/.well-known/oauth-authorization-server`, {
      signal: AbortSignal.timeout(1000),
    });
    return response.ok;
  } catch {
    return false;
  }
}

async function startStore(): Promise<void> {
  if (await storeAnswers()) {
    console.log(`A store already answers at ${storeUrl}; using it.`);
    return;
  }
  const store = start(process.execPath, storeNodeArgs);
  // Seeding the demo catalog on a first run takes a few seconds.
  for (let waited = 0; waited < 120_000; waited += 250) {
    if (store.exitCode !== null) throw new Error('The store stopped while starting (see above).');
    if (await storeAnswers()) return;
    await sleep(250);
  }
  throw new Error(`The store did not answer at ${storeUrl} within two minutes.`);
}

async function buildExtension(): Promise<void> {
  const code = await exited(start(bin('wxt'), ['build']));
  if (code !== 0) throw new Error('The extension build failed (see above).');
}

const hasDisplay = Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);

try {
  await Promise.all([startStore(), buildExtension()]);
} catch (error) {
  console.error(`\n${(error as Error).message}`);
  await stopAll(1);
}

if (!hasDisplay || !existsSync(chromePath)) {
  console.log(`
The store is running at ${storeUrl} (sign in as demo / demo).
${hasDisplay ? `Chromium is not at ${chromePath} (install it with "apt-get install -y chromium", or set CHROME_PATH).` : 'There is no display to open Chromium on.'}
To use the extension, load it unpacked:
  1. open chrome://extensions in Chromium or Chrome and turn on "Developer mode";
  2. click "Load unpacked" and choose ${extensionPath}
  3. click the Crate button in the toolbar and sign in as demo / demo.
Press Ctrl-C to stop the store.`);
} else {
  mkdirSync(profilePath, { recursive: true });
  console.log(
    `Opening Chromium with Crate loaded (profile: ${profilePath}). Close it or press Ctrl-C to stop.`,
  );
  const chromium = start(chromePath, [
    `--user-data-dir=${profilePath}`,
    `--load-extension=${extensionPath}`,
    '--no-first-run',
    '--no-default-browser-check',
    // Chromium refuses to start as root with its sandbox on (containers, CI machines).
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    `${storeUrl}/`,
  ]);
  void exited(chromium).then(() => {
    if (!stopping) void stopAll(0);
  });
}
