/**
 * Opt-in (npm run test:mixxx; needs Debian's mixxx and xvfb): the DJ application Mixxx 2.3 reads
 * the store's purchased files. Mixxx runs headless under Xvfb with a settings folder of its own:
 * a first start creates mixxxdb.sqlite (and waits at its "choose your music folder" dialog, so it is
 * stopped), the music folder goes into its `directories` table and `[Library] RescanOnStartup 1`
 * into mixxx.cfg, and a second start scans the folder into the `library` table, read here.
 * Its scanner sometimes skips a first scan: the hashes are cleared and Mixxx started again.
 * The scan also imports the Serato objects of the MP3, AIFF and FLAC files (docs/analysis.md): the grid
 * into `library.beats`, the hot cues into the `cues` table, both read here against the analysis.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TrackAnalysis } from '../../lib/contract/track-analysis.ts';
import { DownloadLink, envelopeOf, type Release, type Track } from '../../lib/contract/wire.ts';
import { analysisUrl } from '../../server/analysis/routes.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { signIn } from '../helpers/tokens.ts';
import { until, wait } from './mixxx-wait.ts';

const formats = ['mp3', 'wav', 'aiff', 'flac'] as const;
let store: TestStore;
let dir: string;
const music = () => join(dir, 'music');
const settings = () => join(dir, 'settings');
const database = () => join(settings(), 'mixxxdb.sqlite');
const bought: {
  format: (typeof formats)[number];
  path: string;
  track: Track;
  release: Release;
  analysis: TrackAnalysis;
}[] = [];
/** The formats whose files carry Serato's objects: the ID3 tag of MP3 and AIFF, FLAC's comments (not WAV). */
const withSerato = (format: (typeof formats)[number]) => format !== 'wav';
let library: { rows: LibraryRow[]; cues: CueRow[] };
const hotCuesOf = (analysis: TrackAnalysis) => analysis.cues.filter((cue) => cue.hotCue !== undefined);

function startMixxx(): ChildProcess {
  // -a: a free display number; its own HOME, so nothing of the machine's user is read or written.
  return spawn('xvfb-run', ['-a', 'mixxx', '--settingsPath', `${settings()}/`], {
    env: { ...process.env, HOME: join(dir, 'home') },
    stdio: 'ignore',
    detached: true,
  });
}

function stopMixxx(child: ChildProcess): void {
  // The whole group: xvfb-run, Xvfb and Mixxx.
  if (child.pid) process.kill(-child.pid, 'SIGTERM');
}

