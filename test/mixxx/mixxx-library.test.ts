/**
 * Opt-in (npm run test:mixxx; needs Debian's mixxx and xvfb): the DJ application Mixxx 2.3 reads
 * the store's purchased files. Mixxx runs headless under Xvfb with a settings folder of its own:
 * a first start creates mixxxdb.sqlite (and waits at its "choose your music folder" dialog, so it is
 * stopped), the music folder goes into its `directories` table and `[Library] RescanOnStartup 1`
 * into mixxx.cfg, and a second start scans the folder into the `library` table, read here.
 * Its scanner sometimes skips a first scan: the hashes are cleared and Mixxx started again.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DownloadLink, envelopeOf, type Release, type Track } from '../../lib/contract/wire.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { signIn } from '../helpers/tokens.ts';

const formats = ['mp3', 'wav', 'aiff'] as const;
let store: TestStore;
let dir: string;
const music = () => join(dir, 'music');
const settings = () => join(dir, 'settings');
const database = () => join(settings(), 'mixxxdb.sqlite');
const bought: { format: (typeof formats)[number]; path: string; track: Track; release: Release }[] = [];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

async function until<T>(read: () => T | undefined, what: string, timeout = 90_000): Promise<T> {
  const end = Date.now() + timeout;
  for (;;) {
    try {
      const value = read();
      if (value !== undefined) return value;
    } catch {
      // The database is still being created or written: ask again.
    }
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}.`);
    await wait(1000);
  }
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
}

const libraryRows = () =>
  query<LibraryRow>(
    `SELECT tl.location, l.artist, l.title, l.album, l.year, l.genre, l.tracknumber, l.tracktotal, l.bpm,
            l.key, l.samplerate, l.channels, l.duration, l.bitrate, l.coverart_type
       FROM library l JOIN track_locations tl ON tl.id = l.location`,
  );

async function scan(): Promise<LibraryRow[]> {
  for (let attempt = 1; ; attempt++) {
    const mixxx = startMixxx();
    try {
      return await until(() => {
        const rows = libraryRows();
        return rows.length === bought.length ? rows : undefined;
      }, 'Mixxx to scan the music folder');
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
    bought.push({ format, path, track, release });
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
  );
  await wait(3000);
  stopMixxx(first);
  await wait(2000);
  const db = new DatabaseSync(database());
  db.prepare('INSERT INTO directories (directory) VALUES (?)').run(music());
  db.close();
  writeFileSync(join(settings(), 'mixxx.cfg'), '[Library]\nRescanOnStartup 1\n');
}, 300_000);

afterAll(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('Mixxx 2.3 reads the store files into its library', () => {
  it('every format: the tags, the audio and the embedded cover', { timeout: 300_000 }, async () => {
    const rows = await scan();
    for (const { format, path, track, release } of bought) {
      const row = rows.find((candidate) => candidate.location === path);
      expect(row, format).toBeDefined();
      const [note, mode] = track.key.split(' ');
      expect(row, format).toMatchObject({
        title: `${track.name} (${track.mixName})`,
        artist: track.artists.map((artist) => artist.name).join(', '),
        album: release.name,
        year: release.publishDate.slice(0, 4),
        genre: track.genre.name,
        tracknumber: String(release.trackIds.indexOf(track.id) + 1),
        tracktotal: String(release.trackIds.length),
        bpm: track.bpm,
        // Mixxx shows sharps as "♯".
        key: `${note}${mode === 'Minor' ? 'm' : ''}`.replace('#', '♯'),
        samplerate: 44_100,
        channels: 2,
        bitrate: format === 'mp3' ? 320 : 1411,
        // 1: the cover came from the file's own tags.
        coverart_type: 1,
      });
      expect(row?.duration).toBeCloseTo(track.lengthMs / 1000, 0);
    }
  });
});
