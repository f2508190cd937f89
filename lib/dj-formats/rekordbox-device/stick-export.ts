/**
 * Writes a crate to a USB stick the CDJs read, or adds it to the library already there: the audio
 * under Contents/ first, then each track's analysis files and artwork, the settings files when
 * absent, and export.pdb last, written whole to a new file, read back, and only then put in place
 * of the old one. A stick pulled or full at any point leaves the previous export.pdb as it was, so
 * the library the DJ had still loads (files already copied are merely unlisted until the next
 * export lists them). A library already there is added to, never rewritten (pdb-append.ts): every
 * page rekordbox (or Crate) wrote stays; exportExt.pdb, the settings files and the existing ANLZ
 * files are not touched.
 */
import type { TrackAnalysis } from '../../contract/track-analysis.ts';
import { writeAnlzFiles } from './anlz-writer.ts';
import { Mp3SeekIndexBuilder } from './mp3-seek-index.ts';
import { addToExportPdb } from './pdb-append.ts';
import { readExportPdb } from './pdb-reader.ts';
import { writeExportPdb } from './pdb-writer.ts';
import { defaultSettingFiles } from './setting-files.ts';
import {
  failureOf,
  fileExistsAt,
  readFileAt,
  type StickDirectoryHandle,
  StickExportError,
  StickFolders,
  writeFileAt,
} from './stick-directory.ts';
import type { StickFileType, StickLibrary, StickTrack } from './stick-library.ts';
import { analysisFolder, contentsPath } from './stick-paths.ts';

/** One track to put on the stick, with what the store knows of it. */
export interface StickExportTrack
  extends Pick<
    StickTrack,
    | 'title'
    | 'artist'
    | 'album'
    | 'label'
    | 'genre'
    | 'key'
    | 'year'
    | 'trackNumber'
    | 'fileType'
    | 'bitrateKbps'
    | 'sampleRate'
    | 'sampleDepth'
  > {
  /** The file name without extension, as the DJ's downloads name it. */
  fileName: string;
  analysis: TrackAnalysis;
  /**
   * The detail waveform, 150 columns a second, three bands a column (the store's own call); a
   * function fetches it when the track is written, so a large crate's waveforms are not all held.
   */
  waveformDetail: Uint8Array | (() => Promise<Uint8Array>);
  /** The audio, streamed: copied from disk where the browser allows, otherwise from the store. */
  audio: () => AsyncIterable<Uint8Array>;
  /** JPEG cover art, if any. */
  artwork?: Uint8Array | (() => Promise<Uint8Array | undefined>);
}

export interface StickExportRequest {
  playlistName: string;
  tracks: readonly StickExportTrack[];
  /** Today, YYYY-MM-DD: the date rekordbox stamps on added tracks and the sync history. */
  date: string;
  /** Called after each track's files are on the stick. */
  onProgress?: (done: number, total: number) => void;
}

export interface StickExportResult {
  added: number;
  alreadyThere: number;
  library: StickLibrary;
  /** The crate in its order, each track once, with the row the stick lists it by (new or already there). */
  crate: { track: StickExportTrack; row: StickTrack }[];
}

const databasePath = ['PIONEER', 'rekordbox', 'export.pdb'];
const newDatabasePath = ['PIONEER', 'rekordbox', 'export.pdb.new'];

function split(path: string): string[] {
  return path.split('/').filter((part) => part !== '');
}

/** The same recording, whatever export put it there: never a file twice. */
function identity(track: { artist: string; album: string; title: string; fileType: StickFileType }): string {
  return [track.artist, track.album, track.title, track.fileType]
    .map((part) => part.toLowerCase())
    .join('\u0000');
}

/**
 * The stick's database and the library it holds, none on a fresh stick; a PIONEER folder we cannot
 * read stops the export.
 */
async function existingLibrary(
  root: StickDirectoryHandle,
): Promise<{ bytes?: Uint8Array; library: StickLibrary }> {
  const bytes = await readFileAt(root, databasePath);
  if (bytes === undefined) return { library: { tracks: [], playlists: [] } };
  try {
    return { bytes, library: readExportPdb(bytes) };
  } catch (error) {
    throw new StickExportError('foreign-library', error);
  }
}

async function copyAudio(folders: StickFolders, path: string, track: StickExportTrack) {
  const seekIndex = track.fileType === 'mp3' ? new Mp3SeekIndexBuilder() : undefined;
  async function* chunks() {
    for await (const chunk of track.audio()) {
      seekIndex?.push(chunk);
      yield chunk;
    }
  }
  const fileSize = await writeFileAt(folders, split(path), chunks());
  return { fileSize, seekIndex: seekIndex?.finish() };
}

