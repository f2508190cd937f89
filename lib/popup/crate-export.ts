/**
 * A crate as files DJ software reads: extended M3U8 and rekordbox XML (the "DJ_PLAYLISTS" format
 * rekordbox imports through its XML bridge) here, Traktor NML (traktor-nml.ts) and Serato crates
 * (serato-crate.ts) beside it. Pure functions of library entries and where their files were saved;
 * loaded by the popup only when an export is asked for.
 */
import { i18n } from '#i18n';
import { audioFormats } from '../contract/audio-formats.ts';
import { id3Key, parseKey } from '../contract/musical-key.ts';
import type { TrackAnalysis } from '../contract/track-analysis.ts';
import { artistsAndTitle, artistsLine, trackDisplayTitle } from '../contract/track-display.ts';
import type { AudioFormat, CartItem, LibraryEntry } from '../contract/wire.ts';
import { formatCount } from '../i18n/intl.ts';
import { plural } from '../i18n/plural.ts';
import { attributes } from './xml-text.ts';

/** What only a track's release record knows. */
export interface ReleaseFacts {
  catalogNumber: string;
  /** The track's place on its release, from 1. */
  trackNumber: number;
}

/**
 * A library entry with its saved file: `path` as the template named it, `location` absolute,
 * `bytes` its size when the browser's downloads record says, and its release's facts when the
 * catalog answered.
 */
export interface SavedEntry {
  entry: LibraryEntry;
  path: string;
  location: string;
  bytes?: number | null;
  release?: ReleaseFacts;
  /** The store's beat grid and cues of the track, when it has them (docs/analysis.md). */
  analysis?: TrackAnalysis;
}

/** What the store's files are (docs/api.md): 44.1 kHz stereo, MP3 at 320 kbps, 16-bit WAV and AIFF. */
export const fileAudio: Record<AudioFormat, { kbps: number; sampleRate: number }> = {
  mp3: { kbps: 320, sampleRate: 44_100 },
  wav: { kbps: 1411, sampleRate: 44_100 },
  aiff: { kbps: 1411, sampleRate: 44_100 },
};

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
      entry.audioFormat === format ? -1 : audioFormats.indexOf(entry.audioFormat);
    return [...(entriesOf.get(trackId) ?? [])].sort((a, b) => rank(a) - rank(b));
  };
  const itemTitle = (item: CartItem) => `${artistsLine(item)} - ${item.name}`;

  for (const item of items) {
    if (item.type === 'track') {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      const entries = ownedInFormat(item.id, item.audioFormat);
      if (entries.length > 0) owned.push({ trackId: item.id, entries });
      else
        notBought.push({
          key: `track:${item.id}`,
          title: itemTitle(item),
          reason: i18n.t('popup.export.notBought'),
        });
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
      notBought.push({
        key: `release:${item.id}`,
        title: itemTitle(item),
        reason: i18n.t('popup.export.notBought'),
      });
    else if (unowned > 0)
      notBought.push({
        key: `release:${item.id}`,
        title: itemTitle(item),
        reason:
          unowned === trackIds.length
            ? i18n.t('popup.export.notBought')
            : plural('popup.export.partlyBought', trackIds.length, formatCount(unowned)),
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
        reason: i18n.t('popup.export.notDownloaded'),
      });
    }
  }
  return { saved, notDownloaded };
}
export const seconds = (entry: LibraryEntry) => Math.round(entry.track.lengthMs / 1000);

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
export const tonality = (key: string) => {
  const parsed = parseKey(key);
  return parsed ? id3Key(parsed) : key;
};

/** The store (its host) and the catalog number, as the comment DJ software shows beside a track. */
export const commentOf = (store: string, release: ReleaseFacts | undefined) =>
  release?.catalogNumber ? `${store} · ${release.catalogNumber}` : store;

const seconds3 = (ms: number) => (ms / 1000).toFixed(3);

/**
 * A track's grid and cues as rekordbox XML's children of TRACK: one TEMPO from the first downbeat
 * (Inizio in seconds, 4/4, beat 1), and a POSITION_MARK per cue, hot cues numbered from 0 with
 * their colour, the memory cue numbered -1. Positions are the analysis's as they are: rekordbox
 * reads an MP3 with a valid LAME tag from the first sample a gapless decoder plays
 * (docs/analysis.md).
 */
function rekordboxMarks(analysis: TrackAnalysis): string[] {
  const colour = (color: string) => {
    const [red, green, blue] = [1, 3, 5].map((at) => Number.parseInt(color.slice(at, at + 2), 16));
    return { Red: red as number, Green: green as number, Blue: blue as number };
  };
  return [
    `      <TEMPO ${attributes({ Inizio: seconds3(analysis.firstDownbeatMs), Bpm: analysis.bpm.toFixed(2), Metro: '4/4', Battito: 1 })}/>`,
    ...analysis.cues.map(
      (cue) =>
        `      <POSITION_MARK ${attributes({
          Name: cue.name,
          Type: 0,
          Start: seconds3(cue.positionMs),
          Num: cue.hotCue ?? -1,
          ...(cue.hotCue === undefined ? {} : colour(cue.color)),
        })}/>`,
    ),
  ];
}

/** rekordbox XML: every entry in COLLECTION, and one playlist named after the crate. */
export function rekordboxXml(
  crateName: string,
  saved: readonly SavedEntry[],
  { version, store }: { version: string; store: string },
): string {
  const tracks = saved.map(({ entry, location, bytes, release, analysis }, index) => {
    const { track } = entry;
    const audio = fileAudio[entry.audioFormat];
    const element = `    <TRACK ${attributes({
      TrackID: index + 1,
      Name: trackDisplayTitle(track),
      Artist: artistsLine(track),
      Album: track.release.name,
      ...(release ? { TrackNumber: release.trackNumber } : {}),
      Mix: track.mixName,
      Remixer: track.remixers.map((remixer) => remixer.name).join(', '),
      Label: track.label.name,
      Genre: track.genre.name,
      Kind: kinds[entry.audioFormat],
      ...(bytes ? { Size: bytes } : {}),
      AverageBpm: (analysis?.bpm ?? track.bpm).toFixed(2),
      Tonality: tonality(track.key),
      Year: track.publishDate.slice(0, 4),
      // When it came into the person's collection: the purchase.
      DateAdded: entry.purchasedAt.slice(0, 10),
      BitRate: audio.kbps,
      SampleRate: audio.sampleRate,
      TotalTime: seconds(entry),
      Comments: commentOf(store, release),
      Location: fileLocation(location),
    })}`;
    return analysis
      ? [`${element}>`, ...rekordboxMarks(analysis), '    </TRACK>'].join('\n')
      : `${element}/>`;
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
