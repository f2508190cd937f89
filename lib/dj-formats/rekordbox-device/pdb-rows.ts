/**
 * The rows of export.pdb's tables, byte for byte as rekordbox lays them out (crate-digger's
 * rekordbox_pdb.ksy, rekordcrate's pdb module, and a rekordbox 6 export read field by field:
 * docs/usb-stick.md). Each encoder returns the row unpadded; the pager aligns rows to 4 bytes and
 * fills in `index_shift` (bytes 2 and 3 of the rows that have one) from the row's place in its page.
 */
import { encodeDeviceSqlString, encodeUtf16 } from './device-sql-string.ts';
import { fileTypeCodes, type StickTrack } from './stick-library.ts';

/** Concatenates a fixed-size head and the strings that follow it. */
function row(head: Uint8Array, ...tails: Uint8Array[]): Uint8Array {
  let length = head.length;
  for (const tail of tails) length += tail.length;
  const bytes = new Uint8Array(length);
  bytes.set(head, 0);
  let offset = head.length;
  for (const tail of tails) {
    bytes.set(tail, offset);
    offset += tail.length;
  }
  return bytes;
}

function head(length: number): { bytes: Uint8Array; view: DataView } {
  const bytes = new Uint8Array(length);
  return { bytes, view: new DataView(bytes.buffer) };
}

/** Size of a track row before its strings: fixed fields, then its 21 string offsets. */
const trackHeadBytes = 0x88;

/** Longest text we store: a track row with every text this long still fits a page. */
export const maxTextLength = 255;

function clip(text: string): string {
  if (text.length <= maxTextLength) return text;
  const last = text.charCodeAt(maxTextLength - 1);
  // Never half a surrogate pair.
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? maxTextLength - 1 : maxTextLength);
}

/** The track row's 21 strings in their order (rekordbox_pdb.ksy `track_row` instances). */
function trackStrings(track: StickTrack, analyzeDate: string): string[] {
  const filename = track.filePath.slice(track.filePath.lastIndexOf('/') + 1);
  return [
    '', // ISRC
    '', // texter
    '3', // unknown_string_2: "3" in every rekordbox-made row seen
    '3', // unknown_string_3: likewise
    '',
    '', // message
    '', // kuvo_public
    track.autoloadHotCues ? 'ON' : '',
    '',
    '',
    track.dateAdded,
    '', // release date
    '', // mix name
    '',
    track.analyzePath,
    analyzeDate,
    clip(track.comment),
    clip(track.title),
    '',
    filename,
    track.filePath,
  ];
}

export interface TrackRowIds {
  artistId: number;
  albumId: number;
  labelId: number;
  genreId: number;
  keyId: number;
  artworkId: number;
}

/** A tracks-table row (page type 0). */
export function trackRow(track: StickTrack, ids: TrackRowIds, analyzeDate: string): Uint8Array {
  const { bytes, view } = head(trackHeadBytes);
  view.setUint16(0x00, 0x24, true); // subtype: 16-bit string offsets
  view.setUint32(0x04, 0x000c0700, true); // "bitmask", the same in every row seen
  view.setUint32(0x08, track.sampleRate, true);
  view.setUint32(0x0c, 0, true); // composer
  view.setUint32(0x10, track.fileSize, true);
  view.setUint32(0x14, track.id, true); // unknown, varies per row in rekordbox's files
  view.setUint16(0x18, 19048, true); // unknown, constant per database
  view.setUint16(0x1a, 30967, true);
  view.setUint32(0x1c, ids.artworkId, true);
  view.setUint32(0x20, ids.keyId, true);
  view.setUint32(0x24, 0, true); // original artist
  view.setUint32(0x28, ids.labelId, true);
  view.setUint32(0x2c, 0, true); // remixer
  view.setUint32(0x30, track.bitrateKbps, true);
  view.setUint32(0x34, track.trackNumber, true);
  view.setUint32(0x38, track.tempoCentiBpm, true);
  view.setUint32(0x3c, ids.genreId, true);
  view.setUint32(0x40, ids.albumId, true);
  view.setUint32(0x44, ids.artistId, true);
  view.setUint32(0x48, track.id, true);
  view.setUint16(0x4c, 0, true); // disc
  view.setUint16(0x4e, 0, true); // play count
  view.setUint16(0x50, track.year, true);
  view.setUint16(0x52, track.sampleDepth, true);
  view.setUint16(0x54, Math.min(0xffff, track.durationSeconds), true);
  view.setUint16(0x56, 0x29, true); // unknown, always 41
  bytes[0x58] = track.colorId;
  bytes[0x59] = 0; // rating
  view.setUint16(0x5a, fileTypeCodes[track.fileType], true);
  view.setUint16(0x5c, 3, true); // unknown, 2 or 3
  const strings = trackStrings(track, analyzeDate).map(encodeDeviceSqlString);
  let offset = trackHeadBytes;
  strings.forEach((string, i) => {
    view.setUint16(0x5e + i * 2, offset, true);
    offset += string.length;
  });
  return row(bytes, ...strings);
}

