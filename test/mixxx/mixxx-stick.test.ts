/**
 * Opt-in (npm run test:mixxx; needs Debian's mixxx, xvfb and xdotool, and a writable /media, as
 * root in CI): the DJ application Mixxx 2.3 imports the USB sticks Crate writes, through its own
 * Rekordbox library feature, which reads export.pdb with crate-digger's Kaitai definitions.
 *
 * Mixxx looks for devices in the folders under /media (src/library/rekordbox/rekordboxfeature.cpp,
 * `findRekordboxDevices`), so each stick is written there: one fresh, and the stick rekordbox
 * itself exported (test/fixtures/rekordbox-demo-stick) with a crate added. Mixxx has no command
 * for an import: a person selects "Rekordbox" in the sidebar (Mixxx scans for devices), opens it
 * and selects a device (Mixxx imports it into its rekordbox_* tables). The test does the same with
 * xdotool's mouse on an Xvfb screen of its own (the keyboard does not reach Qt's sidebar without
 * a window manager), at the places Mixxx 2.3's default skin draws them on a 1280x800 screen, and
 * then reads what Mixxx imported from its mixxxdb.sqlite; last it loads a crate track into a deck
 * and quits, for the grid and cues Mixxx read from the track's ANLZ files.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readExportPdb } from '../../lib/dj-formats/rekordbox-device/pdb-reader.ts';
import { exportToStick } from '../../lib/dj-formats/rekordbox-device/stick-export.ts';
import { MemoryDirectory, makeExportTrack, rekordboxDemoStick } from '../helpers/usb-stick.ts';
import { until, wait } from './mixxx-wait.ts';

const date = '2026-11-28';
const label = `CRATE${process.pid}`;
const sticks = { fresh: `/media/${label}F`, demo: `/media/${label}D` };
let dir: string;
let display: string;
let xvfb: ChildProcess | undefined;
let mixxx: ChildProcess | undefined;
const settings = () => join(dir, 'settings');

function save(stick: MemoryDirectory, root: string): void {
  for (const path of stick.paths()) {
    const file = join(root, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, stick.file(path) as Uint8Array);
  }
}

const xdotool = (...args: string[]) =>
  execFileSync('xdotool', args, { env: { ...process.env, DISPLAY: display }, encoding: 'utf8' });
const windowNamed = (name: string) => {
  try {
    return xdotool('search', '--name', `^${name}$`).trim() || undefined;
  } catch {
    return undefined; // xdotool says "no window" with exit status 1.
  }
};
const click = (x: number, y: number, button = '1') =>
  xdotool('mousemove', String(x), String(y), 'click', button);
/** The sidebar scrolled to its end: "Rekordbox" and its devices, then "Serato", at its foot. */
async function sidebarToEnd(): Promise<void> {
  for (let i = 0; i < 8; i++) {
    click(70, 520, '5');
    await wait(100);
  }
}

