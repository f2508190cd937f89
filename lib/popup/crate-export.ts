/**
 * A crate as files DJ software reads: extended M3U8 and rekordbox XML (the "DJ_PLAYLISTS" format
 * rekordbox imports through its XML bridge). Pure text from library entries and where their files
 * were saved; loaded by the popup only when an export is asked for.
 */
import { id3Key, parseKey } from '../contract/musical-key.ts';
import { artistNames, artistsAndTitle, trackDisplayTitle } from '../contract/track-display.ts';
import type { AudioFormat, CartItem, LibraryEntry } from '../contract/wire.ts';

/** A library entry with its saved file: `path` as the template named it, `location` absolute. */
export interface SavedEntry {
  entry: LibraryEntry;
  path: string;
  location: string;
}

/** "Artist - Title (Mix)", as the export dialog names a track. */
export const entryTitle = (entry: LibraryEntry) => artistsAndTitle(entry.track);

/** A track the export cannot put in the file, named as the dialog lists it, and why. */
export interface MissingTrack {
  key: string;
  title: string;
  reason: string;
}

/** One of a crate's tracks the person owns: its library entries, the preferred format first. */
export interface OwnedTrack {
  trackId: number;
  entries: LibraryEntry[];
}

const formatOrder: readonly AudioFormat[] = ['mp3', 'wav', 'aiff'];

/**
 * A cart (a named cart used as a crate) as tracks: each track item, and each release item's
 * tracks in the release's order, once each. A track owned (in the library, any format) comes with
 * its entries, the cart's format first: its file in that format is the one exported, else one in
 * another format. What is not owned is missing ("not bought yet"); a release the catalog could
 * not list counts the tracks of it the library holds.
 */
export function cartTracks(
  items: readonly CartItem[],
  library: readonly LibraryEntry[],
  releaseTracks: ReadonlyMap<number, readonly number[]>,
): { owned: OwnedTrack[]; notBought: MissingTrack[] } {
  const entriesOf = new Map<number, LibraryEntry[]>();
  for (const entry of library) {
    const list = entriesOf.get(entry.track.id) ?? [];
    list.push(entry);
    entriesOf.set(entry.track.id, list);
  }
  const owned: OwnedTrack[] = [];
  const notBought: MissingTrack[] = [];
  const seen = new Set<number>();
  const ownedInFormat = (trackId: number, format: AudioFormat): LibraryEntry[] => {
    const rank = (entry: LibraryEntry) =>
      entry.audioFormat === format ? -1 : formatOrder.indexOf(entry.audioFormat);
    return [...(entriesOf.get(trackId) ?? [])].sort((a, b) => rank(a) - rank(b));
  };
  const itemTitle = (item: CartItem) => `${artistNames(item)} - ${item.name}`;

  for (const item of items) {
    if (item.type === 'track') {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      const entries = ownedInFormat(item.id, item.audioFormat);
      if (entries.length > 0) owned.push({ trackId: item.id, entries });
      else notBought.push({ key: `track:${item.id}`, title: itemTitle(item), reason: 'not bought yet' });
      continue;
    }
    const listed = releaseTracks.get(item.id);
    const trackIds = listed ?? [
      ...new Set(library.filter((entry) => entry.track.release.id === item.id).map((e) => e.track.id)),
    ];
    let unowned = 0;
    for (const trackId of trackIds) {
      if (seen.has(trackId)) continue;
      seen.add(trackId);
      const entries = ownedInFormat(trackId, item.audioFormat);
      if (entries.length > 0) owned.push({ trackId, entries });
      else unowned++;
    }
    if (listed === undefined && trackIds.length === 0)
      notBought.push({ key: `release:${item.id}`, title: itemTitle(item), reason: 'not bought yet' });
    else if (unowned > 0)
      notBought.push({
        key: `release:${item.id}`,
        title: itemTitle(item),
        reason:
          unowned === trackIds.length
            ? 'not bought yet'
            : `${unowned} of its ${trackIds.length} tracks not bought yet`,
      });
  }
  return { owned, notBought };
}

/**
 * Each owned track's file: the first of its entries (preferred format first) whose file is on
 * disk (`files`, by library entry id); a track with none is missing ("not downloaded yet").
 */
export function chooseFiles(
  owned: readonly OwnedTrack[],
  files: ReadonlyMap<number, { path: string; location: string | null }>,
): { saved: SavedEntry[]; notDownloaded: MissingTrack[] } {
  const saved: SavedEntry[] = [];
  const notDownloaded: MissingTrack[] = [];
  for (const { entries } of owned) {
    const found = entries.find((entry) => files.get(entry.id)?.location);
    const file = found && files.get(found.id);
    if (found && file?.location) saved.push({ entry: found, path: file.path, location: file.location });
    else {
      const [first] = entries as [LibraryEntry];
      notDownloaded.push({
        key: `entry:${first.id}`,
        title: entryTitle(first),
        reason: 'not downloaded yet',
      });
    }
  }
  return { saved, notDownloaded };
}
const seconds = (entry: LibraryEntry) => Math.round(entry.track.lengthMs / 1000);

/** Extended M3U8: paths relative to the download folder, where the playlist itself is saved. */
export function m3u8(saved: readonly SavedEntry[]): string {
  const lines = ['#EXTM3U'];
  for (const { entry, path } of saved) {
    // A line break inside a field would start a new playlist line.
    const title = entryTitle(entry).replace(/[\r\n]+/g, ' ');
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
      Name: trackDisplayTitle(track),
      Artist: artistNames(track),
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
