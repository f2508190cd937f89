/**
 * The USB stick export as a DJ makes it (issue #37), in Chromium and Firefox ESR against a store
 * of its own: the library's export dialog hands two downloaded tracks to the USB stick page, which
 * writes them (the audio from the store, its analysis and waveforms) into
 * - Chromium: a folder handle, the origin-private file system put where the page keeps the folder
 *   picked last (a headless browser cannot answer the picker's native dialog), then "Write to";
 * - both browsers: the downloads folder ("Save in the downloads folder").
 * Everything is read back in Node with crate-digger's definitions. One of the two tracks was bought
 * in FLAC (issue #49): every booth's library names its file type.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrateExportPage } from '../../components/popup/crates/crate-export.page.ts';
import { PopupPage } from '../../components/popup/popup.page.ts';
import { english } from '../../components/popup/popup-words.page.ts';
import { rekordboxPassphrase } from '../../lib/dj-formats/onelibrary/sqlcipher-pages.ts';
import { readExportPdb } from '../../lib/dj-formats/rekordbox-device/pdb-reader.ts';
import { judgeSqlCipher } from '../helpers/sqlcipher-judge.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { readAnlzWithKaitai, readWithKaitai } from '../helpers/usb-stick.ts';
import { seriousViolations } from './axe.ts';
import { type E2eExtension, type E2ePage, e2eBrowsers } from './browsers.ts';
import { signInToStore } from './connect.ts';
import { demoId } from './crate-journey.ts';

const crate = 'Club night';

/** Puts the origin-private file system where the stick page keeps the folder picked last. */
const rememberPrivateFolder = `(async () => {
  const root = await navigator.storage.getDirectory();
  const db = await new Promise((resolve, reject) => {
    const open = indexedDB.open('crate-stick', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('folders');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  await new Promise((resolve, reject) => {
    const put = db.transaction('folders', 'readwrite');
    put.objectStore('folders').put(root, 'last');
    put.oncomplete = resolve;
    put.onerror = () => reject(put.error);
  });
  db.close();
})()`;

/** Every file of the origin-private file system, base64, by path. */
const privateFiles = `(async () => {
  const files = {};
  async function walk(folder, prefix) {
    for await (const [name, handle] of folder.entries()) {
      if (handle.kind === 'directory') await walk(handle, prefix + name + '/');
      else {
        const bytes = new Uint8Array(await (await handle.getFile()).arrayBuffer());
        let binary = '';
        for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        files[prefix + name] = btoa(binary);
      }
    }
  }
  await walk(await navigator.storage.getDirectory(), '');
  return files;
})()`;

/** The stick's tree read back: the database through both readers, every track's files there. */
function expectStick(file: (path: string) => Uint8Array | undefined, titles: string[], flacTitle: string) {
  const database = file('PIONEER/rekordbox/export.pdb');
  if (!database) throw new Error('No export.pdb on the stick.');
  // The package's definitions leave the file type unnamed (the u2 after the rating); rekordcrate
  // calls it file_type: 5 is FLAC, 1 MP3, 11 WAV, 12 AIFF.
  const kaitaiTracks = readWithKaitai(database).get(0) as { _unnamed29: number }[];
  expect(kaitaiTracks).toHaveLength(titles.length);
  expect(kaitaiTracks.filter((track) => track._unnamed29 === 5)).toHaveLength(1);
  const library = readExportPdb(database);
  expect(library.tracks.map((track) => track.title).sort()).toEqual([...titles].sort());
  const flac = library.tracks.find((track) => track.title === flacTitle);
  expect(flac?.fileType).toBe('flac');
  expect(flac?.filePath).toMatch(/\.flac$/);
  expect(new TextDecoder().decode(file(flac?.filePath.slice(1) ?? '')?.subarray(0, 4))).toBe('fLaC');
  expect(library.playlists.map((playlist) => [playlist.name, playlist.trackIds.length])).toEqual([
    [crate, titles.length],
  ]);
  for (const track of library.tracks) {
    expect(track.tempoCentiBpm).toBeGreaterThan(0);
    // The release's cover, shrunk to rekordbox's 240x240 JPEG.
    expect(
      [...(file(track.artworkPath.slice(1)) ?? new Uint8Array()).subarray(0, 2)],
      track.artworkPath,
    ).toEqual([0xff, 0xd8]);
    expect(file(track.filePath.slice(1))?.length, track.filePath).toBe(track.fileSize);
    for (const extension of ['DAT', 'EXT']) {
      const anlz = readAnlzWithKaitai(
        file(track.analyzePath.slice(1).replace(/DAT$/, extension)) ?? new Uint8Array(),
      );
      expect(anlz.sections[0].body.path).toBe(track.filePath);
    }
  }
  expect(file('PIONEER/DEVSETTING.DAT')).toBeDefined();
}