const query = <T>(sql: string) => {
  const db = new DatabaseSync(database(), { readOnly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
};

interface LibraryRow {
  location: string;
  artist: string;
  title: string;
  album: string;
  year: string;
  genre: string;
  tracknumber: string;
  tracktotal: string;
  bpm: number;
  key: string;
  samplerate: number;
  channels: number;
  duration: number;
  bitrate: number;
  coverart_type: number;
  beats: Uint8Array | null;
}

interface CueRow {
  location: string;
  type: number;
  position: number;
  hotcue: number;
  label: string;
  color: number;
}

const libraryRows = () =>
  query<LibraryRow>(
    `SELECT tl.location, l.artist, l.title, l.album, l.year, l.genre, l.tracknumber, l.tracktotal, l.bpm,
            l.key, l.samplerate, l.channels, l.duration, l.bitrate, l.coverart_type, l.beats
       FROM library l JOIN track_locations tl ON tl.id = l.location`,
  );

const cueRows = () =>
  query<CueRow>(
    `SELECT tl.location, c.type, c.position, c.hotcue, c.label, c.color
       FROM cues c JOIN library l ON l.id = c.track_id JOIN track_locations tl ON tl.id = l.location
      ORDER BY tl.location, c.hotcue`,
  );

/** Every file in the library, and the hot cues of the files with Serato's objects in `cues`. */
function scanned(): { rows: LibraryRow[]; cues: CueRow[] } | undefined {
  const rows = libraryRows();
  const cues = cueRows();
  const expectedCues = bought
    .filter(({ format }) => withSerato(format))
    .reduce((sum, { analysis }) => sum + hotCuesOf(analysis).length, 0);
  return rows.length === bought.length && cues.length === expectedCues ? { rows, cues } : undefined;
}

/**
 * The beats of Mixxx 2.3's grid, in frames: `library.beats` is its BeatMap protocol buffer
 * (src/proto/beats.proto: `repeated Beat beat = 1`, each `int32 frame_position = 1`).
 */
function beatFrames(blob: Uint8Array): number[] {
  let at = 0;
  const varint = (bytes: Uint8Array) => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = bytes[at++] as number;
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
  };
  const frames: number[] = [];
  while (at < blob.length) {
    const key = varint(blob);
    const length = varint(blob);
    expect(key).toBe((1 << 3) | 2); // field 1, length-delimited: a Beat
    const beat = blob.subarray(at, at + length);
    const end = at + length;
    at = 0;
    while (at < beat.length) {
      const field = varint(beat);
      const value = varint(beat);
      if (field === 1 << 3) frames.push(value); // field 1, a varint: frame_position
    }
    at = end;
  }
  return frames;
}

async function scan(): Promise<{ rows: LibraryRow[]; cues: CueRow[] }> {
  for (let attempt = 1; ; attempt++) {
    const mixxx = startMixxx();
    try {
      return await until(scanned, 'Mixxx to scan the music folder', { timeoutMs: 90_000, everyMs: 1000 });
    } catch (error) {
      if (attempt >= 2) throw error;
      // A skipped first scan: forget the folder's hash so the next start scans it.
      const db = new DatabaseSync(database());
      db.exec('DELETE FROM LibraryHashes');
      db.close();
    } finally {
      stopMixxx(mixxx);
      await wait(2000);
    }
  }
}

async function buyFiles(): Promise<void> {
  const token = (await signIn(store.baseUrl, 'demo', 'demo')).accessToken;
  const get = async <T>(path: string) =>
    (
      (await (
        await fetch(`${store.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as {
        results: T;
      }
    ).results;
  for (const format of formats) {
    const row = await store.ctx.db.get<{ id: number; track_id: number }>(
      `SELECT d.id, d.track_id FROM downloads d JOIN users u ON u.id = d.user_id
        WHERE u.username = 'demo' AND d.audio_format = ? ORDER BY d.id LIMIT 1`,
      format,
    );
    const initiate = await fetch(`${store.baseUrl}/order/1/downloads?downloadIds=${row?.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    const [link] = envelopeOf(z.array(DownloadLink)).parse(await initiate.json()).results;
    const path = join(music(), `${format}.${format}`);
    writeFileSync(path, new Uint8Array(await (await fetch(link?.url as string)).arrayBuffer()));
    const { track } = await get<{ track: Track }>(`/catalog/3/platform/track?id=${row?.track_id}`);
    const { release } = await get<{ release: Release }>(`/catalog/3/platform/release?id=${track.release.id}`);
    const analysis = envelopeOf(TrackAnalysis).parse(
      await (await fetch(`${store.baseUrl}${analysisUrl}?id=${track.id}`)).json(),
    ).results;
    bought.push({ format, path, track, release, analysis });
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'crate-mixxx-'));
  for (const folder of [music(), settings(), join(dir, 'home')]) mkdirSync(folder, { recursive: true });
  store = await startTestStore({ scale: 300, listen: true });
  await buyFiles();
  const first = startMixxx();
  await until(
    () => (existsSync(database()) && query('SELECT * FROM directories') ? true : undefined),
    'mixxxdb.sqlite',
    { timeoutMs: 90_000, everyMs: 1000 },
  );
  await wait(3000);
  stopMixxx(first);
  await wait(2000);
  const db = new DatabaseSync(database());
  db.prepare('INSERT INTO directories (directory) VALUES (?)').run(music());
  db.close();
  writeFileSync(join(settings(), 'mixxx.cfg'), '[Library]\nRescanOnStartup 1\n');
  library = await scan();
}, 600_000);

afterAll(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('Mixxx 2.3 reads the store files into its library', () => {
  it('every format: the tags, the audio and the embedded cover', () => {
    for (const { format, path, track, release, analysis } of bought) {
      const row = library.rows.find((candidate) => candidate.location === path);
      expect(row, format).toBeDefined();
      const [note, mode] = track.key.split(' ');
      expect(row, format).toMatchObject({
        title: `${track.name} (${track.mixName})`,
        artist: track.artists.map((artist) => artist.name).join(', '),
        album: release.name,
        // A FLAC's DATE comment is the whole date, and Mixxx shows it whole.
        year: format === 'flac' ? release.publishDate.slice(0, 10) : release.publishDate.slice(0, 4),
        genre: track.genre.name,
        tracknumber: String(release.trackIds.indexOf(track.id) + 1),
        tracktotal: String(release.trackIds.length),
        // Mixxx shows sharps as "♯".
        key: `${note}${mode === 'Minor' ? 'm' : ''}`.replace('#', '♯'),
        samplerate: 44_100,
        channels: 2,
        // FLAC's is its average, which depends on the music: checked below.
        ...(format === 'flac' ? {} : { bitrate: format === 'mp3' ? 320 : 1411 }),
        // 1: the cover came from the file's own tags.
        coverart_type: 1,
      });
      // The measured tempo: the Serato grid's with its decimals (MP3, AIFF), or the tag's TBPM,
      // a whole number in ID3v2.3 (WAV).
      if (withSerato(format)) expect(row?.bpm, format).toBeCloseTo(analysis.bpm, 2);
      else expect(row?.bpm, format).toBe(Math.round(analysis.bpm));
      expect(row?.duration).toBeCloseTo(track.lengthMs / 1000, 0);
      if (format === 'flac') expect(row?.bitrate).toBeGreaterThan(100);
      if (format === 'flac') expect(row?.bitrate).toBeLessThan(1411);
    }
  });

  it('MP3, AIFF and FLAC: the grid and the named, coloured hot cues of the Serato tags, where the analysis puts them', () => {
    // Mixxx's positions count samples of both channels: 88.2 a millisecond. In an MP3 it takes
    // Serato's 26 ms off what the store wrote (docs/analysis.md): the analysis's positions again.
    const samplesPerMs = 88.2;
    for (const { format, path, analysis } of bought) {
      const cues = library.cues.filter((cue) => cue.location === path);
      if (!withSerato(format)) {
        expect(cues, format).toEqual([]);
        continue;
      }
      const hotCues = hotCuesOf(analysis);
      expect(hotCues.length, format).toBeGreaterThan(1);
      expect(
        cues.map(({ type, hotcue, label, color }) => ({ type, hotcue, label, color })),
        format,
      ).toEqual(
        // Type 1: a hot cue; the colour as Mixxx keeps it, 0xRRGGBB.
        hotCues.map((cue) => ({
          type: 1,
          hotcue: cue.hotCue,
          label: cue.name,
          color: Number.parseInt(cue.color.slice(1), 16),
        })),
      );
      // Serato keeps whole milliseconds.
      cues.forEach((cue, index) => {
        expect(
          Math.abs(cue.position / samplesPerMs - (hotCues[index]?.positionMs as number)),
          format,
        ).toBeLessThan(1);
      });

      const row = library.rows.find((candidate) => candidate.location === path) as LibraryRow;
      const beatMs = 60_000 / analysis.bpm;
      const beats = beatFrames(row.beats ?? new Uint8Array());
      expect(beats.length, format).toBeGreaterThan(100);
      // From the first downbeat to the track's end, one beat apart.
      expect(Math.abs((beats[0] as number) / 44.1 - analysis.firstDownbeatMs), format).toBeLessThan(1);
      expect(analysis.durationMs - (beats.at(-1) as number) / 44.1, format).toBeLessThan(beatMs);
      const spacingMs = ((beats.at(-1) as number) - (beats[0] as number)) / (beats.length - 1) / 44.1;
      expect(Math.abs(spacingMs - beatMs), format).toBeLessThan(0.05);
    }
  });
});
