/**
 * The store packages `npm run test:e2e` makes with `npm run zip` and `npm run zip:firefox` (CRATE_PACKAGE=store
 * wxt zip): what the Chrome Web Store and addons.mozilla.org accept (no `key`, minimum browser
 * versions, host permissions for the build's store only), and the AMO sources archive rebuilds the
 * Firefox package byte for byte (what AMO's reviewers do with it), without local data, build output
 * or dependencies in it.
 */

import { spawnSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const output = join(root, '.output');
const { name, version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
};
const temporary: string[] = [];

afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

async function open(file: string): Promise<JSZip> {
  const path = join(output, file);
  try {
    return await JSZip.loadAsync(readFileSync(path));
  } catch (error) {
    throw new Error(`No package at ${path}: "npm run test:e2e" makes it with wxt zip.`, { cause: error });
  }
}

const filesOf = (zip: JSZip) =>
  Object.values(zip.files)
    .filter((entry) => !entry.dir)
    .map((entry) => entry.name)
    .sort();

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

async function manifestOf(zip: JSZip): Promise<Record<string, unknown>> {
  return JSON.parse((await zip.file('manifest.json')?.async('string')) ?? '{}');
}

const loopbackMatches = ['http://127.0.0.1/*', 'http://localhost/*'];

let sourcesDir: Promise<string> | undefined;
/** The AMO sources archive unpacked once, as a reviewer would, with this checkout's dependencies. */
function extractedSources(): Promise<string> {
  sourcesDir ??= (async () => {
    const sources = await open(`${name}-${version}-sources.zip`);
    const dir = mkdtempSync(join(tmpdir(), 'crate-sources-'));
    temporary.push(dir);
    for (const file of filesOf(sources)) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), await (sources.file(file) as JSZip.JSZipObject).async('nodebuffer'));
    }
    // The reviewer's `npm ci`, borrowed: the same locked dependencies this checkout has.
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    return dir;
  })();
  return sourcesDir;
}

/** A store package built in `dir` as a reviewer would: without the test runner's NODE_ENV and VITEST*. */
function buildIn(dir: string, args: string[], variables: Record<string, string> = {}) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => key !== 'NODE_ENV' && !key.startsWith('VITEST')),
  );
  return spawnSync(join(dir, 'node_modules', '.bin', 'wxt'), ['build', ...args], {
    cwd: dir,
    env: { ...env, CRATE_PACKAGE: 'store', ...variables },
    encoding: 'utf8',
  });
}

describe('store packages', () => {
  it('the Chrome Web Store package carries no key, a minimum Chrome and the demo store only', async () => {
    const zip = await open(`${name}-${version}-chrome.zip`);
    expect(filesOf(zip)).toEqual(filesUnder(join(output, 'chrome-mv3-store')));
    const manifest = await manifestOf(zip);
    expect(manifest).toMatchObject({
      manifest_version: 3,
      name: '__MSG_extName__',
      default_locale: 'en',
      version,
      minimum_chrome_version: '120',
      host_permissions: loopbackMatches,
    });
    expect(manifest).not.toHaveProperty('key');
    // The tested build pins the id the test store registered; it differs from the package there only.
    expect(filesOf(zip)).toEqual(filesUnder(join(output, 'chrome-mv3')));
    for (const file of filesOf(zip).filter((file) => file !== 'manifest.json')) {
      const packaged = await (zip.file(file) as JSZip.JSZipObject).async('nodebuffer');
      expect(readFileSync(join(output, 'chrome-mv3', file)).equals(packaged), file).toBe(true);
    }
    const tested = JSON.parse(readFileSync(join(output, 'chrome-mv3', 'manifest.json'), 'utf8'));
    expect(tested.key).toEqual(expect.any(String));
    const { key: _pinned, ...testedWithoutKey } = tested;
    expect(manifest).toEqual(testedWithoutKey);
  });

  it('the addons.mozilla.org package has its add-on id and minimum Firefox', async () => {
    const zip = await open(`${name}-${version}-firefox.zip`);
    expect(filesOf(zip)).toEqual(filesUnder(join(output, 'firefox-mv3-store')));
    const manifest = await manifestOf(zip);
    expect(manifest).toMatchObject({
      manifest_version: 3,
      version,
      host_permissions: loopbackMatches,
      browser_specific_settings: { gecko: { id: 'crate@crate-extension.org', strict_min_version: '140.0' } },
    });
    expect(manifest).toEqual(JSON.parse(readFileSync(join(output, 'firefox-mv3', 'manifest.json'), 'utf8')));
  });

  it('the AMO sources archive holds the sources only, and rebuilds the Firefox package exactly', async () => {
    const sources = await open(`${name}-${version}-sources.zip`);
    const files = filesOf(sources);
    for (const needed of ['package.json', 'package-lock.json', 'wxt.config.ts', 'README.md']) {
      expect(files).toContain(needed);
    }
    expect(files.filter((file) => /(^|\/)(node_modules|\.output|\.wxt|\.data)\/|\.db$/.test(file))).toEqual(
      [],
    );

    const dir = await extractedSources();
    const build = buildIn(dir, ['-b', 'firefox']);
    expect(build.status, build.stderr).toBe(0);

    const firefox = await open(`${name}-${version}-firefox.zip`);
    const rebuilt = join(dir, '.output', 'firefox-mv3-store');
    expect(filesUnder(rebuilt)).toEqual(filesOf(firefox));
    for (const file of filesOf(firefox)) {
      const packaged = await (firefox.file(file) as JSZip.JSZipObject).async('nodebuffer');
      expect(readFileSync(join(rebuilt, file)).equals(packaged), file).toBe(true);
    }
  });

  it('a package for another store asks for that store alone and starts with its address', async () => {
    const dir = await extractedSources();
    const refused = buildIn(dir, [], { CRATE_STORE_URL: 'http://shop.example.com' });
    expect(refused.status).not.toBe(0);
    expect(refused.stderr + refused.stdout).toContain('CRATE_STORE_URL must use https');

    const built = buildIn(dir, [], { CRATE_STORE_URL: 'https://shop.example.com' });
    expect(built.status, built.stderr).toBe(0);
    const packaged = join(dir, '.output', 'chrome-mv3-store');
    const manifest = JSON.parse(readFileSync(join(packaged, 'manifest.json'), 'utf8'));
    expect(manifest.host_permissions).toEqual(['https://shop.example.com/*']);
    expect(manifest.content_scripts.map((script: { matches: string[] }) => script.matches)).toEqual([
      ['https://shop.example.com/*'],
    ]);
    expect(readFileSync(join(packaged, 'background.js'), 'utf8')).toContain('https://shop.example.com');
  });
});
