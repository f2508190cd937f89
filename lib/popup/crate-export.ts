/**
 * A crate as files DJ software reads: extended M3U8 and rekordbox XML (the "DJ_PLAYLISTS" format
 * rekordbox imports through its XML bridge). Pure text from library entries and where their files
 * were saved; loaded by the popup only when an export is asked for.
 */
import { id3Key, parseKey } from '../contract/musical-key.ts';
import type { AudioFormat, LibraryEntry } from '../contract/wire.ts';

/** A library entry with its saved file: `path` as the template named it, `location` absolute. */
export interface SavedEntry {
  entry: LibraryEntry;
  path: string;
  location: string;
}

const artistNames = (entry: LibraryEntry) => entry.track.artists.map((artist) => artist.name).join(', ');
const trackName = (entry: LibraryEntry) => `${entry.track.name} (${entry.track.mixName})`;
const seconds = (entry: LibraryEntry) => Math.round(entry.track.lengthMs / 1000);

/** Extended M3U8: paths relative to the download folder, where the playlist itself is saved. */
export function m3u8(saved: readonly SavedEntry[]): string {
  const lines = ['#EXTM3U'];
  for (const { entry, path } of saved) {
    // A line break inside a field would start a new playlist line.
    const title = `${artistNames(entry)} - ${trackName(entry)}`.replace(/[\r\n]+/g, ' ');
    lines.push(`#EXTINF:${seconds(entry)},${title}`, path);
  }
  return `${lines.join('\n')}\n`;
}

const xmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
/** XML 1.0 cannot carry most control characters at all, even escaped: they are dropped. */
const allowedInXml = (char: string) => {
  const code = char.charCodeAt(0);
  return code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
};
const xmlText = (text: string) =>
  [...text]
    .filter(allowedInXml)
    .join('')
    .replace(/[&<>"']/g, (c) => xmlEscapes[c] ?? c);

const attributes = (values: Record<string, string | number>) =>
  Object.entries(values)
    .map(([name, value]) => `${name}="${xmlText(String(value))}"`)
    .join(' ');

/**
 * A saved file's absolute path as rekordbox's `Location`: `file://localhost/` and the path with
 * each part percent-encoded ("C:\Music\a b.wav" -> "file://localhost/C:/Music/a%20b.wav").
 */
export function fileLocation(absolutePath: string): string {
  const parts = absolutePath.replace(/\\/g, '/').split('/').filter(Boolean);
  const encoded = parts.map((part, index) =>
    index === 0 && /^[A-Za-z]:$/.test(part) ? part : encodeURIComponent(part),
  );
  return `file://localhost/${encoded.join('/')}`;
}

const kinds: Record<AudioFormat, string> = { mp3: 'MP3 File', wav: 'WAV File', aiff: 'AIFF File' };

/** The key in standard notation ("F#m"), as rekordbox shows it; the store's text if unreadable. */
const tonality = (key: string) => {
  const parsed = parseKey(key);
  return parsed ? id3Key(parsed) : key;
};

/** rekordbox XML: every entry in COLLECTION, and one playlist named after the crate. */
export function rekordboxXml(crateName: string, saved: readonly SavedEntry[], version: string): string {
  const tracks = saved.map(({ entry, location }, index) => {
    const { track } = entry;
    return `    <TRACK ${attributes({
      TrackID: index + 1,
      Name: trackName(entry),
      Artist: artistNames(entry),
      Album: track.release.name,
      Label: track.label.name,
      Genre: track.genre.name,
      Kind: kinds[entry.audioFormat],
      AverageBpm: track.bpm.toFixed(2),
      Tonality: tonality(track.key),
      Year: track.publishDate.slice(0, 4),
      TotalTime: seconds(entry),
      Location: fileLocation(location),
    })}/>`;
  });
  const keys = saved.map((_, index) => `        <TRACK Key="${index + 1}"/>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<DJ_PLAYLISTS Version="1.0.0">',
    `  <PRODUCT ${attributes({ Name: 'Crate', Version: version, Company: 'Crate' })}/>`,
    `  <COLLECTION Entries="${saved.length}">`,
    ...tracks,
    '  </COLLECTION>',
    '  <PLAYLISTS>',
    '    <NODE Type="0" Name="ROOT" Count="1">',
    `      <NODE ${attributes({ Name: crateName, Type: 1, KeyType: 0, Entries: saved.length })}>`,
    ...keys,
    '      </NODE>',
    '    </NODE>',
    '  </PLAYLISTS>',
    '</DJ_PLAYLISTS>',
    '',
  ].join('\n');
}
