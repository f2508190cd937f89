/**
 * A crate as a Traktor collection file (NML, VERSION 19: Traktor Pro 3 and 4), imported with
 * Traktor's "Import Collection" (or opened by Mixxx's Traktor library): every track in COLLECTION,
 * and one playlist, under the $ROOT folder, whose entries name the collection's tracks by the key
 * Traktor gives them, the volume and the path in its "/:" notation.
 */

import { parseKey } from '../../contract/musical-key.ts';
import type { TrackAnalysis } from '../../contract/track-analysis.ts';
import { artistsLine, trackDisplayTitle } from '../../contract/track-display.ts';
import { bitrateOf, commentOf, type SavedEntry, seconds, tonality } from '../saved-file.ts';
import { type DesktopOs, type VolumePath, volumePath } from '../volume-path.ts';
import { attributes } from '../xml-text.ts';

/** Folders as Traktor writes LOCATION's DIR: each one after "/:", and "/:" at the end ("/:Users/:me/:"). */
export const traktorDir = (folders: readonly string[]) =>
  `${folders.map((folder) => `/:${folder}`).join('')}/:`;

/** The collection key a playlist entry names a track by: volume, DIR and file ("C:/:Users/:me/:a.mp3"). */
export const traktorKey = ({ volume, folders, file }: VolumePath) => `${volume}${traktorDir(folders)}${file}`;

/** MUSICAL_KEY VALUE: 0-11 the major keys from C, 12-23 the minor keys from C; -1 for an unreadable key. */
export function traktorKeyValue(key: string): number {
  const parsed = parseKey(key);
  return parsed ? parsed.pitchClass + (parsed.mode === 'minor' ? 12 : 0) : -1;
}

/** Traktor's dates: "2026/3/14", no leading zeros. */
const traktorDate = (iso: string) => {
  const [year, month, day] = iso.slice(0, 10).split('-').map(Number);
  return `${year}/${month}/${day}`;
};

/**
 * A track's grid and cues as Traktor's CUE_V2: the grid marker (TYPE 4) on the first downbeat,
 * the memory cue (TYPE 0, no hot cue) and each hot cue (TYPE 0, HOTCUE 0 to 7), START in ms. Traktor
 * reads an MP3 with a valid LAME tag as rekordbox does, so positions are the analysis's
 * (docs/analysis.md).
 */
function traktorCues(analysis: TrackAnalysis): string[] {
  const cue = (name: string, type: number, ms: number, hotCue: number, order: number) =>
    `<CUE_V2 ${attributes({ NAME: name, DISPL_ORDER: order, TYPE: type, START: ms.toFixed(6), LEN: '0.000000', REPEATS: -1, HOTCUE: hotCue })}></CUE_V2>`;
  return [
    cue('AutoGrid', 4, analysis.firstDownbeatMs, -1, 0),
    ...analysis.cues.map((marker, index) =>
      cue(marker.name, 0, marker.positionMs, marker.hotCue ?? -1, index + 1),
    ),
  ];
}

function entryXml(
  { entry, location, bytes, release, analysis }: SavedEntry,
  { os, store }: NmlOptions,
  today: string,
): string {
  const { track } = entry;
  const where = volumePath(location, os);
  const kbps = bitrateOf(entry, bytes);
  const info: Record<string, string | number> = {
    ...(kbps === undefined ? {} : { BITRATE: kbps * 1000 }),
    GENRE: track.genre.name,
    LABEL: track.label.name,
    COMMENT: commentOf(store, release),
    ...(release ? { CATALOG_NO: release.catalogNumber } : {}),
    KEY: tonality(track.key),
    MIX: track.mixName,
    REMIXER: track.remixers.map((remixer) => remixer.name).join(', '),
    PLAYTIME: seconds(entry),
    PLAYTIME_FLOAT: (track.lengthMs / 1000).toFixed(6),
    IMPORT_DATE: today,
    RELEASE_DATE: traktorDate(track.publishDate),
    // Traktor counts the size in kilobytes.
    ...(bytes ? { FILESIZE: Math.round(bytes / 1024) } : {}),
  };
  return [
    `<ENTRY ${attributes({ MODIFIED_DATE: today, TITLE: trackDisplayTitle(entry.track), ARTIST: artistsLine(entry.track) })}>`,
    `<LOCATION ${attributes({ DIR: traktorDir(where.folders), FILE: where.file, VOLUME: where.volume, VOLUMEID: where.volume })}></LOCATION>`,
    `<ALBUM ${attributes({ ...(release ? { TRACK: release.trackNumber } : {}), TITLE: track.release.name })}></ALBUM>`,
    '<MODIFICATION_INFO AUTHOR_TYPE="user"></MODIFICATION_INFO>',
    `<INFO ${attributes(info)}></INFO>`,
    `<TEMPO ${attributes({ BPM: (analysis?.bpm ?? track.bpm).toFixed(6), BPM_QUALITY: '100.000000' })}></TEMPO>`,
    `<MUSICAL_KEY VALUE="${traktorKeyValue(track.key)}"></MUSICAL_KEY>`,
    ...(analysis ? traktorCues(analysis) : []),
    '</ENTRY>',
  ].join('\n');
}

export interface NmlOptions {
  os: DesktopOs;
  /** When the export is made (the entries' import date). */
  now: Date;
  /** The playlist's UUID: 32 hex digits. */
  uuid: string;
  /** The store's host, for each track's comment. */
  store: string;
}

/** The NML document: COLLECTION with every saved file, PLAYLISTS with $ROOT holding the crate. */
export function traktorNml(crateName: string, saved: readonly SavedEntry[], options: NmlOptions): string {
  const { os, now, uuid } = options;
  const today = traktorDate(now.toISOString());
  const keys = saved.map(({ location }) => traktorKey(volumePath(location, os)));
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="no" ?>',
    '<NML VERSION="19"><HEAD COMPANY="www.native-instruments.com" PROGRAM="Traktor"></HEAD>',
    '<MUSICFOLDERS></MUSICFOLDERS>',
    `<COLLECTION ENTRIES="${saved.length}">`,
    ...saved.map((file) => entryXml(file, options, today)),
    '</COLLECTION>',
    '<SETS ENTRIES="0"></SETS>',
    '<PLAYLISTS><NODE TYPE="FOLDER" NAME="$ROOT"><SUBNODES COUNT="1">',
    `<NODE ${attributes({ TYPE: 'PLAYLIST', NAME: crateName })}><PLAYLIST ${attributes({ ENTRIES: saved.length, TYPE: 'LIST', UUID: uuid })}>`,
    ...keys.map(
      (key) => `<ENTRY><PRIMARYKEY ${attributes({ TYPE: 'TRACK', KEY: key })}></PRIMARYKEY></ENTRY>`,
    ),
    '</PLAYLIST></NODE>',
    '</SUBNODES></NODE></PLAYLISTS>',
    '</NML>',
    '',
  ].join('\n');
}
