/**
 * Engine DJ on the stick (Denon, Numark, Rane players; Engine DJ 4.x): `Engine Library/Database2/m.db`
 * in schema 3.0.1 (schema.ts). The crate's tracks, already under /Contents/ from the legacy export,
 * are listed with their metadata, performance data and art, and the crate becomes a playlist.
 *
 * A stick that already holds an Engine library keeps every row of it: the DJ's file is opened, the
 * crate's rows are added, and the result is written to m.db.new, read back and checked, and only
 * then put in place of m.db. A library in another schema, or one SQLite cannot read, stops the
 * export with `foreign-engine-library`, the stick untouched.
 */

import type { BoothLibraryRequest, BoothLibraryWriter, BoothTrack } from '../booth-library.ts';
import { bytesOfBase64 } from '../bytes.ts';
import {
  readFileAt,
  type StickDirectoryHandle,
  StickExportError,
  StickFolders,
  writeFileAt,
} from '../rekordbox-device/stick-directory.ts';
import {
  type EngineColor,
  emptyPad,
  encodeBeatData,
  encodeLoops,
  encodeOverview,
  encodeQuickCues,
  encodeTrackData,
} from './blobs.ts';
import { engineSampleOf } from './engine-positions.ts';
import type { EngineSqlDatabase, OpenEngineDatabase } from './engine-sql.ts';
import { engineSchema, engineSchemaVersion } from './schema.ts';

export const engineDatabasePath = ['Engine Library', 'Database2', 'm.db'];
const newDatabasePath = ['Engine Library', 'Database2', 'm.db.new'];
/** Changes Engine made and has not yet moved into m.db; SQLite would replay them onto a file we replaced. */
const journalPath = ['Engine Library', 'Database2', 'm.db-wal'];

const pads = 8;

