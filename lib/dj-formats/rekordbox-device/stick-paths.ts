/**
 * Where things go on the stick. Audio under /Contents/<artist>/<album>/ as rekordbox lays it out,
 * with names FAT32 accepts; the analysis under /PIONEER/USBANLZ/P<3 hex>/<8 hex>/. rekordbox derives
 * that folder from a hash whose algorithm is not public (FNV-1a and the other guesses do not give
 * rekordbox's folders: docs/usb-stick.md); players follow the track row's analyze path, so any
 * stable spread works. Ours is FNV-1a of the audio path, split as rekordbox's folders are (a P
 * folder of 0x000 to 0x07F, then 25 bits).
 */
import { safeFilename } from '../../contract/safe-filename.ts';

/** Longest name we give a folder or file: FAT32 takes 255 UTF-16 units; paths stay readable. */
const maxNameLength = 120;

/** `name` as FAT32 takes it (safeFilename's rule), or `fallback` when nothing is left. */
export function fatName(name: string, fallback: string): string {
  return safeFilename(name.normalize('NFC'), maxNameLength) || fallback;
}

/** "/Contents/Artist/Album/Title.mp3" for a track; `taken` (lower case) makes it unique. */
export function contentsPath(
  artist: string,
  album: string,
  fileName: string,
  extension: string,
  taken: ReadonlySet<string>,
): string {
  const folder = `/Contents/${fatName(artist, 'UnknownArtist')}/${fatName(album, 'UnknownAlbum')}`;
  const base = fatName(fileName, 'Track').slice(0, maxNameLength - extension.length - 6);
  let path = `${folder}/${base}.${extension}`;
  for (let n = 2; taken.has(path.toLowerCase()); n++) path = `${folder}/${base} (${n}).${extension}`;
  return path;
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * "/PIONEER/USBANLZ/P0xx/xxxxxxxx" (no file name) for the audio at `filePath`; a later `attempt`
 * gives another folder when two paths land on one.
 */
export function analysisFolder(filePath: string, attempt = 1): string {
  const hash = fnv1a(attempt === 1 ? filePath : `${filePath}#${attempt}`);
  const top = (hash >>> 25) & 0x7f;
  const rest = hash & 0x1ffffff;
  return `/PIONEER/USBANLZ/P${top.toString(16).toUpperCase().padStart(3, '0')}/${rest.toString(16).toUpperCase().padStart(8, '0')}`;
}
