import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { BoothTrack } from '../../../../../lib/dj-formats/booth-library.ts';
import {
  decodeBeatData,
  decodeLoops,
  decodeOverview,
  decodeQuickCues,
  decodeTrackData,
} from '../../../../../lib/dj-formats/engine-dj/blobs.ts';
import type {
  EngineSqlDatabase,
  OpenEngineDatabase,
} from '../../../../../lib/dj-formats/engine-dj/engine-sql.ts';
import { engineDjWriter, engineKeyOf } from '../../../../../lib/dj-formats/engine-dj/writer.ts';
import { StickExportError } from '../../../../../lib/dj-formats/rekordbox-device/stick-directory.ts';
import { browserSqlite } from '../../../../../lib/usb-stick-page/browser-sqlite.ts';
import { MemoryDirectory, makeExportTrack } from '../../../../helpers/usb-stick.ts';

const nodeDatabase: OpenEngineDatabase = (bytes) => {
  const db = new DatabaseSync(':memory:');
  if (bytes) db.deserialize(bytes);
  return db as unknown as EngineSqlDatabase;
};
/** The writer on Node's SQLite and on the browser's (the stick page's sqlite-wasm), judged alike. */
const engines: [string, OpenEngineDatabase][] = [
  ['node:sqlite', nodeDatabase],
  ['sqlite-wasm, as on the stick page', (await browserSqlite()).openEngineDatabase],
];
const mdb = 'Engine Library/Database2/m.db';
const date = '2026-11-27';

function boothTrack(n: number, overrides: Partial<BoothTrack> = {}): BoothTrack {
  const { audio: _audio, ...track } = makeExportTrack(n);
  return {
    ...track,
    filePath: `/Contents/Artist ${n % 3}/Album/Artist ${n % 3} - Track ${n}.mp3`,
    fileSize: 40_000 + n,
    legacyId: n,
    analyzePath: `/PIONEER/USBANLZ/P000/0000000${n}/ANLZ0000.DAT`,
    ...overrides,
  };
}

function open(stick: MemoryDirectory): DatabaseSync {
  const db = new DatabaseSync(':memory:');
  db.deserialize(stick.file(mdb) ?? new Uint8Array());
  return db;
}

/** An Engine DJ release's own empty library, from libdjinterop's reference dump. */
function referenceDatabase(release = '4.3.4'): DatabaseSync {
  const db = new DatabaseSync(':memory:');
  db.exec(
    readFileSync(
      join(import.meta.dirname, `../../../../fixtures/engine-dj/desktop-${release}-m.db.sql`),
      'utf8',
    ),
  );
  return db;
}

async function stickHolding(bytes: Uint8Array): Promise<MemoryDirectory> {
  const stick = new MemoryDirectory();
  const engine = await stick.getDirectoryHandle('Engine Library', { create: true });
  const folder = await engine.getDirectoryHandle('Database2', { create: true });
  const writable = await (await folder.getFileHandle('m.db', { create: true })).createWritable();
  await writable.write(bytes);
  await writable.close();
  return stick;
}

function schemaOf(db: DatabaseSync) {
  const objects = db
    .prepare(
      "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name <> 'sqlite_sequence' ORDER BY name",
    )
    .all();
  const columns = objects
    .filter((object) => object.type === 'table' || object.type === 'view')
    .map((object) => ({
      table: object.name,
      columns: db.prepare(`PRAGMA table_xinfo("${String(object.name)}")`).all(),
      indexes: db.prepare(`PRAGMA index_list("${String(object.name)}")`).all(),
      foreignKeys: db.prepare(`PRAGMA foreign_key_list("${String(object.name)}")`).all(),
    }));
  return { objects, columns };
}

