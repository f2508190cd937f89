/**
 * `npm run test:e2e`: builds the extension once per browser (wxt build) and packs the store packages
 * (`npm run zip`, `zip:firefox`: CRATE_PACKAGE=store wxt zip), checks the Firefox package with Mozilla's
 * linter (any error or warning fails), then runs the end-to-end tests: Chromium with
 * .output/chrome-mv3, Firefox ESR with .output/firefox-mv3, and test/e2e/packages.test.ts on the
 * packages. Extra arguments go to vitest.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

function run(
  command: string,
  args: string[],
  options: { capture?: boolean; env?: Record<string, string> } = {},
) {
  const result = spawnSync(bin(command), args, {
    cwd: root,
    env: { ...process.env, ...options.env },
    stdio: options.capture ? ['ignore', 'pipe', 'inherit'] : 'inherit',
    encoding: 'utf8',
  });
  if (result.status !== 0 && !options.capture) {
    console.error(`\n${command} ${args.join(' ')} failed.`);
    process.exit(result.status ?? 1);
  }
  return result;
}

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

// The tested builds pin the extension id (`key`) so the test store's registered redirect URI fits;
// the store packages differ from them only there (test/e2e/packages.test.ts compares the two).
run('wxt', ['build']);
run('wxt', ['build', '-b', 'firefox']);
run('wxt', ['zip'], { env: { CRATE_PACKAGE: 'store' } });
run('wxt', ['zip', '-b', 'firefox'], { env: { CRATE_PACKAGE: 'store' } });

const lint = run('web-ext', ['lint', '--source-dir', '.output/firefox-mv3-store', '--output', 'json'], {
  capture: true,
});
const report = JSON.parse(lint.stdout) as {
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

const tests = run('vitest', ['run', '--project', 'e2e', ...process.argv.slice(2)]);
process.exit(tests.status ?? 1);
