/**
 * Reading a collection from what the DJ chose: a rekordbox XML or Traktor NML streamed in chunks,
 * a playlist, or a folder's music files by their tags. Runs in the options page's import worker
 * (collection-worker.ts), so it never gives the page back itself: the page is never blocked.
 * What is skipped and why an import is refused are codes; the options page words them.
 */
import { collectionKeys } from '../../contract/recording-match.ts';
import type { CollectionTrack } from '../../dj-formats/collection-track.ts';
import { collectionReader, djExportOf, djExportRoot } from '../../dj-formats/dj-export.ts';
import { readPlaylist } from '../../dj-formats/m3u8/reader.ts';
import { xmlTags } from '../../dj-formats/xml-tags.ts';
import type { CollectionSourceKind } from '../../storage/collection-index.ts';
import { declaredEncoding, textChunks } from '../../text-files/text-chunks.ts';
import { readFileTags, trackOfTags } from './file-tags.ts';
import { CollectionImportError, type SkippedCounts, type SkipReason } from './import-outcome.ts';

export interface ReadCollection {
  kind: CollectionSourceKind;
  /** What the pages will call it. */
  name: string;
  tracks: CollectionTrack[];
  /** The tracks' match keys (recording-match.ts), made as they are read: work spread over the slices. */
  keys: string[];
  /** Entries passed by, counted by why. */
  skipped: SkippedCounts;
}

/** Says how far the reading is: entries read so far. */
export type Progress = (read: number) => void;

/** Adds a track, or counts why it cannot be matched. */
function keep(result: ReadCollection, track: CollectionTrack): void {
  const keys = collectionKeys(track);
  if (keys.length === 0) {
    count(result, 'unnamed');
    return;
  }
  result.tracks.push(track);
  for (const key of keys) result.keys.push(key);
}

const count = (result: ReadCollection, reason: SkipReason) => {
  result.skipped[reason] = (result.skipped[reason] ?? 0) + 1;
};

/** A rekordbox XML or Traktor NML file, streamed. Throws when it is neither. */
async function readXml(file: File, progress: Progress): Promise<ReadCollection> {
  const head = new Uint8Array(await file.slice(0, 4096).arrayBuffer());
  const encoding = declaredEncoding(head);
  const start = new TextDecoder(encoding).decode(head);
  const kind = djExportOf(start);
  if (kind === null) throw new CollectionImportError('notCollection', file.name);
  const read = collectionReader(kind);
  const result: ReadCollection = {
    kind,
    name: kind === 'rekordbox' ? 'rekordbox' : 'Traktor',
    tracks: [],
    keys: [],
    skipped: {},
  };
  let entries = 0;
  let whole = false;
  const root = djExportRoot[kind];
  for await (const tags of xmlTags(textChunks(file, encoding))) {
    for (const tag of tags) {
      if (tag.end && tag.name === root) whole = true;
      const track = read(tag);
      if (track === null) continue;
      entries++;
      keep(result, track);
    }
    progress(entries);
  }
  // A cut file (an export still being written, a copy stopped short) would replace a whole one.
  if (!whole) throw new CollectionImportError('cutShort', file.name);
  return result;
}

/** Reads a playlist: UTF-8 unless it cannot be (an old `.m3u` in Windows-1252). */
async function readM3u(file: File): Promise<ReadCollection> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  const result: ReadCollection = {
    kind: 'playlist',
    name: file.name.replace(/\.m3u8?$/i, ''),
    tracks: [],
    keys: [],
    skipped: {},
  };
  for (const entry of readPlaylist(text)) {
    if ('track' in entry) keep(result, entry.track);
    else count(result, entry.skipped);
  }
  return result;
}

/** A collection file: rekordbox XML, Traktor NML or an M3U/M3U8 playlist. */
export async function readCollectionFile(file: File, progress: Progress = () => {}): Promise<ReadCollection> {
  const read = /\.m3u8?$/i.test(file.name) ? await readM3u(file) : await readXml(file, progress);
  // Nothing to keep: refused, so an empty export never wipes the source it would replace.
  if (read.tracks.length === 0) throw new CollectionImportError('nothingToMatch', file.name);
  return read;
}

/** A file in a chosen folder, with its path inside it. */
export interface FolderFile {
  path: string;
  file: Blob;
}

const musicFile = /\.(?:mp3|wav|wave|aif|aiff|aifc|flac)$/i;

/** A folder's music files by their tags, eight at a time. */
export async function readMusicFolder(
  name: string,
  files: AsyncIterable<FolderFile> | Iterable<FolderFile>,
  progress: Progress = () => {},
): Promise<ReadCollection> {
  const result: ReadCollection = { kind: 'folder', name, tracks: [], keys: [], skipped: {} };
  const pending = new Set<Promise<void>>();
  let entries = 0;
  const readOne = async ({ path, file }: FolderFile) => {
    try {
      const tags = await readFileTags(file);
      if (tags === null) count(result, 'noTags');
      else keep(result, trackOfTags(tags, path));
    } catch {
      count(result, 'unreadable');
    }
    progress(++entries);
  };
  for await (const entry of files) {
    if (!musicFile.test(entry.path)) {
      if (!/(?:^|\/)\./.test(entry.path)) count(result, 'notMusic');
      continue;
    }
    const reading = readOne(entry).finally(() => pending.delete(reading));
    pending.add(reading);
    if (pending.size >= 8) await Promise.race(pending);
  }
  await Promise.all(pending);
  if (result.tracks.length === 0) throw new CollectionImportError('noMusicInFolder', name);
  return result;
}
