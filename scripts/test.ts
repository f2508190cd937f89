/**
 * `npm test`: the static checks and the unit tests side by side, then service and end-to-end tests,
 * in that order, stopping after the first group that fails. At the end it prints each stage's time,
 * and the tests counted over all stages as one line ("N passed, N failed, N skipped") that CI reads.
 */
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';

interface Stage {
  name: string;
  script: string;
  /** A niceness for the stage's processes: it takes the cores the others leave idle. */
  nice?: number;
}

/**
 * Stages run one group after another, the stages of a group at once: the first one's output as it
 * comes, the others' as each ends.
 */
const groups: Stage[][] = [
  // Beside the unit tests: each static check is one process, and the type check ran alone on one
  // core for half of its 14 s while the other stood idle. The unit tests use fake clocks: the load
  // slows them (vitest.config.ts gives them 15 s) but does not change their results.
  [
    { name: 'unit', script: 'test:unit' },
    { name: 'type check', script: 'typecheck' },
    { name: 'biome', script: 'lint' },
    { name: 'knip', script: 'lint:unused' },
    { name: 'structure', script: 'lint:structure' },
  ],
  // Alone: ten store processes starting at once fill both cores.
  [{ name: 'service: ten stores started at once', script: 'test:service:start-together' }],
  // Side by side: the end-to-end files keep about 1.3 cores of two busy (a browser waits on the
  // store, a page, a shaped network or a timer), and the service files, niced, take the rest
  // without slowing the e2e files, the longer stage. No service file asserts how fast the machine
  // is any more (audio-work.test.ts counts the pages answered while a file is made, not the event
  // loop's pauses), which is what failed when they first ran side by side.
  [
    { name: 'end to end (Chromium, Firefox)', script: 'test:e2e' },
    { name: 'service (SQLite, PostgreSQL)', script: 'test:service', nice: 5 },
  ],
];

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

// vitest's summary line, e.g. "Tests  12 failed | 740 passed | 7 skipped (759)", without colours.
const summaryLine = /^\s*Tests\s+(.*)\(\d+\)\s*$/;

function countsIn(output: string): Counts {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const line of stripVTControlCharacters(output).split('\n')) {
    const summary = summaryLine.exec(line)?.[1];
    if (!summary) continue;
    for (const part of summary.split('|')) {
      const [, count, kind] = /(\d+)\s+(passed|failed|skipped|todo)/.exec(part) ?? [];
      if (kind === 'passed' || kind === 'failed') counts[kind] += Number(count);
      else if (kind) counts.skipped += Number(count);
    }
  }
  return counts;
}

/** Runs a stage; its output goes to ours as it comes (`live`), or all at once when it ends. */
function run(stage: Stage, live: boolean): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const npm = ['npm', 'run', '--silent', stage.script];
    const [command, ...args] = stage.nice === undefined ? npm : ['nice', '-n', String(stage.nice), ...npm];
    const child = spawn(command as string, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let held = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (live) process.stdout.write(chunk);
      else held += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (live) process.stderr.write(chunk);
      else held += chunk.toString();
    });
    child.on('close', (code) => {
      process.stdout.write(held);
      resolve({ code: code ?? 1, output });
    });
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
const times: { name: string; ms: number; code: number }[] = [];
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const started = performance.now();
let failed = false;
for (const group of groups) {
  const ended = await Promise.all(
    group.map(async (stage) => {
      const at = performance.now();
      const result = await run(stage, stage === group[0]);
      return { ...result, name: stage.name, ms: performance.now() - at };
    }),
  );
  for (const { name, ms, code, output } of ended) {
    times.push({ name, ms, code });
    const counts = countsIn(output);
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
    if (code !== 0) failed = true;
  }
  if (failed) break;
}

console.log('\nnpm test, stage by stage:');
for (const { name, ms, code } of times) {
  console.log(`  ${name.padEnd(32)} ${seconds(ms).padStart(6)}${code === 0 ? '' : '  FAILED'}`);
}
console.log(`  ${'total'.padEnd(32)} ${seconds(performance.now() - started).padStart(6)}`);
if (failed && total.failed === 0) total.failed = 1;
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failed ? 1 : 0);
