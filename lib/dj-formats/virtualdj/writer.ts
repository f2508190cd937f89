/**
 * The crate in VirtualDJ's own library on the stick (issue #48): VirtualDJ keeps a database.xml in
 * a VirtualDJ folder at the root of every drive holding music, listing the songs on that drive, and
 * a playlist is a .vdjfolder file (docs/dj-formats.md, "VirtualDJ", for the sources). A database
 * already there is added to, never rewritten: its bytes are copied as they are, Crate's songs go in
 * before its closing tag, and a song already listed (the same file on the drive) is left as VirtualDJ has it.
 * The new database is written beside the old one, read back, and only then put in its place.
 */
import type { BoothLibraryRequest, BoothLibraryWriter, BoothTrack } from '../booth-library.ts';
import { utf8Bytes } from '../bytes.ts';
import {
  failureOf,
  fileExistsAt,
  readFileAt,
  type StickDirectoryHandle,
  StickExportError,
  StickFolders,
  writeFileAt,
} from '../rekordbox-device/stick-directory.ts';
import { decodeEntities } from '../xml-tags.ts';
import { xmlAttribute } from '../xml-text.ts';
import { databaseElement, readVirtualDjDatabase, type VirtualDjDatabase } from './reader.ts';

const folder = 'VirtualDJ';
const databasePath = [folder, 'database.xml'];
const newDatabasePath = [folder, 'database.xml.new'];
const playlistFolder = [folder, 'Playlists'];

/**
 * A path on the stick as VirtualDJ lists it: from the drive's root, without a drive letter or a
 * mount point, since the browser knows neither and the stick is read in any booth.
 */
const virtualDjPath = (filePath: string) => (filePath.startsWith('/') ? filePath : `/${filePath}`);

/**
 * What tells two listings of one file on the stick apart from two files: VirtualDJ may have written
 * the path with the drive letter or mount point of the computer it ran on ("E:\\Contents\\…",
 * "/Volumes/STICK/Contents/…"), and a FAT or exFAT stick does not tell case apart.
 */
const fileOnDrive = (path: string) =>
  path
    .replace(/\\/g, '/')
    .replace(/^[A-Za-z]:/, '')
    .replace(/^\/Volumes\/[^/]+/, '')
    .toLowerCase();

/**
 * A position of the store's analysis on VirtualDJ's timeline, in seconds. The analysis counts from
 * the first sample a gapless decoder plays (after an MP3's LAME encoder delay); VirtualDJ's own
 * MP3 decoder is taken to honour the LAME header as rekordbox and Traktor do (pestrela's 26 ms
 * research, pestrela.github.io/dj_kb/dj_collection_converters, case D), so every file type keeps
 * the analysis's positions. Unverified without VirtualDJ itself: docs/dj-formats.md says how to check.
 */
const virtualDjSeconds = (positionMs: number) => (positionMs / 1000).toFixed(6);

/** `name="value"` pairs, those with no value left out (VirtualDJ omits what it does not know). */
function attributes(values: Record<string, string | number | undefined>): string {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined && value !== '' && value !== 0)
    .map(([name, value]) => `${name}="${xmlAttribute(String(value))}"`)
    .join(' ');
}

/** The cues as Poi: hot cues on their pad (Num 1 for A), the others on the numbers after the pads. */
function cuePois(track: BoothTrack): string[] {
  const { cues } = track.analysis;
  let next = Math.max(8, ...cues.map((cue) => (cue.hotCue ?? -1) + 1));
  return cues.map((cue) => {
    const num = cue.hotCue === undefined ? ++next : cue.hotCue + 1;
    return ` <Poi ${attributes({ Name: cue.name, Pos: virtualDjSeconds(cue.positionMs), Num: num, Type: 'cue' })} />`;
  });
}

