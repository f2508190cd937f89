/**
 * `npm run test:e2e`: builds the extension once, checks the Firefox build with Mozilla's linter,
 * then runs the end-to-end tests against the Chromium build. Extra arguments go to vitest.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

function run(command: string, args: string[], options: { capture?: boolean } = {}) {
  const result = spawnSync(bin(command), args, {
    cwd: root,
    stdio: options.capture ? ['ignore', 'pipe', 'inherit'] : 'inherit',
    encoding: 'utf8',
  });
  if (result.status !== 0 && !options.capture) {
    console.error(`\n${command} ${args.join(' ')} failed.`);
    process.exit(result.status ?? 1);
  }
  return result;
}

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromePath)) {
  console.error(
    `The end-to-end tests need Chromium, and it is not at ${chromePath}.\n` +
      'Install it with "apt-get install -y chromium" (Debian/Ubuntu), or set CHROME_PATH to a Chromium binary.',
  );
  process.exit(1);
}

run('wxt', ['build']);
run('wxt', ['build', '-b', 'firefox']);

const lint = run('web-ext', ['lint', '--source-dir', '.output/firefox-mv2', '--output', 'json'], {
  capture: true,
});
const report = JSON.parse(lint.stdout) as {
  summary: { errors: number; warnings: number };
  errors: { code: string; file?: string; message: string }[];
};
if (report.summary.errors > 0) {
  for (const error of report.errors) console.error(`${error.code} ${error.file ?? ''}: ${error.message}`);
  console.error(`\nweb-ext lint found ${report.summary.errors} error(s) in the Firefox build.`);
  process.exit(1);
}
console.log(`web-ext lint: 0 errors, ${report.summary.warnings} warning(s) in the Firefox build.`);

const tests = run('vitest', ['run', '--project', 'e2e', ...process.argv.slice(2)]);
process.exit(tests.status ?? 1);
