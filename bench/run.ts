/**
 * `npm run bench`: every benchmark, one table. Builds the extension once, runs each bench script
 * `--repeat` times in its own process (quick: once by default, the scripts whose figures move in
 * frames, the popup's paints and the content script's decorating and page loads, taking their
 * medians of 5 or more loads inside that run; `--full`: 3, and at least 5 for those), and prints
 * for each figure its goal, the median of the runs with min and max, pass or fail, and the
 * machine's load average (1 minute) at the start and end of its runs. The same (medians, goals,
 * results, loads) is written to `.bench/results.json`, as a Markdown table to `.bench/results.md`,
 * and every run's values to `.bench/results-runs.json`.
 *
 * Quick by default (the store at 100,000 tracks, pages of 1,000 and 5,000 rows); `--full` runs the
 * store at 1,000,000 tracks, and the store on
 * PostgreSQL with 1 and 2 instances beside SQLite (store-postgres-1, store-postgres-2; in a quick
 * run only when named in --only): one durable throwaway cluster (Debian's postgresql) for the
 * whole run, its database seeded by the first of those runs and used by the others.
 *
 *   npm run bench -- [--full] [--repeat N] [--only store,popup,store-postgres-2]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type PostgresCluster, startPostgresCluster } from '../scripts/postgres-cluster.ts';
import { figuresFileVariable, median } from './figures.ts';

const { values } = parseArgs({
  options: {
    full: { type: 'boolean', default: false },
    repeat: { type: 'string' },
    only: { type: 'string' },
  },
});
// Quick: each script once (the frame-bound ones take their medians of 5 or more loads inside one
// run), a look before and after a change in minutes; --full: three runs, five where frames decide.
const repeat = Number(values.repeat ?? (values.full ? 3 : 1));
if (!Number.isSafeInteger(repeat) || repeat < 1) {
  console.error('Usage: npm run bench -- [--full] [--repeat N] [--only name,name]');
  process.exit(2);
}
const full = values.full;
const root = join(import.meta.dirname, '..');

interface Bench {
  name: string;
  script: string;
  args: string[];
  /** Needs the built Chromium extension. */
  extension?: boolean;
  /** Runs on the run's PostgreSQL database (--db is added). */
  postgres?: boolean;
  /** Its figures move in frames (a paint lands in one or the next): at least 5 runs. */
  frames?: boolean;
}
const storeArgs = full
  ? ['--scale', '1000000', '--seconds', '5', '--samples', '300']
  : ['--scale', '100000', '--seconds', '2', '--samples', '200'];
