import { describe, expect, it } from 'vitest';
import type { BoothLibraryRequest, BoothTrack } from '../../../../../lib/dj-formats/booth-library.ts';
import { emptyPlainDatabase } from '../../../../../lib/dj-formats/onelibrary/plain-database.ts';
import { oneLibraryTables } from '../../../../../lib/dj-formats/onelibrary/schema.ts';
import {
  encryptDatabase,
  rekordboxPassphrase,
} from '../../../../../lib/dj-formats/onelibrary/sqlcipher-pages.ts';
import { oneLibraryWriter, type SqlEngine } from '../../../../../lib/dj-formats/onelibrary/stick-library.ts';
import { StickExportError } from '../../../../../lib/dj-formats/rekordbox-device/stick-directory.ts';
import { browserSqlite } from '../../../../../lib/usb-stick-page/browser-sqlite.ts';
import { nodeSqliteEngine } from '../../../../helpers/node-sqlite-engine.ts';
import { judgeSqlCipher } from '../../../../helpers/sqlcipher-judge.ts';
import { MemoryDirectory, makeExportTrack } from '../../../../helpers/usb-stick.ts';

/** The writer on Node's SQLite and on the browser's (the stick page's sqlite-wasm), judged alike. */
const engines: [string, SqlEngine][] = [
  ['node:sqlite', nodeSqliteEngine],
  ['sqlite-wasm, as on the stick page', (await browserSqlite()).oneLibraryEngine],
];
const libraryPath = 'PIONEER/rekordbox/exportLibrary.db';

function boothTrack(n: number, overrides: Partial<BoothTrack> = {}): BoothTrack {
  const { audio: _audio, ...track } = makeExportTrack(n);
  return {
    ...track,
    filePath: `/Contents/Artist ${n % 3}/Album/Artist ${n % 3} - Track ${n}.mp3`,
    fileSize: 16_680,
    legacyId: n,
    analyzePath: `/PIONEER/USBANLZ/P001/${n.toString(16).padStart(8, '0')}/ANLZ0000.DAT`,
    ...overrides,
  };
}

function request(playlistName: string, tracks: BoothTrack[]): BoothLibraryRequest {
  return { playlistName, tracks, date: '2026-11-28' };
}

function library(stick: MemoryDirectory): Uint8Array {
  const bytes = stick.file(libraryPath);
  if (bytes === undefined) throw new Error('no exportLibrary.db on the stick');
  return bytes;
}

