/**
 * Adds a crate to an open (decrypted) OneLibrary: each track once by its path on the stick (a
 * track already listed keeps its row and the DJ's edits), names shared by their row, and the crate
 * as a new playlist in order. Rows already there are never changed or removed.
 */
import type { BoothLibraryRequest, BoothTrack } from '../booth-library.ts';
import { fileTypeCodes } from '../rekordbox-device/stick-library.ts';
import { oneLibraryTables } from './schema.ts';

type SqlValue = string | number | null;

/** The part of a SQLite connection this needs; node:sqlite's DatabaseSync is one. */
export interface SqlDatabase {
  exec(sql: string): void;
  prepare(sql: string): {
    run(...params: SqlValue[]): { lastInsertRowid: number | bigint };
    get(...params: SqlValue[]): Record<string, unknown> | undefined;
  };
}

/** The property row's device name on a stick Crate started; a stick rekordbox made keeps its own. */
const deviceName = 'Crate';
const playlistAttribute = 0; // a plain playlist, not a folder (1) or smart playlist (4)

function idOf(db: SqlDatabase, table: string, name: string | undefined): number | null {
  if (name === undefined || name === '') return null;
  const found = db.prepare(`SELECT ${table}_id AS id FROM "${table}" WHERE name = ?`).get(name);
  if (found !== undefined) return Number(found.id);
  return Number(db.prepare(`INSERT INTO "${table}" (name) VALUES (?)`).run(name).lastInsertRowid);
}

function contentId(db: SqlDatabase, track: BoothTrack, date: string): number {
  const found = db.prepare('SELECT content_id AS id FROM content WHERE path = ?').get(track.filePath);
  if (found !== undefined) return Number(found.id);
  const artistId = idOf(db, 'artist', track.artist);
  const albumId = idOf(db, 'album', track.album);
  const fileName = track.filePath.slice(track.filePath.lastIndexOf('/') + 1);
  const row = db
    .prepare(
      `INSERT INTO content (title, bpmx100, length, trackNo, artist_id_artist, album_id,
        genre_id, label_id, key_id, releaseYear, dateAdded, path, fileName, fileSize, fileType, bitrate,
        bitDepth, samplingRate, analysisDataFilePath, isHotCueAutoLoadOn)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
    )
    .run(
      track.title,
      Math.round(track.analysis.bpm * 100),
      Math.round(track.analysis.durationMs / 1000),
      track.trackNumber,
      artistId,
      albumId,
      idOf(db, 'genre', track.genre),
      idOf(db, 'label', track.label),
      idOf(db, 'key', track.key),
      track.year,
      date,
      track.filePath,
      fileName,
      track.fileSize,
      fileTypeCodes[track.fileType],
      track.bitrateKbps,
      track.sampleDepth,
      track.sampleRate,
      track.analyzePath,
    );
  return Number(row.lastInsertRowid);
}

export function addCrate(db: SqlDatabase, request: BoothLibraryRequest): void {
  db.exec('BEGIN');
  try {
    db.exec(oneLibraryTables);
    const ids = request.tracks.map((track) => contentId(db, track, request.date));
    const next = db
      .prepare('SELECT coalesce(max(sequenceNo), 0) + 1 AS n FROM playlist WHERE playlist_id_parent IS NULL')
      .get();
    const playlistId = Number(
      db
        .prepare(
          'INSERT INTO playlist (sequenceNo, name, attribute, playlist_id_parent) VALUES (?, ?, ?, NULL)',
        )
        .run(Number(next?.n ?? 1), request.playlistName, playlistAttribute).lastInsertRowid,
    );
    const add = db.prepare(
      'INSERT INTO playlist_content (playlist_id, content_id, sequenceNo) VALUES (?, ?, ?)',
    );
    for (const [i, id] of ids.entries()) add.run(playlistId, id, i + 1);
    const count = Number(db.prepare('SELECT count(*) AS n FROM content').get()?.n ?? 0);
    const property = db.prepare('SELECT deviceName FROM property').get();
    if (property === undefined)
      db.prepare('INSERT INTO property (deviceName, numberOfContents, createdDate) VALUES (?, ?, ?)').run(
        deviceName,
        count,
        request.date,
      );
    else db.prepare('UPDATE property SET numberOfContents = ?').run(count);
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
