/**
 * The tracklist match (POST /catalog/3/tracklist, #35): how long a 100-line tracklist takes, and
 * how well the matcher does on a table of real-world spellings built from the catalog.
 *
 * - Latency: the store in its own process (bench/store-process.ts) on the bench's seeded database,
 *   `--samples` tracklists of 100 lines each (tracks of the catalog in the spellings below, and
 *   lines it does not have), one request at a time, each list different; p50 and p95 in ms.
 *   On PostgreSQL, `--instances N` starts N store processes on one database and the requests go
 *   round them.
 * - Precision and recall: every sampled track written the ways DJs and tracklist sites write it
 *   (each spelling once): a line should find that recording (recall), and no line may find
 *   another (precision). Lines naming another mix of a track must not find it either: they count
 *   against precision when they do.
 *
 *   npm run bench:tracklist -- [--scale 100000] [--samples 40] [--spellings 300]
 *                              [--db PATH|postgres://...] [--postgres] [--instances N]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { recordingNames } from '../lib/contract/recording-match.ts';
import type { TracklistLineMatch } from '../lib/contract/tracklist-match.ts';
import type { Track } from '../lib/contract/wire.ts';
import { type PostgresCluster, startPostgresCluster } from '../scripts/postgres-cluster.ts';
import { Database, isPostgresUrl } from '../server/db/database.ts';
import { recordFigures } from './figures.ts';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '100000' },
    samples: { type: 'string', default: '40' },
    spellings: { type: 'string', default: '300' },
    port: { type: 'string', default: '8795' },
    db: { type: 'string' },
    postgres: { type: 'boolean' },
    instances: { type: 'string', default: '1' },
  },
});
const scale = Number(values.scale);
const port = Number(values.port);
const instances = Number(values.instances);
mkdirSync('.bench', { recursive: true });
let cluster: PostgresCluster | undefined;
if (values.postgres) cluster = await startPostgresCluster({ durable: true });
const dbPath = cluster
  ? await cluster.createDatabase('bench')
  : (values.db ?? process.env.DATABASE_URL ?? `.bench/store-${scale}.db`);
const engine = isPostgresUrl(dbPath) ? 'postgres' : 'sqlite';
if (instances > 1 && engine === 'sqlite') {
  console.error('--instances N needs PostgreSQL (--db postgres://... or --postgres): SQLite is one process.');
  process.exit(2);
}

/** The store processes, started one after another (the first seeds an empty database). */
async function startStores(): Promise<{ urls: string[]; stop: () => void }> {
  const stores: ChildProcess[] = [];
  const urls: string[] = [];
  for (let i = 0; i < instances; i++) {
    const args = ['--import', 'tsx', 'bench/store-process.ts', '--db', dbPath, '--port', String(port + i)];
    const store = spawn(process.execPath, [...args, '--scale', String(scale)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    stores.push(store);
    await new Promise<void>((resolve, reject) => {
      store.once('exit', (code) => reject(new Error(`store exited with ${code}`)));
      store.stdout.on('data', (chunk: Buffer) => {
        if (/^Seed/m.test(chunk.toString())) process.stdout.write(chunk);
        if (chunk.toString().includes('listening on')) resolve();
      });
    });
    urls.push(`http://127.0.0.1:${port + i}`);
  }
  return {
    urls,
    stop: () => {
      for (const store of stores) store.kill();
    },
  };
}

const artistsOf = (track: Track) => track.artists.map((artist) => artist.name);
const stripAccents = (text: string) => text.normalize('NFKD').replace(/\p{M}+/gu, '');
const mixPart = (track: Track) => (track.mixName === 'Original Mix' ? '' : ` (${track.mixName})`);

/** A track written the ways tracklists write it; each spelling names the same recording. */
const spellings: ((track: Track, n: number) => string)[] = [
  (t) => `${artistsOf(t).join(' & ')} - ${t.name} (${t.mixName})`,
  // "Original Mix" left out; the others keep their mix.
  (t) => `${artistsOf(t).join(', ')} - ${t.name}${mixPart(t)}`,
  // The mix after a dash, as file names and tag editors write it.
  (t) => `${artistsOf(t).join(' & ')} - ${t.name} - ${t.mixName}`,
  (t) => `${artistsOf(t).join(' & ')} - ${t.name} (${t.mixName})`.toUpperCase(),
  (t) => `${artistsOf(t).join(' & ')} - ${t.name} (${t.mixName})`.toLowerCase(),
  (t) => stripAccents(`${artistsOf(t).join(' & ')} - ${t.name} (${t.mixName})`),
  // The artists in another order, joined the ways tracklists join them.
  (t) => `${[...artistsOf(t)].reverse().join(' feat. ')} - ${t.name} [${t.mixName}]`,
  (t) => `${[...artistsOf(t)].reverse().join(' vs. ')} - ${t.name}${mixPart(t)}`,
  (t) => `${artistsOf(t).join(' x ')} - ${t.name} (${t.mixName})`,
  // Numbers, timestamps and labels around the line, an en dash between artist and title.
  (t, n) =>
    `${String(n).padStart(2, '0')}. ${artistsOf(t).join(' & ')} - ${t.name}${mixPart(t)} [${t.label.name}]`,
  (t, n) =>
    `[${String(Math.floor(n / 60)).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}:00] ${artistsOf(t).join(' & ')} – ${t.name} (${t.mixName})`,
  (t, n) => `${n}) ${artistsOf(t).join(' & ')} — ${t.name}${mixPart(t)}`,
];

/** Another mix of the track, which no catalog track has: a line that must not find it. */
const otherMix = (t: Track) => `${artistsOf(t).join(' & ')} - ${t.name} (Nobody's Bench Dub)`;

async function sampleTracks(count: number): Promise<Track[]> {
  const db = await Database.open(dbPath);
  const rows = await db.all<{ id: number }>('SELECT id FROM tracks ORDER BY random() LIMIT ?', count);
  await db.close();
  const ids = rows.map((row) => Number(row.id));
  const found: Track[] = [];
  for (let at = 0; at < ids.length; at += 100) {
    const response = await fetch(`http://127.0.0.1:${port}/catalog/3/platform/track?id=${ids[at]}`);
    if (!response.ok) throw new Error(`track ${ids[at]}: ${response.status}`);
  }
  // The records, as the API gives them (artists, mix, label).
  for (const id of ids) {
    const response = await fetch(`http://127.0.0.1:${port}/catalog/3/platform/track?id=${id}`);
    found.push(((await response.json()) as { results: { track: Track } }).results.track);
  }
  return found;
}

async function match(url: string, lines: string[]): Promise<TracklistLineMatch[]> {
  const response = await fetch(`${url}/catalog/3/tracklist`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ text: lines.join('\n') }).toString(),
  });
  if (!response.ok) throw new Error(`tracklist match: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { results: TracklistLineMatch[] }).results;
}

const sameRecording = (a: Track, b: Track) => {
  const names = (t: Track) =>
    JSON.stringify(recordingNames({ artists: artistsOf(t), title: t.name, mix: t.mixName }));
  return names(a) === names(b);
};

/** Precision and recall over every spelling of every sampled track, and the other-mix lines. */
async function quality(url: string, tracks: Track[]) {
  const cases = tracks.flatMap((track, i) => [
    ...spellings.map((spell, s) => ({ line: spell(track, i + s), track, same: true })),
    { line: otherMix(track), track, same: false },
  ]);
  let found = 0;
  let right = 0;
  let shouldFind = 0;
  const misses: string[] = [];
  for (let at = 0; at < cases.length; at += 200) {
    const part = cases.slice(at, at + 200);
    const answers = await match(
      url,
      part.map((c) => c.line),
    );
    for (const [i, c] of part.entries()) {
      const answer = answers[i];
      const hit = answer?.outcome === 'track' ? answer.tracks[0] : undefined;
      if (c.same) shouldFind++;
      if (!hit) {
        if (c.same && misses.length < 10) misses.push(`${c.line} → ${answer?.outcome}`);
        continue;
      }
      found++;
      if (c.same && sameRecording(hit, c.track)) right++;
    }
  }
  if (misses.length > 0) console.log(`first misses:\n  ${misses.join('\n  ')}`);
  return { precision: found === 0 ? 1 : right / found, recall: right / shouldFind, lines: cases.length };
}

/** 100-line tracklists: a quarter of unknown or other-mix lines, the rest the catalog's tracks in any spelling. */
function tracklists(tracks: Track[], count: number): string[][] {
  return Array.from({ length: count }, (_, list) =>
    Array.from({ length: 100 }, (_, n) => {
      const track = tracks[(list * 37 + n * 11) % tracks.length] as Track;
      if (n % 8 === 0) return `Nobody Known ${list}-${n} - Nothing Like This (Extended Mix)`;
      if (n % 8 === 4) return otherMix(track);
      return (spellings[(list + n) % spellings.length] as (t: Track, n: number) => string)(track, n);
    }),
  );
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] as number;

const { urls, stop } = await startStores();
try {
  const tracks = await sampleTracks(Number(values.spellings));
  const { precision, recall, lines } = await quality(urls[0] as string, tracks);
  const times: number[] = [];
  // Two warm-up lists, not counted: the first statements of a process prepare and fill caches.
  const lists = tracklists(tracks, Number(values.samples) + 2);
  for (const [i, list] of lists.entries()) {
    const started = performance.now();
    await match(urls[i % urls.length] as string, list);
    if (i >= 2) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const suffix = engine === 'postgres' ? `_postgres_${instances}_instance${instances > 1 ? 's' : ''}` : '';
  const figures = {
    [`tracklist_match_p50_ms_100${suffix}`]: percentile(times, 0.5),
    [`tracklist_match_p95_ms_100${suffix}`]: percentile(times, 0.95),
    [`tracklist_precision${suffix}`]: precision,
    [`tracklist_recall${suffix}`]: recall,
  };
  console.log(
    `${engine}, ${instances} instance(s), ${scale} tracks; ${lines} spelled lines, ${times.length} lists of 100`,
  );
  for (const [name, value] of Object.entries(figures)) console.log(`${name}: ${value.toFixed(3)}`);
  recordFigures(figures);
} finally {
  stop();
  await cluster?.stop();
}