/** Engine's key numbers: the circle of fifths from C major, each major followed by its relative minor. */
const pitchClasses: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };
export function engineKeyOf(key: string): number | undefined {
  const match = /^([A-G])([#b]?)(m?)$/.exec(key.trim());
  if (!match) return undefined;
  const [, letter = 'C', accidental, minor] = match;
  const pitch = ((pitchClasses[letter] ?? 0) + (accidental === '#' ? 1 : accidental === 'b' ? 11 : 0)) % 12;
  const major = minor ? (pitch + 3) % 12 : pitch;
  return 2 * ((major * 7) % 12) + (minor ? 1 : 0);
}

const colorOf = (hex: string): EngineColor => ({
  r: Number.parseInt(hex.slice(1, 3), 16),
  g: Number.parseInt(hex.slice(3, 5), 16),
  b: Number.parseInt(hex.slice(5, 7), 16),
});

/** Engine's path of a track: from the `Engine Library` folder, so "../Contents/...". */
export const enginePathOf = (filePath: string) => `..${filePath.startsWith('/') ? '' : '/'}${filePath}`;

/** Opens the DJ's m.db, or says why Crate cannot add to it. */
function openExisting(openDatabase: OpenEngineDatabase, bytes: Uint8Array): EngineSqlDatabase {
  let db: EngineSqlDatabase | undefined;
  try {
    db = openDatabase(bytes);
    const check = db.prepare('PRAGMA integrity_check').get();
    if (check?.integrity_check !== 'ok')
      throw new Error(`integrity check: ${String(check?.integrity_check)}`);
    const info = db
      .prepare('SELECT schemaVersionMajor AS major, schemaVersionMinor AS minor FROM Information')
      .get();
    if (info?.major !== engineSchemaVersion.major || info?.minor !== engineSchemaVersion.minor)
      throw new Error(`schema ${String(info?.major)}.${String(info?.minor)}`);
    db.prepare('SELECT Track.id, path, uuid FROM Track, Information LIMIT 0').all();
    db.prepare('SELECT trackId, beatData FROM PerformanceData LIMIT 0').all();
    return db;
  } catch (error) {
    db?.close();
    throw new StickExportError('foreign-engine-library', error);
  }
}

function freshDatabase(openDatabase: OpenEngineDatabase): EngineSqlDatabase {
  const db = openDatabase();
  db.exec(`BEGIN; ${engineSchema.join('\n')} COMMIT;`);
  const { major, minor, patch } = engineSchemaVersion;
  db.prepare(
    'INSERT INTO Information (uuid, schemaVersionMajor, schemaVersionMinor, schemaVersionPatch, currentPlayedIndiciator) VALUES (?, ?, ?, ?, 0)',
  ).run(crypto.randomUUID(), major, minor, patch);
  return db;
}

async function artworkOf(track: BoothTrack): Promise<Uint8Array | undefined> {
  return typeof track.artwork === 'function' ? await track.artwork() : track.artwork;
}

async function sha1Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', bytes as Uint8Array<ArrayBuffer>));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The same picture is stored once, found by its hash. */
async function albumArtId(db: EngineSqlDatabase, track: BoothTrack): Promise<number | null> {
  const art = await artworkOf(track);
  if (art === undefined || art.length === 0) return null;
  const hash = await sha1Hex(art);
  const found = db.prepare('SELECT id FROM AlbumArt WHERE hash = ?').get(hash);
  if (found) return Number(found.id);
  return Number(
    db.prepare('INSERT INTO AlbumArt (hash, albumArt) VALUES (?, ?)').run(hash, art).lastInsertRowid,
  );
}

async function performanceData(track: BoothTrack) {
  const { analysis, sampleRate } = track;
  const sample = (ms: number) => engineSampleOf(ms, sampleRate);
  const samples = Math.round(sample(analysis.durationMs));
  const msPerBeat = 60000 / analysis.bpm;
  // One tempo from the first downbeat to the grid's end: two markers, as Engine stores a steady grid.
  const grid = [
    { sampleOffset: sample(analysis.firstDownbeatMs), beatNumber: 0, beatsToNext: analysis.beatCount },
    {
      sampleOffset: sample(analysis.firstDownbeatMs + analysis.beatCount * msPerBeat),
      beatNumber: analysis.beatCount,
      beatsToNext: 0,
    },
  ];
  const cues = Array.from({ length: pads }, (_, pad) => {
    const cue = analysis.cues.find((each) => each.hotCue === pad);
    return cue
      ? { label: cue.name, sampleOffset: sample(cue.positionMs), color: colorOf(cue.color) }
      : emptyPad;
  });
  const points = bytesOfBase64(analysis.waveformOverview);
  const bandMean = (band: number) =>
    points.reduce((sum, value, at) => (at % 3 === band ? sum + value : sum), 0) /
    Math.max(1, points.length / 3) /
    255;
  return {
    trackData: await encodeTrackData({
      sampleRate,
      samples,
      key: engineKeyOf(track.key) ?? 0,
      averageLoudness: { low: bandMean(0), mid: bandMean(1), high: bandMean(2) },
    }),
    overview: await encodeOverview({ samplesPerPoint: samples / Math.max(1, points.length / 3), points }),
    beatData: await encodeBeatData({ sampleRate, samples, defaultGrid: grid, adjustedGrid: grid }),
    quickCues: await encodeQuickCues({ cues, mainCue: sample(analysis.firstDownbeatMs) }),
    loops: encodeLoops(Array.from({ length: pads }, () => undefined)),
  };
}

/** The track's row id: the one already listing its file, or a new row with its performance data. */
async function trackId(db: EngineSqlDatabase, track: BoothTrack, addedAt: number): Promise<number> {
  const path = enginePathOf(track.filePath);
  const found = db.prepare('SELECT id FROM Track WHERE path = ?').get(path);
  if (found) return Number(found.id);
  const key = engineKeyOf(track.key);
  const id = Number(
    db
      .prepare(
        `INSERT INTO Track (length, bpm, year, path, filename, bitrate, bpmAnalyzed, albumArtId, fileBytes,
          title, artist, album, genre, label, key, rating, isPlayed, fileType, isAnalyzed, dateCreated, dateAdded,
          isAvailable, isMetadataOfPackedTrackChanged, isPerfomanceDataOfPackedTrackChanged, isMetadataImported,
          pdbImportKey, isBeatGridLocked, streamingFlags, explicitLyrics, lastEditTime)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, 1, ?, ?, 1, 0, 0, 1, 0, 1, 0, 0, ?)`,
      )
      .run(
        Math.round(track.analysis.durationMs / 1000),
        Math.round(track.analysis.bpm),
        track.year || null,
        path,
        path.split('/').at(-1) ?? '',
        track.bitrateKbps || null,
        track.analysis.bpm,
        await albumArtId(db, track),
        track.fileSize,
        track.title,
        track.artist,
        track.album || null,
        track.genre || null,
        track.label || null,
        key ?? null,
        track.fileType,
        addedAt,
        addedAt,
        addedAt,
      ).lastInsertRowid,
  );
  const data = await performanceData(track);
  // Engine's insert trigger makes the track's empty PerformanceData row (every 3.0.x reference has it);
  // a library without that trigger gets the row here.
  db.prepare('INSERT OR IGNORE INTO PerformanceData (trackId) VALUES (?)').run(id);
  db.prepare(
    `UPDATE PerformanceData SET trackData = ?, overviewWaveFormData = ?, beatData = ?, quickCues = ?, loops = ?,
      thirdPartySourceId = 0 WHERE trackId = ?`,
  ).run(data.trackData, data.overview, data.beatData, data.quickCues, data.loops, id);
  return id;
}

/** The crate's playlist at the top level: the DJ's own of that name gains the tracks it lacks. */
function addPlaylist(
  db: EngineSqlDatabase,
  title: string,
  trackIds: readonly number[],
  editedAt: number,
): void {
  const uuid = String(db.prepare('SELECT uuid FROM Information').get()?.uuid ?? '');
  const existing = db.prepare('SELECT id FROM Playlist WHERE title = ? AND parentListId = 0').get(title);
  // nextListId 0 appends: Engine's insert triggers relink the list that was last.
  const listId = existing
    ? Number(existing.id)
    : Number(
        db
          .prepare(
            'INSERT INTO Playlist (title, parentListId, isPersisted, nextListId, lastEditTime, isExplicitlyExported) VALUES (?, 0, 1, 0, ?, 1)',
          )
          .run(title, editedAt).lastInsertRowid,
      );
  const listed = new Set(
    db
      .prepare('SELECT trackId FROM PlaylistEntity WHERE listId = ?')
      .all(listId)
      .map((row) => Number(row.trackId)),
  );
  const last = db.prepare('SELECT id FROM PlaylistEntity WHERE listId = ? AND nextEntityId = 0').get(listId);
  let previous = last ? Number(last.id) : undefined;
  for (const id of trackIds) {
    if (listed.has(id)) continue;
    listed.add(id);
    const entity = Number(
      db
        .prepare(
          'INSERT INTO PlaylistEntity (listId, trackId, databaseUuid, nextEntityId, membershipReference) VALUES (?, ?, ?, 0, 0)',
        )
        .run(listId, id, uuid).lastInsertRowid,
    );
    if (previous !== undefined)
      db.prepare('UPDATE PlaylistEntity SET nextEntityId = ? WHERE id = ?').run(entity, previous);
    previous = entity;
  }
}

/** A new m.db must open, pass SQLite's check and list every track of the crate before it replaces the old. */
function checkWritten(openDatabase: OpenEngineDatabase, bytes: Uint8Array, paths: readonly string[]): void {
  const db = openDatabase(bytes);
  try {
    if (db.prepare('PRAGMA integrity_check').get()?.integrity_check !== 'ok') throw new Error('integrity');
    const has = db.prepare('SELECT 1 FROM Track JOIN PerformanceData ON trackId = Track.id WHERE path = ?');
    for (const path of paths) if (!has.get(path)) throw new Error(`${path} missing`);
  } finally {
    db.close();
  }
}

const unixSeconds = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / 1000);

/** The DJ's m.db, if any; throws `foreign-engine-library` when Crate cannot add to it. */
async function readableExisting(
  openDatabase: OpenEngineDatabase,
  root: StickDirectoryHandle,
): Promise<EngineSqlDatabase | undefined> {
  const existing = await readFileAt(root, engineDatabasePath);
  const journal = await readFileAt(root, journalPath);
  if (journal !== undefined && journal.length > 0)
    throw new StickExportError('foreign-engine-library', new Error('m.db-wal holds changes not yet in m.db'));
  return existing === undefined ? undefined : openExisting(openDatabase, existing);
}

/**
 * Refuses a stick whose Engine library Crate cannot add to, before any library on it is written
 * (the Engine writer runs after the legacy one, which would otherwise already have changed).
 */
export async function checkEngineLibrary(openDatabase: OpenEngineDatabase, root: StickDirectoryHandle) {
  (await readableExisting(openDatabase, root))?.close();
}

/** The Engine DJ writer, given the SQLite to write with. */
export function engineDjWriter(openDatabase: OpenEngineDatabase): BoothLibraryWriter {
  return async (root: StickDirectoryHandle, request: BoothLibraryRequest) => {
    const db = (await readableExisting(openDatabase, root)) ?? freshDatabase(openDatabase);
    let bytes: Uint8Array;
    try {
      const at = unixSeconds(request.date);
      db.exec('BEGIN');
      const ids: number[] = [];
      for (const track of request.tracks) ids.push(await trackId(db, track, at));
      addPlaylist(db, request.playlistName, ids, at);
      db.exec('COMMIT');
      bytes = db.serialize();
    } finally {
      db.close();
    }
    try {
      checkWritten(
        openDatabase,
        bytes,
        request.tracks.map((track) => enginePathOf(track.filePath)),
      );
    } catch (error) {
      throw new StickExportError('write-failed', error);
    }
    const folders = new StickFolders(root);
    await writeFileAt(folders, newDatabasePath, [bytes]);
    const written = await readFileAt(root, newDatabasePath);
    if (written === undefined || written.length !== bytes.length) throw new StickExportError('write-failed');
    await writeFileAt(folders, engineDatabasePath, [written]);
    await (await folders.folder(newDatabasePath.slice(0, -1))).removeEntry('m.db.new');
  };
}
