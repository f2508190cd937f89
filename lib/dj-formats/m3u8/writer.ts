/** Extended M3U8, the playlist Engine DJ, VirtualDJ and Mixxx read; read back by reader.ts. */
import { entryArtistsAndTitle, type SavedEntry, seconds } from '../saved-file.ts';

/** Extended M3U8: paths relative to the download folder, where the playlist itself is saved. */
export function m3u8(saved: readonly SavedEntry[]): string {
  const lines = ['#EXTM3U'];
  for (const { entry, path } of saved) {
    // A line break inside a field would start a new playlist line.
    const title = entryArtistsAndTitle(entry).replace(/[\r\n]+/g, ' ');
    lines.push(`#EXTINF:${seconds(entry)},${title}`, path);
  }
  return `${lines.join('\n')}\n`;
}