const query = <T>(sql: string, ...params: string[]) => {
  const db = new DatabaseSync(join(settings(), 'mixxxdb.sqlite'), { readOnly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
};
const importedTitles = (device: string) =>
  query<{ title: string }>('SELECT title FROM rekordbox_library WHERE device = ? ORDER BY rb_id', device).map(
    (row) => row.title,
  );
const playlistTitles = (playlist: string) =>
  query<{ title: string }>(
    `SELECT l.title FROM rekordbox_playlist_tracks t
       JOIN rekordbox_playlists p ON p.id = t.playlist_id JOIN rekordbox_library l ON l.id = t.track_id
      WHERE p.name = ? ORDER BY t.position`,
    playlist,
  ).map((row) => row.title);

const canRun = (() => {
  try {
    accessSync('/media', constants.W_OK);
    execFileSync('which', ['mixxx', 'Xvfb', 'xdotool']);
    return true;
  } catch {
    return false;
  }
})();

describe.runIf(canRun)('Mixxx imports the USB sticks Crate writes', () => {
  let demoTitles: string[];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'crate-mixxx-stick-'));
    mkdirSync(join(dir, 'music'));
    mkdirSync(join(dir, 'home'));
    const fresh = [1, 2, 3].map((n) => makeExportTrack(n));
    const freshStick = new MemoryDirectory();
    await exportToStick(freshStick, { playlistName: 'Saturday', tracks: fresh, date });
    save(freshStick, sticks.fresh);
    const demo = await rekordboxDemoStick();
    demoTitles = readExportPdb(demo.file('PIONEER/rekordbox/export.pdb') as Uint8Array).tracks.map(
      (t) => t.title,
    );
    await exportToStick(demo, {
      playlistName: 'Sunday',
      tracks: [4, 5].map((n) => makeExportTrack(n)),
      date,
    });
    // A second crate on the same stick, as a DJ adds one each week: the first must stay listed.
    await exportToStick(demo, {
      playlistName: 'Monday',
      tracks: [7, 6].map((n) => makeExportTrack(n)),
      date,
    });
    save(demo, sticks.demo);
    // The clicks land by position: another folder under /media (a stick a killed run left) would
    // move the devices in the sidebar.
    expect(readdirSync('/media').sort()).toEqual(
      Object.values(sticks)
        .map((path) => basename(path))
        .sort(),
    );

    // A display of its own: the first number without an X server's lock file.
    let number = 90;
    while (existsSync(`/tmp/.X${number}-lock`)) number++;
    display = `:${number}`;
    xvfb = spawn('Xvfb', [display, '-screen', '0', '1280x800x24'], { stdio: 'ignore', detached: true });
    await until(() => (existsSync(`/tmp/.X11-unix/X${number}`) ? true : undefined), 'Xvfb');
    mixxx = spawn('mixxx', ['--settingsPath', `${settings()}/`], {
      env: { ...process.env, HOME: join(dir, 'home'), DISPLAY: display },
      stdio: 'ignore',
      detached: true,
    });
    // A first start asks for the music folder, then says it has no sound card: a person's answers.
    await until(() => windowNamed('Choose music library directory'), 'the music folder question', {
      timeoutMs: 90_000,
    });
    xdotool('key', 'ctrl+a');
    xdotool('type', '--delay', '10', join(dir, 'music'));
    xdotool('key', 'Return');
    await until(() => windowNamed('No Output Devices'), 'the sound card notice');
    xdotool('key', 'Return');
    await until(() => (windowNamed('No Output Devices') ? undefined : true), 'the main window');
    await wait(2000); // The main window's first layout, before a click lands on its sidebar.

    // "Rekordbox" selected: Mixxx scans /media; its arrow opens the devices found.
    await sidebarToEnd();
    click(78, 580);
    await wait(3000);
    click(14, 580);
    await wait(1000);
    await sidebarToEnd();
  }, 180_000);

  afterAll(() => {
    for (const child of [mixxx, xvfb]) {
      // Mixxx has quit by itself when the last test passed.
      if (child?.pid && child.exitCode === null && child.signalCode === null)
        process.kill(-child.pid, 'SIGKILL');
    }
    for (const path of [...Object.values(sticks), dir])
      if (path) rmSync(path, { recursive: true, force: true });
  });

  // The devices sit above "Serato" at the sidebar's foot, in name order, each found once per scan.
  it('lists a fresh stick: its tracks, and the crate as a playlist in its order', async () => {
    const device = `${label}F`;
    click(88, 559);
    const titles = await until(() => {
      const found = importedTitles(device);
      return found.length === 3 ? found : undefined;
    }, `Mixxx's import of ${device}`);
    expect(titles).toEqual(['Track 1', 'Track 2', 'Track 3']);
    expect(playlistTitles(`${sticks.fresh}-->Saturday`)).toEqual(['Track 1', 'Track 2', 'Track 3']);
    const rows = query<{ bpm: number; key: string; location: string; analyze_path: string }>(
      'SELECT bpm, key, location, analyze_path FROM rekordbox_library WHERE device = ?',
      device,
    );
    for (const row of rows) {
      expect(row.bpm).toBeCloseTo(128, 1);
      expect(row.key).toBe('Am');
      expect(existsSync(row.location), row.location).toBe(true);
      expect(existsSync(row.analyze_path), row.analyze_path).toBe(true);
    }
  });

  it("lists the stick rekordbox made with two crates added: the DJ's tracks and both crates", async () => {
    const device = `${label}D`;
    click(88, 543);
    const titles = await until(() => {
      const found = importedTitles(device);
      return found.length === demoTitles.length + 4 ? found : undefined;
    }, `Mixxx's import of ${device}`);
    expect(titles).toEqual([...demoTitles, 'Track 4', 'Track 5', 'Track 7', 'Track 6']);
    // The device's own list of all its tracks, the DJ's first; each crate in its own order.
    expect(playlistTitles(sticks.demo)).toEqual(titles);
    expect(playlistTitles(`${sticks.demo}-->Sunday`)).toEqual(['Track 4', 'Track 5']);
    expect(playlistTitles(`${sticks.demo}-->Monday`)).toEqual(['Track 7', 'Track 6']);
    // The fixture stick has no playlist of its own: the device's list and the two crates, no more.
    const playlists = query<{ name: string }>('SELECT name FROM rekordbox_playlists ORDER BY id')
      .map((playlist) => playlist.name)
      .filter((name) => name.startsWith(sticks.demo));
    expect(playlists).toEqual([sticks.demo, `${sticks.demo}-->Sunday`, `${sticks.demo}-->Monday`]);
  });

  // Mixxx reads a track's grid and cues from its ANLZ files when a deck loads it, and writes them
  // to its library when it lets the track go: so the test loads one, then quits Mixxx (File, Exit).
  it('loads a crate track into a deck: the tempo, key, grid and hot cues of its analysis', async () => {
    // The device's tracks fill the table, one row each from y 460: the third is Track 4.
    xdotool('mousemove', '520', '501', 'click', '--repeat', '2', '--delay', '80', '1');
    await until(() => (query('SELECT id FROM library').length === 1 ? true : undefined), 'the deck to load');
    click(20, 10);
    await wait(800); // The menu opening: its last item is Exit.
    xdotool('key', 'Up', 'Return');
    await until(() => (mixxx?.exitCode === null ? undefined : mixxx?.exitCode), 'Mixxx to quit');
    const [track] = query<{ location: string; bpm: number; key: string; beats: Uint8Array; version: string }>(
      `SELECT tl.location, l.bpm, l.key, l.beats, l.beats_version AS version
         FROM library l JOIN track_locations tl ON tl.id = l.location`,
    );
    expect(track?.location).toMatch(new RegExp(`^${sticks.demo}/Contents/.*Track 4\\.mp3$`));
    expect(track?.bpm).toBeCloseTo(128, 1);
    expect(track?.key).toBe('Am');
    expect(track?.version).toBe('BeatMap-1.0');
    expect(track?.beats.length).toBeGreaterThan(1000);
    const hotCues = query<{ position: number; hotcue: number; label: string; color: number }>(
      'SELECT position, hotcue, label, color FROM cues WHERE type = 1 ORDER BY hotcue',
    );
    // Mixxx keeps the comment's closing NUL, which rekordbox writes too.
    expect(
      hotCues.map(({ hotcue, label, color }) => ({ hotcue, label: label.replace(/\0$/, ''), color })),
    ).toEqual([
      { hotcue: 0, label: 'Start', color: 0x28e214 },
      { hotcue: 1, label: 'Drop', color: 0xe62828 },
    ]);
    // Positions in samples of both channels (88.2 a ms); Mixxx takes 26 ms off an MP3 it cannot
    // place exactly (timingOffsetForFile, docs/analysis.md): 120 and 60 120 ms in the analysis.
    expect(hotCues.map((cue) => Math.round(cue.position / 88.2))).toEqual([120 - 26, 60_120 - 26]);
  }, 60_000);
});
