/**
 * M3U and M3U8 playlists: each entry is a file's path, with `#EXTINF:<seconds>,<Artist> - <Title>`
 * before it when the playlist is extended. An entry without that line is named by its file
 * ("Artist - Title.mp3"), the way stores and DJ software name files.
 */
import type { CollectionTrack } from '../collection-track.ts';

/** An entry named neither by its #EXTINF line nor by its file is skipped, and said so. */
export type PlaylistEntry = { track: CollectionTrack } | { skipped: 'unnamedEntry' };

/** "Artist - Title" (the first " - " or " – " separates), or null when it is not so written. */
export function artistAndTitle(text: string): { artists: string; title: string } | null {
  const match = /^(.+?)\s+[-–—]\s+(.+)$/.exec(text.trim());
  return match ? { artists: (match[1] as string).trim(), title: (match[2] as string).trim() } : null;
}

const fileName = (path: string): string => {
  const name =
    path
      .replace(/[?#].*$/, '')
      .split(/[\\/]/)
      .pop() ?? '';
  let decoded = name;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    // A name with a lone % is its own spelling.
  }
  return decoded.replace(/\.[a-z0-9]{2,5}$/i, '');
};

const entryTrack = (names: { artists: string; title: string }, location: string): CollectionTrack => ({
  ...names,
  mix: '',
  remixers: '',
  album: '',
  label: '',
  location,
  key: '',
  bpm: null,
  isrc: null,
});

/** A text that says it is an extended M3U. */
export const looksLikeM3u = (text: string) => text.trimStart().startsWith('#EXTM3U');

/** The playlist's entries in order. */
export function readPlaylist(text: string): PlaylistEntry[] {
  const entries: PlaylistEntry[] = [];
  let extinf: string | null = null;
  for (const raw of text.replace(/^\ufeff/, '').split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) extinf = line.slice(line.indexOf(',') + 1);
    if (line === '' || line.startsWith('#')) continue;
    const names = artistAndTitle(extinf ?? '') ?? artistAndTitle(fileName(line));
    entries.push(names ? { track: entryTrack(names, line) } : { skipped: 'unnamedEntry' });
    extinf = null;
  }
  return entries;
}