/** An artists-table row (page type 2): near name offset, subtype 0x60. */
export function artistRow(id: number, name: string): Uint8Array {
  const { bytes, view } = head(10);
  view.setUint16(0, 0x60, true);
  view.setUint32(4, id, true);
  bytes[8] = 0x03;
  bytes[9] = 10;
  return row(bytes, encodeDeviceSqlString(clip(name)));
}

/** An albums-table row (page type 3): near name offset, subtype 0x80. */
export function albumRow(id: number, name: string, artistId: number): Uint8Array {
  const { bytes, view } = head(22);
  view.setUint16(0, 0x80, true);
  view.setUint32(8, artistId, true);
  view.setUint32(12, id, true);
  bytes[20] = 0x03;
  bytes[21] = 22;
  return row(bytes, encodeDeviceSqlString(clip(name)));
}

/** Genres and labels rows (page types 1 and 4): an id and a name. */
export function namedRow(id: number, name: string): Uint8Array {
  const { bytes, view } = head(4);
  view.setUint32(0, id, true);
  return row(bytes, encodeDeviceSqlString(clip(name)));
}

/** A keys-table row (page type 5): the id twice, then the name. */
export function keyRow(id: number, name: string): Uint8Array {
  const { bytes, view } = head(8);
  view.setUint32(0, id, true);
  view.setUint32(4, id, true);
  return row(bytes, encodeDeviceSqlString(name));
}

/** A colors-table row (page type 6). */
export function colorRow(id: number, name: string): Uint8Array {
  const { bytes, view } = head(8);
  bytes[4] = id;
  view.setUint16(5, id, true);
  return row(bytes, encodeDeviceSqlString(name));
}

/** An artwork-table row (page type 13). */
export function artworkRow(id: number, path: string): Uint8Array {
  return namedRow(id, path);
}

/** A playlist-tree row (page type 7). */
export function playlistTreeRow(
  id: number,
  name: string,
  parentId: number,
  sortOrder: number,
  isFolder: boolean,
): Uint8Array {
  const { bytes, view } = head(20);
  view.setUint32(0, parentId, true);
  view.setUint32(8, sortOrder, true);
  view.setUint32(12, id, true);
  view.setUint32(16, isFolder ? 1 : 0, true);
  return row(bytes, encodeDeviceSqlString(clip(name)));
}

/** A playlist-entries row (page type 8). */
export function playlistEntryRow(entryIndex: number, trackId: number, playlistId: number): Uint8Array {
  const { bytes, view } = head(12);
  view.setUint32(0, entryIndex, true);
  view.setUint32(4, trackId, true);
  view.setUint32(8, playlistId, true);
  return bytes;
}

/** A columns-table row (page type 16): the browse categories, names in U+FFFA…U+FFFB. */
export function columnRow(id: number, code: number, name: string): Uint8Array {
  const { bytes, view } = head(4);
  view.setUint16(0, id, true);
  view.setUint16(2, code, true);
  return row(bytes, encodeUtf16(`\ufffa${name}\ufffb`));
}

/** Rows of the tables rekordbox fills with four 16-bit values (page types 17 and 18, the menus). */
export function menuRow(values: readonly [number, number, number, number]): Uint8Array {
  const { bytes, view } = head(8);
  values.forEach((value, i) => {
    view.setUint16(i * 2, value, true);
  });
  return bytes;
}

/** The sync-history row (page type 19): tracks on the stick, the date, the format version "1000". */
export function historyRow(trackCount: number, date: string): Uint8Array {
  const { bytes, view } = head(12);
  view.setUint16(0, 0x0280, true);
  view.setUint32(4, trackCount, true);
  const version = new Uint8Array([0x19, 0x1e]);
  return row(
    bytes,
    encodeDeviceSqlString(date),
    version,
    encodeDeviceSqlString('1000'),
    encodeDeviceSqlString(''),
  );
}
