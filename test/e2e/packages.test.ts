/**
 * The store packages `npm run test:e2e` builds with `wxt zip` and `wxt zip -b firefox`: the Chrome
 * Web Store package and the addons.mozilla.org package are the extensions the other files test,
 * and the AMO sources archive rebuilds the Firefox package byte for byte (what AMO's reviewers do
 * with it), without local data, build output or dependencies in it.
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

describe('store packages', () => {
  it('the Chrome Web Store package is the tested MV3 build', async () => {
    const zip = await open(`${name}-${version}-chrome.zip`);
    expect(filesOf(zip)).toEqual(filesUnder(join(output, 'chrome-mv3')));
    const manifest = await manifestOf(zip);
    expect(manifest).toMatchObject({ manifest_version: 3, name: 'Crate', version });
    expect(manifest.key).toEqual(expect.any(String));
  });

  it('the addons.mozilla.org package is the tested MV3 build, with its add-on id', async () => {
    const zip = await open(`${name}-${version}-firefox.zip`);
    expect(filesOf(zip)).toEqual(filesUnder(join(output, 'firefox-mv3')));
    expect(await manifestOf(zip)).toMatchObject({
      manifest_version: 3,
      version,
      browser_specific_settings: { gecko: { id: 'crate@crate-extension.org' } },
    });
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

    const dir = mkdtempSync(join(tmpdir(), 'crate-sources-'));
    temporary.push(dir);
    for (const file of files) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), await (sources.file(file) as JSZip.JSZipObject).async('nodebuffer'));
    }
    // The reviewer's `npm ci`, borrowed: the same locked dependencies this checkout has.
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    // Built as a reviewer would: without the test runner's NODE_ENV=test and VITEST* variables.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([key]) => key !== 'NODE_ENV' && !key.startsWith('VITEST')),
    );
    const build = spawnSync(join(dir, 'node_modules', '.bin', 'wxt'), ['build', '-b', 'firefox'], {
      cwd: dir,
      env,
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);

    const firefox = await open(`${name}-${version}-firefox.zip`);
    const rebuilt = join(dir, '.output', 'firefox-mv3');
    expect(filesUnder(rebuilt)).toEqual(filesOf(firefox));
    for (const file of filesOf(firefox)) {
      const packaged = await (firefox.file(file) as JSZip.JSZipObject).async('nodebuffer');
      expect(readFileSync(join(rebuilt, file)).equals(packaged), file).toBe(true);
    }
  });
});