function stickTrack(
  track: StickExportTrack,
  id: number,
  paths: { filePath: string; analyzePath: string; artworkPath: string },
  fileSize: number,
  date: string,
): StickTrack {
  return {
    id,
    title: track.title,
    artist: track.artist,
    album: track.album,
    label: track.label,
    genre: track.genre,
    key: track.key,
    comment: '',
    year: track.year,
    trackNumber: track.trackNumber,
    tempoCentiBpm: Math.round(track.analysis.bpm * 100),
    durationSeconds: Math.round(track.analysis.durationMs / 1000),
    bitrateKbps: track.bitrateKbps,
    sampleRate: track.sampleRate,
    sampleDepth: track.sampleDepth,
    fileSize,
    fileType: track.fileType,
    ...paths,
    dateAdded: date,
    colorId: 0,
    autoloadHotCues: track.analysis.cues.some((cue) => cue.hotCue !== undefined),
  };
}

/** Names tried for one file before the stick is taken for a broken one (every name "exists"). */
const maxAttempts = 1000;

/**
 * What new tracks must not collide with: paths, analysis folders and ids the library lists, and any
 * file already on the stick (a track rekordbox deleted from its library may leave its files).
 */
class Placement {
  private readonly paths: Set<string>;
  private readonly folders: Set<string>;
  private lastId: number;

  private readonly root: StickDirectoryHandle;

  constructor(library: StickLibrary, root: StickDirectoryHandle) {
    this.root = root;
    this.paths = new Set(library.tracks.map((t) => t.filePath.toLowerCase()));
    this.folders = new Set(library.tracks.map((t) => t.analyzePath.slice(0, t.analyzePath.lastIndexOf('/'))));
    this.lastId = library.tracks.reduce((max, t) => Math.max(max, t.id), 0);
  }

  /** A new track's id, audio path and analysis folder, unique on the stick. */
  async place(track: StickExportTrack): Promise<{ id: number; filePath: string; folder: string }> {
    let filePath = '';
    let tries = 0;
    do {
      if (++tries > maxAttempts) throw new StickExportError('write-failed');
      filePath = contentsPath(track.artist, track.album, track.fileName, track.fileType, this.paths);
      this.paths.add(filePath.toLowerCase());
    } while (await fileExistsAt(this.root, split(filePath)));
    let folder = analysisFolder(filePath);
    for (let attempt = 2; await this.taken(folder); attempt++) {
      if (attempt > maxAttempts) throw new StickExportError('write-failed');
      folder = analysisFolder(filePath, attempt);
    }
    this.folders.add(folder);
    return { id: ++this.lastId, filePath, folder };
  }

  private async taken(folder: string): Promise<boolean> {
    if (this.folders.has(folder)) return true;
    const files = ['ANLZ0000.DAT', 'ANLZ0000.EXT', 'ANLZ0000.2EX'];
    for (const file of files) if (await fileExistsAt(this.root, [...split(folder), file])) return true;
    return false;
  }

  /** The artwork's two files, named for the track, never over a file already there. */
  async artwork(id: number): Promise<{ folder: string[]; name: string }> {
    const folder = ['PIONEER', 'Artwork', String(Math.floor(id / 1000)).padStart(5, '0')];
    let name = `a${id}`;
    for (let n = 2; await fileExistsAt(this.root, [...folder, `${name}.jpg`]); n++) {
      if (n > maxAttempts) throw new StickExportError('write-failed');
      name = `a${id}x${n}`;
    }
    return { folder, name };
  }
}

/** Copies one new track with its analysis and artwork; returns its row. */
async function addTrack(
  folders: StickFolders,
  track: StickExportTrack,
  placement: Placement,
  date: string,
): Promise<StickTrack> {
  const { id, filePath, folder } = await placement.place(track);
  const { fileSize, seekIndex } = await copyAudio(folders, filePath, track);
  const anlz = writeAnlzFiles({
    filePath,
    analysis: track.analysis,
    waveformDetail:
      typeof track.waveformDetail === 'function' ? await track.waveformDetail() : track.waveformDetail,
    mp3SeekIndex: seekIndex,
  });
  await writeFileAt(folders, [...split(folder), 'ANLZ0000.DAT'], [anlz.dat]);
  await writeFileAt(folders, [...split(folder), 'ANLZ0000.EXT'], [anlz.ext]);
  let artworkPath = '';
  const artwork = typeof track.artwork === 'function' ? await track.artwork() : track.artwork;
  if (artwork) {
    const art = await placement.artwork(id);
    await writeFileAt(folders, [...art.folder, `${art.name}.jpg`], [artwork]);
    await writeFileAt(folders, [...art.folder, `${art.name}_m.jpg`], [artwork]);
    artworkPath = `/${art.folder.join('/')}/${art.name}.jpg`;
  }
  const paths = { filePath, analyzePath: `${folder}/ANLZ0000.DAT`, artworkPath };
  return stickTrack(track, id, paths, fileSize, date);
}