/** One <Song>: tags, what VirtualDJ's scan would have found (Bpm in seconds a beat), the grid and the cues. */
function songXml(track: BoothTrack, date: string, newline: string): string {
  const { analysis } = track;
  const firstSeen = Math.floor(Date.parse(`${date}T00:00:00Z`) / 1000);
  return [
    `<Song ${attributes({ FilePath: virtualDjPath(track.filePath), FileSize: track.fileSize })}>`,
    ` <Tags ${attributes({ Author: track.artist, Title: track.title, Genre: track.genre, Album: track.album, Label: track.label, TrackNumber: track.trackNumber, Year: track.year, Key: track.key })} />`,
    ` <Infos ${attributes({ SongLength: virtualDjSeconds(analysis.durationMs), Bitrate: track.bitrateKbps, FirstSeen: Number.isFinite(firstSeen) ? firstSeen : undefined })} />`,
    ` <Scan ${attributes({ Version: 801, Bpm: (60 / analysis.bpm).toFixed(6), Key: track.key })} />`,
    ` <Poi ${attributes({ Pos: virtualDjSeconds(analysis.firstDownbeatMs), Type: 'beatgrid' })} />`,
    ...cuePois(track),
    '</Song>',
    '',
  ].join(newline);
}

/** One song of a .vdjfolder: the file by path and size, and what VirtualDJ shows before it reads it. */
const playlistSong = (track: BoothTrack, idx: number) =>
  ` <song ${attributes({ path: virtualDjPath(track.filePath), size: track.fileSize, songlength: (track.analysis.durationMs / 1000).toFixed(1), bpm: track.analysis.bpm.toFixed(2), key: track.key, artist: track.artist, title: track.title })} idx="${idx}" />`;

/** The crate as a .vdjfolder: each song by path and size, in the crate's order. */
function playlistXml(request: BoothLibraryRequest): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<VirtualFolder noDuplicates="no" ordered="yes">',
    ...request.tracks.map(playlistSong),
    '</VirtualFolder>',
    '',
  ].join('\n');
}

/**
 * The same crate exported again: the playlist already there keeps its songs as they are and gains
 * the crate's others at its end, as the legacy library's playlist does. Undefined when the file is
 * not a playlist Crate can add to (it is then left alone, and the crate gets a name of its own).
 */
function extendedPlaylist(text: string, request: BoothLibraryRequest): string | undefined {
  const end = text.lastIndexOf('</VirtualFolder>');
  if (!/<VirtualFolder\b/.test(text) || end < 0) return undefined;
  const listed = new Set(
    [...text.matchAll(/<song\b[^>]*\bpath="([^"]*)"/g)].map((match) =>
      fileOnDrive(decodeEntities(match[1] ?? '')),
    ),
  );
  const count = [...text.matchAll(/<song\b/g)].length;
  const added = request.tracks.filter((track) => !listed.has(fileOnDrive(virtualDjPath(track.filePath))));
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = added.map((track, i) => playlistSong(track, count + i) + newline).join('');
  return text.slice(0, end) + lines + text.slice(end);
}

const freshHead = `<?xml version="1.0" encoding="UTF-8"?>\n<${databaseElement} Version="8.2">\n`;
const freshTail = `</${databaseElement}>\n`;

/** The stick's database, none on a fresh stick; one Crate cannot read stops the export. */
async function existingDatabase(
  root: StickDirectoryHandle,
): Promise<{ bytes: Uint8Array; database: VirtualDjDatabase } | undefined> {
  const bytes = await readFileAt(root, databasePath);
  if (bytes === undefined) return undefined;
  try {
    return { bytes, database: await readVirtualDjDatabase(bytes) };
  } catch (error) {
    throw new StickExportError('foreign-library', error);
  }
}

/** The new database's bytes, in pieces: the old one's up to its end tag, the new songs, its end. */
function newDatabase(
  existing: { bytes: Uint8Array; database: VirtualDjDatabase } | undefined,
  songs: string,
): Uint8Array[] {
  if (existing === undefined) return [utf8Bytes(freshHead + songs + freshTail)];
  const { bytes, database } = existing;
  return [bytes.subarray(0, database.endTagOffset), utf8Bytes(songs), bytes.subarray(database.endTagOffset)];
}