const benches: Bench[] = [
  { name: 'seed', script: 'seed.ts', args: ['--scale', full ? '1000000' : '100000'] },
  { name: 'store', script: 'store.ts', args: storeArgs },
  // SQLite committing with synchronous=FULL, the cart adds only: durable like the PostgreSQL runs.
  { name: 'store-sqlite-durable', script: 'store.ts', args: [...storeArgs, '--durable'] },
  { name: 'store-postgres-1', script: 'store.ts', postgres: true, args: [...storeArgs, '--instances', '1'] },
  { name: 'store-postgres-2', script: 'store.ts', postgres: true, args: [...storeArgs, '--instances', '2'] },
  { name: 'website', script: 'website.ts', args: ['--runs', '100'] },
  // A 100-line tracklist matched, and the matcher's precision and recall (docs/tracklist.md).
  { name: 'tracklist', script: 'tracklist.ts', args: ['--scale', full ? '1000000' : '100000'] },
  {
    name: 'tracklist-postgres-2',
    script: 'tracklist.ts',
    postgres: true,
    args: ['--scale', full ? '1000000' : '100000', '--instances', '2'],
  },
  {
    name: 'content-script',
    script: 'content-script.ts',
    extension: true,
    frames: true,
    args: full
      ? ['--sizes', '1000,5000', '--runs', '11', '--traces', '5']
      : ['--sizes', '1000,5000', '--runs', '5', '--traces', '5'],
  },
  // A store tab after its load: one cart change with a 100,000-track collection stored, and a
  // click against one POST to the store (medians of the runs inside one browser).
  {
    name: 'store-tab',
    script: 'store-tab.ts',
    extension: true,
    args: ['--runs', full ? '15' : '7'],
  },
  { name: 'popup', script: 'popup.ts', extension: true, frames: true, args: ['--runs', full ? '11' : '7'] },
  // Loopback, unshaped: short MP3s, so 100 entries do not move gigabytes.
  {
    name: 'downloads',
    script: 'downloads.ts',
    extension: true,
    args: ['--entries', '100', '--track-seconds', '6'],
  },
  // As the internet serves files: 20 WAVs, full length in --full, 30-second ones in quick mode.
  {
    name: 'downloads-shaped',
    script: 'downloads.ts',
    extension: true,
    args: [
      ...['--entries', '20', '--format', 'wav', '--files-latency-ms', '40', '--files-kbps', '16000'],
      ...(full ? [] : ['--track-seconds', '30']),
    ],
  },
  { name: 'tagging', script: 'tagging.ts', args: ['--pairs', full ? '300' : '150'] },
  {
    name: 'collection',
    script: 'collection.ts',
    extension: true,
    args: ['--sizes', '20000,100000', '--runs', full ? '5' : '3'],
  },
  {
    name: 'file-serving',
    script: 'file-serving.ts',
    args: ['--format', 'wav', '--rounds', full ? '2' : '1'],
  },
  { name: 'following', script: 'following.ts', args: ['--scale', full ? '100000' : '20000', '--runs', '7'] },
  // The popup knowing what is on this computer (its browser's history and the queue's records).
  {
    name: 'this-computer',
    script: 'this-computer.ts',
    args: ['--entries', '10000', '--runs', full ? '31' : '15'],
  },
  // The database and analysis files of a 1,000-track stick, and memory while the audio streams past.
  { name: 'usb-stick', script: 'usb-stick.ts', args: ['--tracks', '1000', '--audio-gb', full ? '10' : '1'] },
  { name: 'set-order', script: 'set-order.ts', args: [] },
  { name: 'analysis', script: 'analysis.ts', args: ['--tracks', full ? '10' : '5'] },
].filter((bench) => existsSync(join(root, 'bench', bench.script)));

/** Each figure's goal; a figure without one is reported for scale. */
const goals: Record<string, { max?: number; min?: number }> = {
  page_load_ratio_1000: { max: 1.05 },
  page_load_ratio_5000: { max: 1.05 },
  decorate_ms_1000: { max: 5 },
  decorate_ms_1000_with_collection_20000: { max: 6 },
  storage_change_ms_per_tab_collection_100000: { max: 2 },
  click_to_pressed_ratio: { max: 1.25 },
  content_script_gzip_bytes: { max: 15 * 1024 },
  content_script_first_screen_gzip_bytes: { max: 6 * 1024 },
  collection_import_s_20000: { max: 10 },
  collection_import_longest_task_ms_20000: { max: 50 },
  collection_import_longest_task_ms_100000: { max: 50 },
  popup_summary_ratio_0: { max: 1.1 },
  popup_summary_ratio_200: { max: 1.1 },
  popup_library_ratio_10000: { max: 1.3 },
  popup_layout_shift: { max: 0 },
  popup_first_frame_moved_px: { max: 0 },
  store_track_detail_floor_ratio: { min: 0.6 },
  artist_catalog_p99_ms: { max: 2 },
  artist_catalog_worst_p99_ms: { max: 10 },
  artist_catalog_worst_server_p99_ms: { max: 10 },
  bulk_download_ratio_100: { max: 2 },
  bulk_download_vs_browser_serial_ratio_100: { max: 0.5 },
  bulk_download_shaped_vs_browser_serial_ratio_20: { max: 0.35 },
  tagging_overhead_ratio: { max: 1.1 },
  file_store_rss_growth_30_at_once_mb: { max: 150 },
  following_refresh_vs_naive_time_ratio: { max: 0.5 },
  library_on_this_computer_ms_10000: { max: 200 },
  analysis_s_per_7min_track: { max: 2 },
  analysis_bytes_on_wire: { max: 8 * 1024 },
  mp3_first_file_cpu_s_7min: { max: 1 },
  artist_catalog_p99_postgres_1_instance_ms: { max: 10 },
  artist_catalog_p99_postgres_2_instances_ms: { max: 10 },
  cart_add_postgres_2_instances_vs_sqlite_ratio: { min: 1 },
  cart_add_postgres_vs_sqlite_durable_ratio: { min: 1 },
  usb_export_s_1000: { max: 5 },
  stick_add_s_4000: { max: 3 },
  usb_export_booths_s_1000: { max: 8 },
  set_order_ms_200: { max: 100 },
  energy_s_per_7min_track: { max: 0.5 },
  flac_first_file_cpu_s_7min: { max: 1.5 },
  flac_size_of_wav: { max: 0.7 },
  usb_copy_heap_growth_mb: { max: 16 },
  tracklist_match_p95_ms_100: { max: 500 },
  tracklist_match_p95_ms_100_postgres_2_instances: { max: 500 },
  tracklist_precision: { min: 1 },
  tracklist_recall: { min: 0.95 },
  tracklist_precision_postgres_2_instances: { min: 1 },
  tracklist_recall_postgres_2_instances: { min: 0.95 },
};