async function writeSettingsWhenAbsent(folders: StickFolders): Promise<void> {
  for (const file of defaultSettingFiles()) {
    if ((await readFileAt(folders.root, ['PIONEER', file.name])) === undefined) {
      await writeFileAt(folders, ['PIONEER', file.name], [file.bytes]);
    }
  }
}

/** export.pdb written beside the old one, checked, then put in its place; the old one stays until then. */
async function replaceDatabase(folders: StickFolders, bytes: Uint8Array): Promise<StickLibrary> {
  await writeFileAt(folders, newDatabasePath, [bytes]);
  const written = await readFileAt(folders.root, newDatabasePath);
  if (written === undefined || written.length !== bytes.length) throw new StickExportError('write-failed');
  const library = readExportPdb(written);
  await writeFileAt(folders, databasePath, [bytes]);
  await (await folders.folder(databasePath.slice(0, -1))).removeEntry('export.pdb.new');
  return library;
}

/** The new database: the stick's own with the crate appended, or a fresh one on a fresh stick. */
function newDatabase(
  existing: Uint8Array | undefined,
  library: StickLibrary,
  added: StickTrack[],
  request: StickExportRequest,
  trackIds: readonly number[],
): Uint8Array {
  if (existing === undefined) {
    addPlaylist(library, request.playlistName, trackIds);
    return writeExportPdb(library, request.date);
  }
  try {
    return addToExportPdb(
      existing,
      { tracks: added, playlistName: request.playlistName, trackIds },
      request.date,
    );
  } catch (error) {
    throw new StickExportError('foreign-library', error);
  }
}

/**
 * The crate as a playlist at the root. A playlist of that name already there (the same crate
 * exported again) keeps its tracks and gains the new ones at its end, rather than appearing twice.
 */
function addPlaylist(library: StickLibrary, name: string, trackIds: readonly number[]): void {
  const same = library.playlists.find((p) => p.parentId === 0 && !p.isFolder && p.name === name);
  if (same) {
    for (const id of trackIds) if (!same.trackIds.includes(id)) same.trackIds.push(id);
    return;
  }
  library.playlists.push({
    id: library.playlists.reduce((max, p) => Math.max(max, p.id), 0) + 1,
    name,
    parentId: 0,
    isFolder: false,
    sortOrder: library.playlists.filter((p) => p.parentId === 0).length,
    trackIds: [...trackIds],
  });
}

/** Exports `request` to the stick at `root`; throws StickExportError, the old library intact. */
export async function exportToStick(
  root: StickDirectoryHandle,
  request: StickExportRequest,
): Promise<StickExportResult> {
  try {
    const { bytes: existing, library } = await existingLibrary(root);
    const byIdentity = new Map(library.tracks.map((t) => [identity(t), t.id]));
    const placement = new Placement(library, root);
    const folders = new StickFolders(root);
    const trackIds: number[] = [];
    const inCrate = new Set<number>();
    const crateTracks: StickExportTrack[] = [];
    const added: StickTrack[] = [];
    for (const [i, track] of request.tracks.entries()) {
      let id = byIdentity.get(identity(track));
      if (id === undefined) {
        const row = await addTrack(folders, track, placement, request.date);
        library.tracks.push(row);
        added.push(row);
        byIdentity.set(identity(row), row.id);
        id = row.id;
      }
      if (!inCrate.has(id)) {
        trackIds.push(id);
        crateTracks.push(track);
      }
      inCrate.add(id);
      request.onProgress?.(i + 1, request.tracks.length);
    }
    await writeSettingsWhenAbsent(folders);
    const written = await replaceDatabase(folders, newDatabase(existing, library, added, request, trackIds));
    const rows = new Map(written.tracks.map((row) => [row.id, row]));
    const crate = trackIds.flatMap((id, i) => {
      const row = rows.get(id);
      return row ? [{ track: crateTracks[i] as StickExportTrack, row }] : [];
    });
    return {
      added: added.length,
      alreadyThere: request.tracks.length - added.length,
      library: written,
      crate,
    };
  } catch (error) {
    if (error instanceof StickExportError) throw error;
    throw new StickExportError(failureOf(error), error);
  }
}