describe.each(engines)('writeOneLibrary on %s', (_, engine) => {
  const writeOneLibrary = oneLibraryWriter(engine);
  it('writes a fresh stick a library SQLCipher 4 opens, with every track and the crate in order', async () => {
    const stick = new MemoryDirectory();
    const tracks = [
      boothTrack(3),
      boothTrack(1),
      boothTrack(2, { fileType: 'flac', filePath: '/Contents/A/B/Two.flac' }),
    ];
    await writeOneLibrary(stick, request('Friday', tracks));
    const judged = await judgeSqlCipher(library(stick), rekordboxPassphrase);
    expect(judged.integrity).toBe('ok');
    expect(Object.keys(judged.tables)).toHaveLength(22);
    expect(judged.tables.content).toHaveLength(46);
    expect(judged.rows).toMatchObject({
      content: 3,
      playlist: 1,
      playlist_content: 3,
      artist: 3,
      property: 1,
    });
    const column = (name: string) => judged.tables.content?.indexOf(name) ?? -1;
    const content = new Map(judged.data.content?.map((row) => [row[0], row]));
    const listed = (judged.data.playlist_content ?? [])
      .toSorted((a, b) => Number(a[2]) - Number(b[2]))
      .map((row) => content.get(row[1]) ?? []);
    expect(listed.map((row) => row[column('title')])).toEqual(['Track 3', 'Track 1', 'Track 2']);
    expect(listed.map((row) => row[column('analysisDataFilePath')])).toEqual(
      tracks.map((t) => t.analyzePath),
    );
    expect(listed.map((row) => row[column('path')])).toEqual(tracks.map((t) => t.filePath));
    expect(listed.map((row) => row[column('fileType')])).toEqual([1, 1, 5]);
    expect(listed.map((row) => row[column('bpmx100')])).toEqual(
      tracks.map((t) => Math.round(t.analysis.bpm * 100)),
    );
    expect(judged.data.playlist?.[0]).toEqual([1, 1, 'Friday', null, 0, null]);
  });

  it('adds a second crate beside the first, keeping every row and sharing tracks by path', async () => {
    const stick = new MemoryDirectory();
    await writeOneLibrary(stick, request('Friday', [boothTrack(1), boothTrack(2)]));
    const before = await judgeSqlCipher(library(stick), rekordboxPassphrase);
    await writeOneLibrary(stick, request('Saturday', [boothTrack(2), boothTrack(3)]));
    const judged = await judgeSqlCipher(library(stick), rekordboxPassphrase);
    expect(judged.rows).toMatchObject({ content: 3, playlist: 2, playlist_content: 4, property: 1 });
    for (const table of [
      'content',
      'artist',
      'album',
      'genre',
      'label',
      'key',
      'playlist',
      'playlist_content',
    ])
      expect(judged.data[table]?.slice(0, before.rows[table])).toEqual(before.data[table]);
  });

  it('keeps every row of a library with histories, tags, cues and columns of its own', async () => {
    const djs = await nodeSqliteEngine(emptyPlainDatabase(), (db) => {
      db.exec(`${oneLibraryTables}
        ALTER TABLE content ADD COLUMN laterColumn varchar;
        INSERT INTO property VALUES ('rekordbox', '1000', 1, '2026-01-01', 0, 7);
        INSERT INTO artist VALUES (1, 'Artist 2', 'artist 2');
        INSERT INTO content (content_id, title, artist_id_artist, path, fileName, rating, djPlayCount, laterColumn)
          VALUES (1, 'Their Edit', 1, '/Contents/Artist 2/Album/Artist 2 - Track 2.mp3', 'Artist 2 - Track 2.mp3', 5, 9, 'kept');
        INSERT INTO cue VALUES (1, 1, 0, 3, 'drop', 0, 0, 0, 64000, NULL, 9600, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
        INSERT INTO history VALUES (1, 1, 'HISTORY 001', 0, NULL);
        INSERT INTO history_content VALUES (1, 1, 1);
        INSERT INTO myTag VALUES (1, 1, 'peak', 0, NULL);
        INSERT INTO myTag_content VALUES (1, 1);
        INSERT INTO menuItem VALUES (1, 128, 'ARTIST');
        INSERT INTO playlist VALUES (1, 1, 'Theirs', NULL, 0, NULL);
        INSERT INTO playlist_content VALUES (1, 1, 1);`);
    });
    const stick = new MemoryDirectory();
    const folder = await (await stick.getDirectoryHandle('PIONEER', { create: true })).getDirectoryHandle(
      'rekordbox',
      {
        create: true,
      },
    );
    const writable = await (
      await folder.getFileHandle('exportLibrary.db', { create: true })
    ).createWritable();
    await writable.write(await encryptDatabase(djs, rekordboxPassphrase));
    await writable.close();
    const before = await judgeSqlCipher(library(stick), rekordboxPassphrase);
    await writeOneLibrary(stick, request('Friday', [boothTrack(2), boothTrack(4)]));
    const after = await judgeSqlCipher(library(stick), rekordboxPassphrase);
    for (const table of Object.keys(before.tables).filter((name) => name !== 'property'))
      expect(after.data[table]?.slice(0, before.rows[table])).toEqual(before.data[table]);
    expect(after.rows).toMatchObject({
      content: 2,
      playlist: 2,
      playlist_content: 3,
      history_content: 1,
      cue: 1,
    });
    expect(after.data.property).toEqual([['rekordbox', '1000', 2, '2026-01-01', 0, 7]]);
    expect(after.data.playlist_content?.slice(1)).toEqual([
      [2, 1, 1],
      [2, 2, 2],
    ]);
  });

  it('refuses a stick whose exportLibrary.db is not a OneLibrary, leaving it as it was', async () => {
    const stick = new MemoryDirectory();
    const folder = await (await stick.getDirectoryHandle('PIONEER', { create: true })).getDirectoryHandle(
      'rekordbox',
      {
        create: true,
      },
    );
    const writable = await (
      await folder.getFileHandle('exportLibrary.db', { create: true })
    ).createWritable();
    const foreign = new Uint8Array(8192).fill(7);
    await writable.write(foreign);
    await writable.close();
    const failure = await writeOneLibrary(stick, request('Friday', [boothTrack(1)])).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(StickExportError);
    expect((failure as StickExportError).failure).toBe('foreign-library');
    expect(library(stick)).toEqual(foreign);
  });

  it('refuses a SQLCipher library under another key, leaving it as it was', async () => {
    const stick = new MemoryDirectory();
    const folder = await (await stick.getDirectoryHandle('PIONEER', { create: true })).getDirectoryHandle(
      'rekordbox',
      {
        create: true,
      },
    );
    const other = await encryptDatabase(emptyPlainDatabase(), 'not rekordbox');
    const writable = await (
      await folder.getFileHandle('exportLibrary.db', { create: true })
    ).createWritable();
    await writable.write(other);
    await writable.close();
    const failure = await writeOneLibrary(stick, request('Friday', [boothTrack(1)])).catch(
      (error: unknown) => error,
    );
    expect((failure as StickExportError).failure).toBe('foreign-library');
    expect(library(stick)).toEqual(other);
  });

  it('leaves the previous library readable when the stick fills up mid-write', async () => {
    const stick = new MemoryDirectory();
    await writeOneLibrary(stick, request('Friday', [boothTrack(1)]));
    const before = library(stick);
    stick.fail({ capacity: 0 });
    const failure = await writeOneLibrary(stick, request('Saturday', [boothTrack(2)])).catch(
      (error: unknown) => error,
    );
    expect((failure as StickExportError).failure).toBe('stick-full');
    expect(library(stick)).toEqual(before);
    expect((await judgeSqlCipher(library(stick), rekordboxPassphrase)).rows).toMatchObject({
      content: 1,
      playlist: 1,
    });
  });
});