/**
 * Runs of a bench: in --full, the figures that move in frames get at least 5, so that a median of
 * runs means something; a quick run has the medians each of those scripts takes of its own loads.
 */
const runsOf = (bench: Bench) => (bench.frames && full ? Math.max(repeat, 5) : repeat);

const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const selected = values.only ? new Set(values.only.split(',')) : undefined;
const chosen = benches.filter((bench) => (selected ? selected.has(bench.name) : full || !bench.postgres));
mkdirSync(join(root, '.bench'), { recursive: true });

if (chosen.some((bench) => bench.extension)) {
  console.log('Building the extension (wxt build)...');
  const build = spawnSync(bin('wxt'), ['build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

let postgres: { cluster: PostgresCluster; url: string } | undefined;
if (chosen.some((bench) => bench.postgres)) {
  console.log('Starting a throwaway PostgreSQL cluster (durable settings)...');
  const cluster = await startPostgresCluster({ durable: true });
  process.once('exit', () => cluster.stop());
  process.once('SIGINT', () => process.exit(130));
  postgres = { cluster, url: await cluster.createDatabase('bench') };
}

const runs = new Map<string, number[]>();
/** Per figure, per run: the 1-minute load average when the run started and when it ended. */
const loads = new Map<string, [number, number][]>();
const loadNow = () => Math.round((loadavg()[0] ?? 0) * 100) / 100;
const failures: string[] = [];
const started = performance.now();
for (const bench of chosen) {
  const count = runsOf(bench);
  for (let run = 1; run <= count; run++) {
    const file = join(root, '.bench', `figures-${bench.name}.json`);
    rmSync(file, { force: true });
    const loadAtStart = loadNow();
    console.log(`\n== ${bench.name} (${run}/${count}) ${bench.args.join(' ')}   load ${loadAtStart}`);
    const benchStarted = performance.now();
    const args = bench.postgres && postgres ? [...bench.args, '--db', postgres.url] : bench.args;
    const result = spawnSync(bin('tsx'), [join('bench', bench.script), ...args], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, [figuresFileVariable]: file },
    });
    const loadAtEnd = loadNow();
    console.log(`   (${((performance.now() - benchStarted) / 1000).toFixed(0)} s, load ${loadAtEnd})`);
    if (result.status !== 0 || !existsSync(file)) {
      failures.push(`${bench.name} run ${run} exited with ${result.status ?? result.signal}`);
      continue;
    }
    for (const [figure, value] of Object.entries(
      JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>,
    )) {
      runs.set(figure, [...(runs.get(figure) ?? []), value]);
      loads.set(figure, [...(loads.get(figure) ?? []), [loadAtStart, loadAtEnd]]);
    }
    rmSync(file, { force: true });
  }
}

// Figures that compare two runs: each the ratio of the medians.
const ratioOf = (figure: string, numerator: string, denominator: string) => {
  const top = runs.get(numerator);
  const bottom = runs.get(denominator);
  if (top && bottom) {
    runs.set(figure, [median(top) / median(bottom)]);
    loads.set(figure, [...(loads.get(numerator) ?? []), ...(loads.get(denominator) ?? [])]);
  }
};
ratioOf('cart_add_postgres_2_instances_vs_sqlite_ratio', 'cart_add_postgres_2_instances_rps', 'cart_add_rps');
ratioOf(
  'cart_add_10_carts_postgres_2_instances_vs_sqlite_ratio',
  'cart_add_10_carts_postgres_2_instances_rps',
  'cart_add_10_carts_rps',
);
// Like for like: both engines wait for the disk at every commit.
ratioOf(
  'cart_add_postgres_vs_sqlite_durable_ratio',
  'cart_add_postgres_2_instances_rps',
  'cart_add_sqlite_durable_rps',
);
ratioOf(
  'cart_add_10_carts_postgres_vs_sqlite_durable_ratio',
  'cart_add_10_carts_postgres_2_instances_rps',
  'cart_add_10_carts_sqlite_durable_rps',
);

const format = (value: number) =>
  Math.abs(value) >= 1000 ? Math.round(value).toLocaleString('en-US') : value.toFixed(value >= 100 ? 0 : 2);
const rows = [...runs.entries()].map(([figure, values]) => {
  const goal = goals[figure];
  const value = median(values);
  const pass = goal
    ? (goal.max === undefined || value <= goal.max) && (goal.min === undefined || value >= goal.min)
    : undefined;
  return {
    figure,
    goal: goal
      ? goal.max !== undefined
        ? `<= ${format(goal.max)}`
        : `>= ${format(goal.min as number)}`
      : '',
    value,
    min: Math.min(...values),
    max: Math.max(...values),
    runs: values.length,
    pass,
    load1m: loads.get(figure) ?? [],
  };
});
const loadRange = (pairs: [number, number][]) =>
  pairs.length === 0 ? '' : `${Math.min(...pairs.flat()).toFixed(1)}-${Math.max(...pairs.flat()).toFixed(1)}`;

const minutes = (performance.now() - started) / 60_000;
console.log(
  `\n${full ? 'Full' : 'Quick'} run, ${repeat} run${repeat === 1 ? '' : 's'} each${full ? ' (5 for the figures that move in frames)' : ''}, ${cpus().length} cores, ${minutes.toFixed(1)} minutes\n`,
);
console.log(
  `${'figure'.padEnd(56)} ${'goal'.padStart(10)} ${'median'.padStart(10)} ${'min'.padStart(10)} ${'max'.padStart(10)}  ${'result'.padEnd(6)}  load (1 min)`,
);
for (const row of rows) {
  const result = row.pass === undefined ? '' : row.pass ? 'pass' : 'FAIL';
  console.log(
    `${row.figure.padEnd(56)} ${row.goal.padStart(10)} ${format(row.value).padStart(10)} ${format(row.min).padStart(10)} ${format(row.max).padStart(10)}  ${result.padEnd(6)}  ${loadRange(row.load1m)}`,
  );
}
for (const failure of failures) console.log(`not measured: ${failure}`);

// Per figure: its median, goal and result, and the load each of its runs saw (start, end).
const machine = { mode: full ? 'full' : 'quick', cores: cpus().length, date: new Date().toISOString() };
writeFileSync(
  join(root, '.bench', 'results.json'),
  `${JSON.stringify(
    {
      machine,
      figures: Object.fromEntries(
        rows.map((row) => [
          row.figure,
          {
            value: row.value,
            goal: row.goal || undefined,
            pass: row.pass,
            load1m: row.load1m.map(([start, end]) => ({ start, end })),
          },
        ]),
      ),
    },
    null,
    2,
  )}\n`,
);
writeFileSync(
  join(root, '.bench', 'results-runs.json'),
  `${JSON.stringify({ ...machine, repeat, figures: rows }, null, 2)}\n`,
);
// The same table in Markdown, for docs/benchmarks.md.
const markdown = [
  `${full ? 'Full' : 'Quick'} run, ${machine.date.slice(0, 10)}, ${machine.cores} cores, medians of ${repeat} run${repeat === 1 ? '' : 's'}${full ? ' (5 for the figures that move in frames)' : ''}, min-max, and the 1-minute load average while they ran.`,
  '',
  '| figure | goal | median | min-max | result | load |',
  '| --- | --- | --- | --- | --- | --- |',
  ...rows.map(
    (row) =>
      `| \`${row.figure}\` | ${row.goal} | ${format(row.value)} | ${format(row.min)}-${format(row.max)} | ${row.pass === undefined ? '' : row.pass ? 'pass' : 'FAIL'} | ${loadRange(row.load1m)} |`,
  ),
];
writeFileSync(join(root, '.bench', 'results.md'), `${markdown.join('\n')}\n`);
console.log(
  '\nWritten: .bench/results.json (medians, goals, results, loads), .bench/results.md (the table), .bench/results-runs.json (every run)',
);
process.exit(failures.length ? 1 : 0);