/** The crate's name as a file name. */
const playlistBase = (playlistName: string) =>
  [...playlistName]
    .map((char) => (char < ' ' || '\\/:*?"<>|'.includes(char) ? '_' : char))
    .join('')
    .trim() || 'Crate';

/** A .vdjfolder name for the crate that no playlist on the stick has: none is overwritten. */
async function playlistFileName(root: StickDirectoryHandle, playlistName: string): Promise<string> {
  const base = playlistBase(playlistName);
  for (let n = 1; ; n++) {
    const name = n === 1 ? `${base}.vdjfolder` : `${base} (${n}).vdjfolder`;
    if (!(await fileExistsAt(root, [...playlistFolder, name]))) return name;
  }
}

async function writeLibrary(root: StickDirectoryHandle, request: BoothLibraryRequest): Promise<void> {
  const folders = new StickFolders(root);
  const existing = await existingDatabase(root);
  const known = new Set([...(existing?.database.filePaths ?? [])].map(fileOnDrive));
  const added = request.tracks.filter((track) => !known.has(fileOnDrive(track.filePath)));
  // Lines as the DJ's database ends them (VirtualDJ on Windows writes CRLF).
  const newline =
    existing && new TextDecoder().decode(existing.bytes.subarray(0, 4096)).includes('\r\n') ? '\r\n' : '\n';
  const pieces = newDatabase(existing, added.map((track) => songXml(track, request.date, newline)).join(''));
  const size = pieces.reduce((sum, piece) => sum + piece.length, 0);

  await writeFileAt(folders, newDatabasePath, pieces);
  const written = await readFileAt(root, newDatabasePath);
  if (written === undefined || written.length !== size) throw new StickExportError('write-failed');
  const readBack = await readVirtualDjDatabase(written).catch((error) => {
    throw new StickExportError('write-failed', error);
  });
  const listed = new Set([...readBack.filePaths].map(fileOnDrive));
  if (request.tracks.some((track) => !listed.has(fileOnDrive(track.filePath))))
    throw new StickExportError('write-failed');
  await writeFileAt(folders, databasePath, pieces);
  await (await folders.folder([folder])).removeEntry('database.xml.new');

  await writePlaylist(root, folders, request);
}

/** The crate's playlist: the one of its name extended (the crate exported again), else a new one. */
async function writePlaylist(
  root: StickDirectoryHandle,
  folders: StickFolders,
  request: BoothLibraryRequest,
) {
  const same = `${playlistBase(request.playlistName)}.vdjfolder`;
  const existing = await readFileAt(root, [...playlistFolder, same]);
  const extended = existing && extendedPlaylist(new TextDecoder().decode(existing), request);
  if (extended !== undefined) {
    await writeFileAt(folders, [...playlistFolder, `${same}.new`], [utf8Bytes(extended)]);
    await writeFileAt(folders, [...playlistFolder, same], [utf8Bytes(extended)]);
    await (await folders.folder(playlistFolder)).removeEntry(`${same}.new`);
    return;
  }
  const name = await playlistFileName(root, request.playlistName);
  await writeFileAt(folders, [...playlistFolder, name], [utf8Bytes(playlistXml(request))]);
}

/** Refuses a stick whose VirtualDJ database Crate cannot read, before any library on it is written. */
export async function checkVirtualDjLibrary(root: StickDirectoryHandle): Promise<void> {
  await existingDatabase(root);
}

/** Adds the crate to VirtualDJ's database on the stick and writes it as a playlist. */
export const writeVirtualDjLibrary: BoothLibraryWriter = async (root, request) => {
  try {
    await writeLibrary(root, request);
  } catch (error) {
    if (error instanceof StickExportError) throw error;
    throw new StickExportError(failureOf(error), error);
  }
};