describe.each(engines)('engineDjWriter on %s', (_, openDatabase) => {
  const writeEngine = engineDjWriter(openDatabase);
  it("writes a fresh stick's m.db in Engine DJ 4.3.4's schema, every table, view, index and trigger", async () => {
    const stick = new MemoryDirectory();
    await writeEngine(stick, { playlistName: 'Friday', tracks: [boothTrack(1)], date });
    const db = open(stick);
    expect(schemaOf(db)).toEqual(schemaOf(referenceDatabase()));
    expect(
      db.prepare('SELECT schemaVersionMajor, schemaVersionMinor, schemaVersionPatch FROM Information').all(),
    ).toEqual([{ schemaVersionMajor: 3, schemaVersionMinor: 0, schemaVersionPatch: 1 }]);
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    expect(stick.file('Engine Library/Database2/m.db.new')).toBeUndefined();
  });

  it('lists the tracks by their path from the Engine Library folder, with metadata, art and the crate as a playlist', async () => {
    const stick = new MemoryDirectory();
    const art = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);
    await writeEngine(stick, {
      playlistName: 'Friday',
      tracks: [boothTrack(1, { artwork: art }), boothTrack(2, { key: 'F#', artwork: async () => art })],
      date,
    });
    const db = open(stick);
    const tracks = db
      .prepare(
        'SELECT id, path, filename, title, artist, key, bpm, bpmAnalyzed, length, fileBytes, fileType, albumArtId, originTrackId FROM Track ORDER BY id',
      )
      .all();
    expect(tracks).toEqual([
      {
        id: 1,
        path: '../Contents/Artist 1/Album/Artist 1 - Track 1.mp3',
        filename: 'Artist 1 - Track 1.mp3',
        title: 'Track 1',
        artist: 'Artist 1',
        key: 1,
        bpm: 128,
        bpmAnalyzed: 128,
        length: 240,
        fileBytes: 40_001,
        fileType: 'mp3',
        albumArtId: 1,
        originTrackId: 1,
      },
      expect.objectContaining({
        id: 2,
        key: 12,
        albumArtId: 1,
        path: '../Contents/Artist 2/Album/Artist 2 - Track 2.mp3',
      }),
    ]);
    expect(db.prepare('SELECT albumArt FROM AlbumArt').all()).toEqual([{ albumArt: art }]);
    expect(db.prepare('SELECT title, parentListId, nextListId FROM Playlist').all()).toEqual([
      { title: 'Friday', parentListId: 0, nextListId: 0 },
    ]);
    expect(db.prepare('SELECT trackId, nextEntityId FROM PlaylistEntity ORDER BY id').all()).toEqual([
      { trackId: 1, nextEntityId: 2 },
      { trackId: 2, nextEntityId: 0 },
    ]);
  });

  it('encodes the performance data as libdjinterop decodes it: grids, named coloured cues, overview, track data, loops', async () => {
    const stick = new MemoryDirectory();
    await writeEngine(stick, { playlistName: 'Friday', tracks: [boothTrack(1)], date });
    const row = open(stick).prepare('SELECT * FROM PerformanceData WHERE trackId = 1').get() ?? {};
    const blob = (name: string) => row[name] as Uint8Array;
    // zlib behind a big-endian length, checked by Node's zlib rather than our own decoder.
    for (const name of ['trackData', 'overviewWaveFormData', 'beatData', 'quickCues']) {
      const inflated = inflateSync(blob(name).subarray(4));
      expect(Buffer.from(blob(name)).readUInt32BE(0)).toBe(inflated.length);
    }
    // The sizes libdjinterop's to_blob computes for these contents.
    expect(inflateSync(blob('trackData').subarray(4))).toHaveLength(44);
    expect(inflateSync(blob('beatData').subarray(4))).toHaveLength(33 + 24 * 4);
    expect(inflateSync(blob('quickCues').subarray(4))).toHaveLength(
      25 + 13 * 8 + 'Start'.length + 'Drop'.length,
    );
    expect(inflateSync(blob('overviewWaveFormData').subarray(4))).toHaveLength(27 + 3 * 400);
    expect(blob('loops')).toHaveLength(8 + 23 * 8);

    const samplesAt = (ms: number) => (ms * 44_100) / 1000;
    expect(await decodeTrackData(blob('trackData'))).toMatchObject({
      sampleRate: 44_100,
      samples: 240 * 44_100,
      key: 1,
    });
    const beats = await decodeBeatData(blob('beatData'));
    expect(beats.adjustedGrid).toEqual([
      { sampleOffset: samplesAt(120), beatNumber: 0, beatsToNext: 512 },
      { sampleOffset: samplesAt(120 + (512 * 60_000) / 128), beatNumber: 512, beatsToNext: 0 },
    ]);
    expect(beats.defaultGrid).toEqual(beats.adjustedGrid);
    const cues = await decodeQuickCues(blob('quickCues'));
    expect(cues.cues.slice(0, 3)).toEqual([
      { label: 'Start', sampleOffset: samplesAt(120), color: { r: 0x28, g: 0xe2, b: 0x14 } },
      { label: 'Drop', sampleOffset: samplesAt(60_120), color: { r: 0xe6, g: 0x28, b: 0x28 } },
      { label: '', sampleOffset: -1, color: { r: 0, g: 0, b: 0 } },
    ]);
    expect(cues.cues).toHaveLength(8);
    expect(cues.mainCue).toBe(samplesAt(120));
    // Within 1 ms of the analysis: Engine's positions are exact sample counts of the same millisecond.
    expect(Math.abs((cues.cues[1]?.sampleOffset ?? 0) / 44.1 - 60_120)).toBeLessThan(1);
    const overview = await decodeOverview(blob('overviewWaveFormData'));
    expect(overview.points).toEqual(new Uint8Array(400 * 3).map((_, i) => (i * 37) % 256));
    expect(overview.samplesPerPoint).toBe((240 * 44_100) / 400);
    expect(decodeLoops(blob('loops'))).toEqual(Array.from({ length: 8 }, () => undefined));
  });

  it('adds to an Engine library already on the stick: every row kept, a track listed once, the playlist appended', async () => {
    const stick = new MemoryDirectory();
    await writeEngine(stick, { playlistName: 'Friday', tracks: [boothTrack(1), boothTrack(2)], date });
    const first = open(stick);
    // The DJ's own edits in Engine: a history row, a rating, a prepare list.
    first.exec(
      "UPDATE Track SET rating = 80, comment = 'DJ note' WHERE id = 2; INSERT INTO PreparelistEntity (trackId, trackNumber) VALUES (2, 1);",
    );
    const before = Object.fromEntries(
      [
        'Track',
        'PerformanceData',
        'Playlist',
        'PlaylistEntity',
        'PreparelistEntity',
        'AlbumArt',
        'Information',
      ].map((table) => [table, first.prepare(`SELECT * FROM ${table} ORDER BY 1`).all()]),
    );
    await stick.getDirectoryHandle('Engine Library').then(async (folder) => {
      const database = await (await folder.getDirectoryHandle('Database2')).getFileHandle('m.db');
      const writable = await database.createWritable();
      await writable.write(first.serialize());
      await writable.close();
    });

    await writeEngine(stick, { playlistName: 'Saturday', tracks: [boothTrack(2), boothTrack(3)], date });
    await writeEngine(stick, { playlistName: 'Friday', tracks: [boothTrack(1), boothTrack(4)], date });
    const after = open(stick);
    for (const [table, rows] of Object.entries(before)) {
      const now = after.prepare(`SELECT * FROM ${table} ORDER BY 1`).all();
      for (const row of rows) {
        const kept = now.find((each) => Object.values(each)[0] === Object.values(row)[0]);
        expect(
          table === 'PlaylistEntity' || table === 'Playlist'
            ? { ...kept, nextEntityId: 0, nextListId: 0 }
            : kept,
        ).toEqual(
          table === 'PlaylistEntity' || table === 'Playlist'
            ? { ...row, nextEntityId: 0, nextListId: 0 }
            : row,
        );
      }
    }
    expect(
      after
        .prepare('SELECT id, path FROM Track ORDER BY id')
        .all()
        .map((row) => row.id),
    ).toEqual([1, 2, 3, 4]);
    expect(after.prepare('SELECT title, nextListId FROM Playlist ORDER BY id').all()).toEqual([
      { title: 'Friday', nextListId: 2 },
      { title: 'Saturday', nextListId: 0 },
    ]);
    const listOf = (title: string) =>
      after
        .prepare(
          'SELECT trackId FROM PlaylistEntity JOIN Playlist ON Playlist.id = listId WHERE title = ? ORDER BY PlaylistEntity.id',
        )
        .all(title)
        .map((row) => row.trackId);
    expect(listOf('Friday')).toEqual([1, 2, 4]);
    expect(listOf('Saturday')).toEqual([2, 3]);
    expect(after.prepare('SELECT count(*) AS n FROM PlaylistEntity WHERE nextEntityId = 0').get()).toEqual({
      n: 2,
    });
  });

  it('adds to the empty library Engine DJ 5.0 made (schema 3.0.2), its uuid and extra column kept', async () => {
    const stick = await stickHolding(referenceDatabase('5.0.0').serialize());
    await writeEngine(stick, { playlistName: 'Friday', tracks: [boothTrack(1)], date });
    const db = open(stick);
    const uuid = '0cb40255-6c12-427f-9096-b90e77fd76b0';
    expect(db.prepare('SELECT uuid, schemaVersionPatch FROM Information').get()).toEqual({
      uuid,
      schemaVersionPatch: 2,
    });
    expect(db.prepare('SELECT path, albumArtSourceHash, originDatabaseUuid FROM Track').all()).toEqual([
      {
        path: '../Contents/Artist 1/Album/Artist 1 - Track 1.mp3',
        albumArtSourceHash: null,
        originDatabaseUuid: uuid,
      },
    ]);
    expect(db.prepare('SELECT databaseUuid FROM PlaylistEntity').all()).toEqual([{ databaseUuid: uuid }]);
    expect(schemaOf(db)).toEqual(schemaOf(referenceDatabase('5.0.0')));
  });

  it("stops when Engine left changes in m.db-wal (the stick pulled while Engine ran): they are the DJ's", async () => {
    const stick = new MemoryDirectory();
    await writeEngine(stick, { playlistName: 'Friday', tracks: [boothTrack(1)], date });
    const folder = await (await stick.getDirectoryHandle('Engine Library')).getDirectoryHandle('Database2');
    const wal = await (await folder.getFileHandle('m.db-wal', { create: true })).createWritable();
    await wal.write(new Uint8Array([0x37, 0x7f, 0x06, 0x82]));
    await wal.close();
    const before = stick.file(mdb);
    const failure = await writeEngine(stick, { playlistName: 'Friday', tracks: [boothTrack(2)], date }).catch(
      (error: unknown) => error,
    );
    expect((failure as StickExportError).failure).toBe('foreign-engine-library');
    expect(stick.file(mdb)).toEqual(before);
  });

  it.each([
    ['a damaged m.db', () => new TextEncoder().encode('SQLite format 3\0 but torn off here')],
    [
      'an Engine library of another schema (Engine DJ 4.0, 2.21)',
      async () => {
        const stick = new MemoryDirectory();
        await writeEngine(stick, { playlistName: 'Friday', tracks: [boothTrack(1)], date });
        const db = open(stick);
        db.exec('UPDATE Information SET schemaVersionMajor = 2, schemaVersionMinor = 21');
        return db.serialize();
      },
    ],
  ])('stops at %s with foreign-engine-library, the stick as it was', async (_, make) => {
    const bytes = await make();
    const stick = await stickHolding(bytes);
    const paths = stick.paths();

    const failure = await writeEngine(stick, { playlistName: 'Friday', tracks: [boothTrack(2)], date }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(StickExportError);
    expect((failure as StickExportError).failure).toBe('foreign-engine-library');
    expect(stick.paths()).toEqual(paths);
    expect(stick.file(mdb)).toEqual(bytes);
  });
});

describe('engineKeyOf', () => {
  it("numbers keys as libdjinterop's musical_key: the circle of fifths from C major, each with its relative minor", () => {
    expect(['C', 'Am', 'G', 'Em', 'D', 'F#', 'Ebm', 'Db', 'C#m', 'Bb', 'F', 'Dm'].map(engineKeyOf)).toEqual([
      0, 1, 2, 3, 4, 12, 13, 14, 9, 20, 22, 23,
    ]);
    expect(engineKeyOf('')).toBeUndefined();
  });
});
