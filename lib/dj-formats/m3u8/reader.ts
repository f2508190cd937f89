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

/** An entry as the playlist writes it: its #EXTINF's seconds and title when it has one, and its path. */
export interface M3uEntry {
  seconds: number | null;
  title: string | null;
  path: string;
}

/** An (extended) M3U's entries in order, as written. */
export function readM3u(text: string): M3uEntry[] {
  const entries: M3uEntry[] = [];
  let extinf: { seconds: number | null; title: string } | null = null;
  for (const raw of text.replace(/^\ufeff/, '').split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) {
      const comma = line.indexOf(',');
      const seconds = Number.parseFloat(line.slice('#EXTINF:'.length, comma < 0 ? undefined : comma));
      extinf = {
        seconds: Number.isFinite(seconds) ? seconds : null,
        title: comma < 0 ? '' : line.slice(comma + 1),
      };
    }
    if (line === '' || line.startsWith('#')) continue;
    entries.push({ seconds: extinf?.seconds ?? null, title: extinf?.title ?? null, path: line });
    extinf = null;
  }
  return entries;
}

/** The playlist's entries in order, as tracks named by their #EXTINF or else by their file. */
export function readPlaylist(text: string): PlaylistEntry[] {
  return readM3u(text).map(({ title, path }) => {
    const names = artistAndTitle(title ?? '') ?? artistAndTitle(fileName(path));
    return names ? { track: entryTrack(names, path) } : { skipped: 'unnamedEntry' };
  });
}
