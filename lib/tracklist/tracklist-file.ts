/**
 * A file the DJ chose or dropped on the tracklist page, read into tracklist lines: a text file as
 * it is, an M3U/M3U8 playlist, a rekordbox XML or Traktor NML (each playlist apart: the DJ picks
 * one), or a CSV with artist and title columns. The collection import's readers parse the
 * playlists and DJ exports (lib/dj-formats/): one reader per format.
 */
import type { CollectionTrack, DjPlaylist } from '../dj-formats/collection-track.ts';
import { type DjExport, djExportOf } from '../dj-formats/dj-export.ts';
import { looksLikeM3u, readPlaylist } from '../dj-formats/m3u8/reader.ts';
import { rekordboxPlaylistReader } from '../dj-formats/rekordbox-xml/reader.ts';
import { traktorPlaylistReader } from '../dj-formats/traktor-nml/reader.ts';
import { xmlTags } from '../dj-formats/xml-tags.ts';
import { declaredEncoding, textChunks } from '../text-files/text-chunks.ts';
import { csvLines } from './csv.ts';

/** A list of lines, named after its file or playlist (the cart's name to begin with). */
export interface TracklistText {
  name: string;
  lines: string[];
}

export type TracklistFile =
  | ({ kind: 'lines' } & TracklistText)
  /** A DJ program's export: its playlists, one to pick. */
  | { kind: 'playlists'; name: string; playlists: TracklistText[] };

/** Why a file gives no tracklist; the page words it in the DJ's language. */
export type TracklistFileRefusal = 'binary' | 'noArtistTitleColumns' | 'noPlaylists';

export class TracklistFileError extends Error {
  constructor(
    readonly refusal: TracklistFileRefusal,
    readonly subject: string,
  ) {
    super(`${subject}: ${refusal}`);
  }
}

/** A track as the line a tracklist would give it: "Artist - Title (Mix)". */
export function lineOf(track: CollectionTrack): string {
  const mix = track.mix.trim();
  const repeated = mix !== '' && track.title.toLowerCase().includes(mix.toLowerCase());
  return `${track.artists} - ${track.title}${mix && !repeated ? ` (${mix})` : ''}`;
}

/** Control characters other than tabs and line ends: a text file has (almost) none. */
function looksBinary(head: Uint8Array): boolean {
  let control = 0;
  for (const byte of head) {
    if (byte === 0) return true;
    if (byte < 9 || (byte > 13 && byte < 32)) control++;
  }
  return control > head.length / 100;
}

async function decodedText(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    return new TextDecoder(declaredEncoding(bytes.subarray(0, 4096)), { fatal: true }).decode(bytes);
  } catch {
    // An old playlist or text file in Windows-1252.
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

const baseName = (name: string) => name.replace(/\.[a-z0-9]{1,5}$/i, '');

async function djPlaylists(file: File, kind: DjExport): Promise<TracklistFile> {
  const reader = kind === 'rekordbox' ? rekordboxPlaylistReader() : traktorPlaylistReader();
  const encoding = declaredEncoding(new Uint8Array(await file.slice(0, 4096).arrayBuffer()));
  for await (const tags of xmlTags(textChunks(file, encoding))) for (const tag of tags) reader.read(tag);
  const playlists = reader
    .playlists()
    .filter((playlist: DjPlaylist) => playlist.tracks.length > 0)
    .map(({ name, tracks }) => ({ name, lines: tracks.map(lineOf) }));
  if (playlists.length === 0) throw new TracklistFileError('noPlaylists', file.name);
  return { kind: 'playlists', name: baseName(file.name), playlists };
}

/** Reads a chosen or dropped file; throws TracklistFileError when it gives no tracklist. */
export async function readTracklistFile(file: File): Promise<TracklistFile> {
  const head = new Uint8Array(await file.slice(0, 8192).arrayBuffer());
  // UTF-16 files hold NULs: their byte order mark says so.
  const utf16 = declaredEncoding(head).startsWith('utf-16');
  if (!utf16 && looksBinary(head)) throw new TracklistFileError('binary', file.name);
  const start = new TextDecoder(declaredEncoding(head)).decode(head);
  const kind = djExportOf(start);
  if (kind) return djPlaylists(file, kind);
  const text = await decodedText(file);
  const name = baseName(file.name);
  if (/\.m3u8?$/i.test(file.name) || looksLikeM3u(text)) {
    const lines = readPlaylist(text).flatMap((entry) => ('track' in entry ? [lineOf(entry.track)] : []));
    return { kind: 'lines', name, lines };
  }
  if (/\.(?:csv|tsv)$/i.test(file.name)) {
    const lines = csvLines(text);
    if (lines === null) throw new TracklistFileError('noArtistTitleColumns', file.name);
    return { kind: 'lines', name, lines };
  }
  return { kind: 'lines', name, lines: text.split(/\r\n|\r|\n/) };
}
