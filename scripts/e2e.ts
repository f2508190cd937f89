/**
 * `npm run test:e2e`: builds the extension once per browser, both at once, as the store packages
 * (`npm run zip`, `zip:firefox`: CRATE_PACKAGE=store wxt zip), checks the Firefox package with
 * Mozilla's linter (any error or warning fails), then runs the end-to-end tests: Chromium with
 * .output/chrome-mv3, Firefox ESR with .output/firefox-mv3, and test/e2e/packages.test.ts on the
 * packages. The tested builds are the packages' own files, with the pinned id (`key`) the test
 * store's redirect URI needs added to Chromium's manifest: what is tested is what ships, and nothing
 * is built twice. Extra arguments go to vitest.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { extensionPublicKey } from '../lib/contract/extension-identity.ts';
import { buildProblems } from './build-check.ts';

const root = join(import.meta.dirname, '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

const browsers = [
  {
    name: 'Chromium',
    path: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    variable: 'CHROME_PATH',
    apt: 'chromium',
  },
  {
    name: 'Firefox',
    path: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
    variable: 'FIREFOX_PATH',
    apt: 'firefox-esr',
  },
];
for (const { name, path, variable, apt } of browsers) {
  if (existsSync(path)) continue;
  console.error(
    `The end-to-end tests need ${name}, and it is not at ${path}.\n` +
      `Install it with "apt-get install -y ${apt}" (Debian/Ubuntu), or set ${variable} to its binary.`,
  );
  process.exit(1);
}

/**
 * Runs a command with its output held and printed when it ends (two at once would interleave),
 * and how long it took; a failure stops the run.
 */
function runHeld(
  what: string,
  command: string,
  args: string[],
  { env = {}, mayFail = false }: { env?: Record<string, string>; mayFail?: boolean } = {},
) {
  const started = performance.now();
  return new Promise<string>((resolve) => {
    const child = spawn(bin(command), args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
      output += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.on('close', (code) => {
      if (code !== 0 && !mayFail) {
        process.stdout.write(output);
        console.error(`\n${command} ${args.join(' ')} failed.`);
        process.exit(code ?? 1);
      }
      console.log(`${what}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
      resolve(stdout);
    });
  });
}

// The two packages side by side (one build leaves part of the second core idle), and Mozilla's
// linter on the Firefox package as soon as it is made: 20 s to 13 s before the first test.
const [, lintOutput] = await Promise.all([
  runHeld('wxt zip (Chrome Web Store package)', 'wxt', ['zip'], { env: { CRATE_PACKAGE: 'store' } }),
  runHeld('wxt zip -b firefox (addons.mozilla.org package)', 'wxt', ['zip', '-b', 'firefox'], {
    env: { CRATE_PACKAGE: 'store' },
  }).then(() =>
    // Findings make it exit non-zero: its JSON report is read below either way.
    runHeld(
      'web-ext lint',
      'web-ext',
      ['lint', '--source-dir', '.output/firefox-mv3-store', '--output', 'json'],
      {
        mayFail: true,
      },
    ),
  ),
]);

/** The tested build: the package's files, Chromium's manifest with the pinned id (`wxt build` adds the same `key`). */
function testedBuildOf(packaged: string, tested: string, key?: string) {
  const from = join(root, '.output', packaged);
  const to = join(root, '.output', tested);
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
  if (!key) return;
  const manifest = JSON.parse(readFileSync(join(to, 'manifest.json'), 'utf8'));
  writeFileSync(join(to, 'manifest.json'), JSON.stringify({ ...manifest, key }));
}
const patched = ['chrome-mv3-store', 'firefox-mv3-store'].flatMap((dir) =>
  buildProblems(join(root, '.output', dir)),
);
if (patched.length > 0) {
  for (const problem of patched) console.error(problem);
  console.error('\nThe build patches in wxt.config.ts did not apply: see scripts/build-check.ts.');
  process.exit(1);
}
console.log("Build check: the content script's words come from page-i18n.ts, Preact has no HTML sink.");

testedBuildOf('chrome-mv3-store', 'chrome-mv3', extensionPublicKey);
testedBuildOf('firefox-mv3-store', 'firefox-mv3');

const report = JSON.parse(lintOutput) as {
  summary: { errors: number; warnings: number };
  errors: LintMessage[];
  warnings: LintMessage[];
};
interface LintMessage {
  code: string;
  file?: string;
  line?: number;
  message: string;
}
// A warning is what addons.mozilla.org's review would ask about: it fails the run like an error.
const findings = [...report.errors, ...report.warnings];
if (findings.length > 0) {
  for (const { code, file, line, message } of findings) {
    console.error(`${code} ${file ?? ''}${line ? `:${line}` : ''}: ${message}`);
  }
  console.error(
    `\nweb-ext lint found ${report.summary.errors} error(s) and ${report.summary.warnings} warning(s) in the Firefox package.`,
  );
  process.exit(1);
}
console.log('web-ext lint: 0 errors, 0 warnings in the Firefox package.');

const tests = spawnSync(bin('vitest'), ['run', '--project', 'e2e', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(tests.status ?? 1);
