import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing';
import { e2eWorkers } from './test/e2e/e2e-workers.ts';
import { LongestFirst } from './test/e2e/longest-first.ts';
import { bothEngines } from './test/service/engines.ts';

// vitest's default is one worker less than the cores: one worker on a 2-core machine, and half the
// machine idle while a file waits on a store, a child process or PostgreSQL.
const fileWorkers = 2;

export default defineConfig({
  test: {
    // The longest e2e files start first (the others, and every other project, keep vitest's order).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        plugins: [WxtVitest(), preact()],
        resolve: {
          alias: [
            {
              find: /^@sqlite\.org\/sqlite-wasm\/sqlite3\.wasm\?url$/,
              replacement: fileURLToPath(new URL('./test/helpers/sqlite-wasm-file.ts', import.meta.url)),
            },
          ],
        },
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          // Threads start faster than forks: a third off the unit stage, nothing here needs a process.
          pool: 'threads',
          maxWorkers: fileWorkers,
          // A worker's files share its modules: a third of the stage was each file importing the
          // same graph again. setup.ts resets the fake browser before every test; the suite passes
          // in shuffled file orders (--sequence.shuffle.files), which is how to look for a leak.
          isolate: false,
          // A DOM costs each file a fresh happy-dom: only the files that render, read the page or
          // parse XML ask for one (`// @vitest-environment happy-dom` on their first line).
          environment: 'node',
          setupFiles: ['test/unit/setup.ts'],
          // npm test runs the static checks beside this stage: a property run that takes 2.5 s
          // alone must not meet vitest's 5 s default on a loaded machine.
          testTimeout: 15_000,
        },
      },
      {
        // WxtVitest: drift.test.ts runs the extension's client (its words through #i18n) against the store.
        plugins: [WxtVitest()],
        test: {
          name: 'service',
          include: ['test/service/**/*.test.{ts,tsx}'],
          maxWorkers: fileWorkers,
          environment: 'node',
          setupFiles: ['test/helpers/extension-english.ts'],
          // A worker's files share its modules, as the unit files do: each file importing the
          // store again was an eighth of the stage. Each file starts stores of its own; what the
          // process keeps (made audio, the worker threads) is keyed by content, and
          // test/helpers/test-database.ts reads the engine from the project's env.
          isolate: false,
          // npm test runs these beside the e2e files, at a lower priority (scripts/test.ts): a
          // file-making test that takes 5 s alone took 19 there. Timeouts catch a hang, not a pace.
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The files whose subject is the database, on PostgreSQL (test/service/engines.ts says
        // which and why): a throwaway cluster, a database per test store.
        plugins: [WxtVitest()],
        test: {
          name: 'service-postgres',
          include: bothEngines.map((name) => `test/service/${name}.test.ts`),
          maxWorkers: fileWorkers,
          environment: 'node',
          setupFiles: ['test/helpers/extension-english.ts'],
          isolate: false,
          testTimeout: 90_000,
          hookTimeout: 120_000,
          globalSetup: ['test/service/postgres-setup.ts'],
          env: { CRATE_TEST_ENGINE: 'postgres' },
        },
      },
      {
        // Not in npm test (npm run test:install, which .ci/run runs after it): it reaches the registry.
        test: {
          name: 'install',
          include: ['test/install/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
        },
      },
      {
        // Opt-in (npm run test:mixxx): Debian's Mixxx 2.3 under Xvfb reads the store's files.
        test: {
          name: 'mixxx',
          include: ['test/mixxx/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: e2eWorkers,
          // Each file keeps a module graph of its own (vitest's default). Sharing the worker's modules
          // saved 8 s of the stage (268 s to 260 s), but a CI run with it failed usb-stick-export and
          // the cause was never found: a failure we cannot explain costs more than 8 s (#47).
          // A browser's answer on a loaded machine (three files at once): expect.poll's 1 s is too short.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