/**
 * The other booths' libraries the page writes by default over the same files: Engine DJ's m.db read
 * by Node's SQLite, OneLibrary decrypted by an OpenSSL reader, VirtualDJ's database listing them.
 */
async function expectEveryBooth(
  file: (path: string) => Uint8Array | undefined,
  titles: string[],
  flacTitle: string,
) {
  const engine = new DatabaseSync(':memory:');
  engine.deserialize(file('Engine Library/Database2/m.db') ?? new Uint8Array());
  expect(
    engine
      .prepare('SELECT title FROM Track ORDER BY title')
      .all()
      .map((row) => row.title),
  ).toEqual([...titles].sort());
  const engineFlac = engine.prepare('SELECT fileType, path FROM Track WHERE title = ?').get(flacTitle);
  expect(engineFlac?.fileType).toBe('flac');
  expect(engineFlac?.path).toMatch(/\.flac$/);
  const playlist = engine.prepare('SELECT id FROM Playlist WHERE title = ?').get(crate);
  expect(
    engine.prepare('SELECT count(*) AS n FROM PlaylistEntity WHERE listId = ?').get(playlist?.id ?? -1)?.n,
  ).toBe(titles.length);
  engine.close();
  const oneLibrary = await judgeSqlCipher(
    file('PIONEER/rekordbox/exportLibrary.db') ?? new Uint8Array(),
    rekordboxPassphrase,
  );
  expect(oneLibrary.integrity).toBe('ok');
  expect(oneLibrary.rows.content).toBe(titles.length);
  const column = (name: string) => oneLibrary.tables.content?.indexOf(name) ?? -1;
  const oneLibraryFlac = oneLibrary.data.content?.find((row) => row[column('title')] === flacTitle);
  expect(oneLibraryFlac?.[column('fileType')]).toBe(5);
  expect(JSON.stringify(oneLibrary.data.playlist)).toContain(JSON.stringify(crate));
  const virtualDj = new TextDecoder().decode(file('VirtualDJ/database.xml'));
  expect(virtualDj.match(/<Song /g)).toHaveLength(titles.length);
  expect(virtualDj.match(/<Song [^>]*FilePath="[^"]*\.flac"/g)).toHaveLength(1);
}

function filesUnder(folder: string, prefix = ''): string[] {
  return readdirSync(join(folder, prefix), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(folder, `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

describe.each(e2eBrowsers)('$name', (browser) => {
  let store: TestStore;
  let extension: E2eExtension;
  let downloadDir: string;
  let titles: string[];
  let flacTitle: string;
  let stickPage: E2ePage;

  beforeAll(async () => {
    store = await startTestStore({ scale: 300, listen: true, trackSeconds: 8 });
    downloadDir = mkdtempSync(join(tmpdir(), 'crate-stick-'));
    extension = await browser.launch({ downloadsPath: downloadDir });
    await (await signInToStore(extension, store.baseUrl)).page.close();
    // Two of demo's purchases count as downloaded: the crate "everything downloaded".
    const userId = await demoId(store);
    const entries = await store.ctx.db.all<{ id: number; name: string; mix_name: string }>(
      `SELECT downloads.id, tracks.name, tracks.mix_name FROM downloads JOIN tracks ON tracks.id = downloads.track_id
        WHERE downloads.user_id = ? ORDER BY downloads.id LIMIT 2`,
      userId,
    );
    await store.ctx.db.run(`UPDATE downloads SET status = 'available' WHERE user_id = ?`, userId);
    for (const entry of entries)
      await store.ctx.db.run(`UPDATE downloads SET status = 'downloaded' WHERE id = ?`, entry.id);
    // The first bought in FLAC, a format the demo store sells.
    await store.ctx.db.run(`UPDATE downloads SET audio_format = 'flac' WHERE id = ?`, entries[0]?.id ?? -1);
    titles = entries.map((entry) => `${entry.name} (${entry.mix_name})`);
    flacTitle = titles[0] ?? '';
  });

  afterAll(async () => {
    await extension?.close();
    await store?.close();
    if (downloadDir) rmSync(downloadDir, { recursive: true, force: true });
  });

  it('hands everything downloaded from the export dialog to the USB stick page', async () => {
    const popup = new PopupPage(await extension.openPage('popup.html#library'));
    await popup.live();
    await new CrateExportPage(popup.page).exportToStick(crate, 'downloaded');
    await popup.page.close();
    stickPage = await extension.openPage('usb-stick.html');
    await stickPage.getByText(english.count('stick.intro', 2, crate)).waitFor({ timeout: 30_000 });
  });

  it.runIf(browser.name === 'Chromium')('writes the stick into a folder handle', async () => {
    await stickPage.evaluate(rememberPrivateFolder);
    await stickPage.goto(await stickPage.evaluate<string>('location.href'));
    await stickPage.getByRole('button', { name: english.t('stick.writeTo', '') }).click();
    await stickPage.getByText(english.count('stick.added', 2, '0', crate)).waitFor({ timeout: 120_000 });
    const files = await stickPage.evaluate<Record<string, string>>(privateFiles);
    const file = (path: string) =>
      path in files ? new Uint8Array(Buffer.from(files[path] ?? '', 'base64')) : undefined;
    expectStick(file, titles, flacTitle);
    await expectEveryBooth(file, titles, flacTitle);
    expect(Object.keys(files).filter((path) => path.endsWith('.new') || path.endsWith('.crswap'))).toEqual(
      [],
    );

    // Again to the same stick: nothing copied twice, the playlist as it was.
    await stickPage.getByRole('button', { name: english.t('stick.writeTo', '') }).click();
    await stickPage.getByText(english.count('stick.added', 0, '2', crate)).waitFor({ timeout: 120_000 });
    expect(await seriousViolations(stickPage as unknown as Page)).toEqual([]);
    const again = await stickPage.evaluate<Record<string, string>>(privateFiles);
    expect(Object.keys(again).sort()).toEqual(Object.keys(files).sort());
    const database = new Uint8Array(Buffer.from(again['PIONEER/rekordbox/export.pdb'] ?? '', 'base64'));
    expect(readExportPdb(database).playlists.map((playlist) => playlist.trackIds.length)).toEqual([2]);
  });

  it('saves the stick in the downloads folder, to copy onto the stick', async () => {
    const name = browser.name === 'Chromium' ? 'stick.toDownloads' : 'stick.saveDownloads';
    await stickPage.getByRole('button', { name: english.t(name) }).click();
    const folder = `${crate} (USB stick)`;
    await stickPage.getByText(english.t('stick.savedDownloads', folder)).waitFor({ timeout: 120_000 });
    const root = join(downloadDir, folder);
    const file = (path: string) => {
      try {
        return new Uint8Array(readFileSync(join(root, path)));
      } catch {
        return undefined;
      }
    };
    expectStick(file, titles, flacTitle);
    await expectEveryBooth(file, titles, flacTitle);
    expect(filesUnder(root).filter((path) => path.endsWith('.new'))).toEqual([]);
  });
});
