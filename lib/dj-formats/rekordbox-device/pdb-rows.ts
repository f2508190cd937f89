/**
 * The rows of export.pdb's tables, described once as data (crate-digger's rekordbox_pdb.ksy row
 * types, rekordcrate's pdb module, a rekordbox 6 export read field by field: docs/usb-stick.md).
 * Each row type is its fixed part (a layout: binary-layout.ts) and where its strings are; one
 * decoder reads every row type from those descriptions, one encoder writes them. The encoders
 * below build the rows Crate adds; the pager aligns rows to 4 bytes and fills in `indexShift`.
 */
import { array, bytes, type Field, type Layout, layout, u8, u16, u32, type Values } from './binary-layout.ts';
import { decodeDeviceSqlString, encodeDeviceSqlString, encodeUtf16 } from './device-sql-string.ts';
import { fileTypeCodes, type StickTrack } from './stick-library.ts';

/** Page types, as crate-digger's `page_type` enum numbers them. */
export const PageType = {
  tracks: 0,
  genres: 1,
  artists: 2,
  albums: 3,
  labels: 4,
  keys: 5,
  colors: 6,
  playlistTree: 7,
  playlistEntries: 8,
  historyPlaylists: 11,
  historyEntries: 12,
  artwork: 13,
  columns: 16,
  menus17: 17,
  menus18: 18,
  history: 19,
} as const;

/** The track row's 21 strings, in the order of its string offsets (rekordbox_pdb.ksy `track_row`). */
export const trackStringNames = [
  'isrc',
  'texter',
  'unknownString2',
  'unknownString3',
  'unknownString4',
  'message',
  'kuvoPublic',
  'autoloadHotcues',
  'unknownString5',
  'unknownString6',
  'dateAdded',
  'releaseDate',
  'mixName',
  'unknownString7',
  'analyzePath',
  'analyzeDate',
  'comment',
  'title',
  'unknownString8',
  'filename',
  'filePath',
] as const;
export type TrackStringName = (typeof trackStringNames)[number];

export const trackLayout = layout('le', {
  /** 0x24: 16-bit string offsets. */
  subtype: u16,
  indexShift: u16,
  bitmask: u32,
  sampleRate: u32,
  composerId: u32,
  fileSize: u32,
  unknown2: u32,
  /** Constant per database. */
  unknown3: u16,
  unknown4: u16,
  artworkId: u32,
  keyId: u32,
  originalArtistId: u32,
  labelId: u32,
  remixerId: u32,
  bitrate: u32,
  trackNumber: u32,
  /** Centi-BPM. */
  tempo: u32,
  genreId: u32,
  albumId: u32,
  artistId: u32,
  id: u32,
  discNumber: u16,
  playCount: u16,
  year: u16,
  sampleDepth: u16,
  duration: u16,
  /** 41 in every row seen. */
  unknown5: u16,
  colorId: u8,
  rating: u8,
  fileType: u16,
  unknown7: u16,
  stringOffsets: array(u16, 21),
});

const nameHead = { id: u32 };
const artistNear = { subtype: u16, indexShift: u16, id: u32, unknown: u8, nameNear: u8 };
const albumNear = {
  subtype: u16,
  indexShift: u16,
  unknown: u32,
  artistId: u32,
  id: u32,
  unknown2: u32,
  unknown3: u8,
  nameNear: u8,
};

/** Fixed parts of the other row types (the far-name variants carry a 16-bit name offset after). */
export const rowLayouts = {
  artist: layout('le', artistNear),
  artistFar: layout('le', { ...artistNear, nameFar: u16 }),
  album: layout('le', albumNear),
  albumFar: layout('le', { ...albumNear, nameFar: u16 }),
  named: layout('le', nameHead),
  key: layout('le', { id: u32, id2: u32 }),
  color: layout('le', { unknown: u32, shortId: u8, id: u16, unknown2: u8 }),
  playlistTree: layout('le', { parentId: u32, unknown: u32, sortOrder: u32, id: u32, rawIsFolder: u32 }),
  playlistEntry: layout('le', { entryIndex: u32, trackId: u32, playlistId: u32 }),
  historyEntry: layout('le', { trackId: u32, playlistId: u32, entryIndex: u32 }),
  column: layout('le', { id: u16, code: u16 }),
  menu: layout('le', { category: u16, content: u16, kind: u16, sortOrder: u16 }),
  history: layout('le', { subtype: u16, indexShift: u16, trackCount: u32, unknown: bytes(4) }),
};

/**
 * Where a row type's strings are: none, one after the other right after the fixed part, at offsets
 * the row holds (tracks), or at a near (8-bit) or far (16-bit) offset by subtype (artists, albums).
 */
type Strings =
  | { kind: 'none' }
  | { kind: 'inline'; names: readonly string[] }
  | { kind: 'offsets' }
  | { kind: 'nearOrFar'; far: Layout<Record<string, Field>> };

interface RowType {
  head: Layout<Record<string, Field>>;
  strings: Strings;
}

/** Every row type of the tables crate-digger defines and those rekordbox fills with its defaults. */
export const rowTypes: Partial<Record<number, RowType>> = {
  [PageType.tracks]: { head: trackLayout, strings: { kind: 'offsets' } },
  [PageType.genres]: { head: rowLayouts.named, strings: { kind: 'inline', names: ['name'] } },
  [PageType.artists]: { head: rowLayouts.artist, strings: { kind: 'nearOrFar', far: rowLayouts.artistFar } },
  [PageType.albums]: { head: rowLayouts.album, strings: { kind: 'nearOrFar', far: rowLayouts.albumFar } },
  [PageType.labels]: { head: rowLayouts.named, strings: { kind: 'inline', names: ['name'] } },
  [PageType.keys]: { head: rowLayouts.key, strings: { kind: 'inline', names: ['name'] } },
  [PageType.colors]: { head: rowLayouts.color, strings: { kind: 'inline', names: ['name'] } },
  [PageType.playlistTree]: { head: rowLayouts.playlistTree, strings: { kind: 'inline', names: ['name'] } },
  [PageType.playlistEntries]: { head: rowLayouts.playlistEntry, strings: { kind: 'none' } },
  [PageType.historyPlaylists]: { head: rowLayouts.named, strings: { kind: 'inline', names: ['name'] } },
  [PageType.historyEntries]: { head: rowLayouts.historyEntry, strings: { kind: 'none' } },
  [PageType.artwork]: { head: rowLayouts.named, strings: { kind: 'inline', names: ['path'] } },
  [PageType.columns]: { head: rowLayouts.column, strings: { kind: 'inline', names: ['name'] } },
  [PageType.menus17]: { head: rowLayouts.menu, strings: { kind: 'none' } },
  [PageType.menus18]: { head: rowLayouts.menu, strings: { kind: 'none' } },
  [PageType.history]: { head: rowLayouts.history, strings: { kind: 'inline', names: ['date'] } },
};

export type RowFields = Record<string, number | number[] | Uint8Array>;

export interface DecodedRow {
  fields: RowFields;
  strings: Record<string, string>;
}

/** The row of table `type` at `base` in `page`; a table without a row type gives no fields. */
export function decodeRow(type: number, page: Uint8Array, base: number): DecodedRow {
  const rowType = rowTypes[type];
  if (rowType === undefined) return { fields: {}, strings: {} };
  const fields = rowType.head.read(page, base) as RowFields;
  const strings: Record<string, string> = {};
  const { strings: placement } = rowType;
  if (placement.kind === 'inline') {
    let offset = base + rowType.head.size;
    for (const name of placement.names) {
      const string = decodeDeviceSqlString(page, offset);
      strings[name] = string.text;
      offset += string.length;
    }
  } else if (placement.kind === 'offsets') {
    const offsets = fields.stringOffsets as number[];
    trackStringNames.forEach((name, i) => {
      strings[name] = decodeDeviceSqlString(page, base + (offsets[i] ?? 0)).text;
    });
  } else if (placement.kind === 'nearOrFar') {
    const far = ((fields.subtype as number) & 0x04) !== 0;
    const offset = far ? (placement.far.read(page, base).nameFar as number) : (fields.nameNear as number);
    strings.name = decodeDeviceSqlString(page, base + offset).text;
  }
  return { fields, strings };
}

/** A fixed part and the strings that follow it, as one row. */
function concat(...parts: Uint8Array[]): Uint8Array {
  const row = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    row.set(part, offset);
    offset += part.length;
  }
  return row;
}

/** Longest text we store: a track row with every text this long still fits a page. */
export const maxTextLength = 255;

function clip(text: string): string {
  if (text.length <= maxTextLength) return text;
  const last = text.charCodeAt(maxTextLength - 1);
  // Never half a surrogate pair.
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? maxTextLength - 1 : maxTextLength);
}

/** The track row's 21 strings as Crate writes them; what it does not know stays empty. */
function trackStrings(track: StickTrack, analyzeDate: string): Record<TrackStringName, string> {
  return {
    isrc: '',
    texter: '',
    unknownString2: '3', // "3" in every rekordbox-made row seen
    unknownString3: '3',
    unknownString4: '',
    message: '',
    kuvoPublic: '',
    autoloadHotcues: track.autoloadHotCues ? 'ON' : '',
    unknownString5: '',
    unknownString6: '',
    dateAdded: track.dateAdded,
    releaseDate: '',
    mixName: '',
    unknownString7: '',
    analyzePath: track.analyzePath,
    analyzeDate,
    comment: clip(track.comment),
    title: clip(track.title),
    unknownString8: '',
    filename: track.filePath.slice(track.filePath.lastIndexOf('/') + 1),
    filePath: track.filePath,
  };
}

export interface TrackRowIds {
  artistId: number;
  albumId: number;
  labelId: number;
  genreId: number;
  keyId: number;
  artworkId: number;
}

type TrackFields = Values<typeof trackLayout.fields>;

/** The fields rekordbox sets alike in every row of a database; an added track copies them. */
export type TrackConstants = Pick<TrackFields, 'bitmask' | 'unknown3' | 'unknown4'>;
export const defaultTrackConstants: TrackConstants = {
  bitmask: 0x000c0700,
  unknown3: 19048,
  unknown4: 30967,
};

/** A tracks-table row (page type 0). */
export function trackRow(
  track: StickTrack,
  ids: TrackRowIds,
  analyzeDate: string,
  constants: TrackConstants = defaultTrackConstants,
): Uint8Array {
  const texts = trackStrings(track, analyzeDate);
  const strings = trackStringNames.map((name) => encodeDeviceSqlString(texts[name]));
  const stringOffsets: number[] = [];
  let offset = trackLayout.size;
  for (const string of strings) {
    stringOffsets.push(offset);
    offset += string.length;
  }
  const head = trackLayout.encode({
    subtype: 0x24,
    ...constants,
    sampleRate: track.sampleRate,
    fileSize: track.fileSize,
    unknown2: track.id, // varies per row in rekordbox's files
    ...ids,
    bitrate: track.bitrateKbps,
    trackNumber: track.trackNumber,
    tempo: track.tempoCentiBpm,
    id: track.id,
    year: track.year,
    sampleDepth: track.sampleDepth,
    duration: Math.min(0xffff, track.durationSeconds),
    unknown5: 0x29,
    colorId: track.colorId,
    fileType: fileTypeCodes[track.fileType],
    unknown7: 3, // 2 or 3
    stringOffsets,
  });
  return concat(head, ...strings);
}

/** An artists-table row (page type 2): near name offset, subtype 0x60. */
export function artistRow(id: number, name: string): Uint8Array {
  const head = rowLayouts.artist;
  const fixed = head.encode({ subtype: 0x60, id, unknown: 0x03, nameNear: head.size });
  return concat(fixed, encodeDeviceSqlString(clip(name)));
}

/** An albums-table row (page type 3): near name offset, subtype 0x80. */
export function albumRow(id: number, name: string, artistId: number): Uint8Array {
  const head = rowLayouts.album;
  const fixed = head.encode({ subtype: 0x80, artistId, id, unknown3: 0x03, nameNear: head.size });
  return concat(fixed, encodeDeviceSqlString(clip(name)));
}

/** Genres, labels and artwork rows (page types 1, 4 and 13): an id and a name (a path). */
export function namedRow(id: number, name: string): Uint8Array {
  return concat(rowLayouts.named.encode({ id }), encodeDeviceSqlString(clip(name)));
}

/** A keys-table row (page type 5): the id twice, then the name. */
export function keyRow(id: number, name: string): Uint8Array {
  return concat(rowLayouts.key.encode({ id, id2: id }), encodeDeviceSqlString(name));
}

/** A colors-table row (page type 6). */
export function colorRow(id: number, name: string): Uint8Array {
  return concat(rowLayouts.color.encode({ shortId: id, id }), encodeDeviceSqlString(name));
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
  const fixed = rowLayouts.playlistTree.encode({ parentId, sortOrder, id, rawIsFolder: isFolder ? 1 : 0 });
  return concat(fixed, encodeDeviceSqlString(clip(name)));
}

/** A playlist-entries row (page type 8). */
export function playlistEntryRow(entryIndex: number, trackId: number, playlistId: number): Uint8Array {
  return rowLayouts.playlistEntry.encode({ entryIndex, trackId, playlistId });
}

/** A columns-table row (page type 16): the browse categories, names in U+FFFA…U+FFFB. */
export function columnRow(id: number, code: number, name: string): Uint8Array {
  return concat(rowLayouts.column.encode({ id, code }), encodeUtf16(`\ufffa${name}\ufffb`));
}

/** Rows of the tables rekordbox fills with four 16-bit values (page types 17 and 18, the menus). */
export function menuRow([category, content, kind, sortOrder]: readonly [number, number, number, number]) {
  return rowLayouts.menu.encode({ category, content, kind, sortOrder });
}

/** The sync-history row (page type 19): tracks on the stick, the date, the format version "1000". */
export function historyRow(trackCount: number, date: string): Uint8Array {
  return concat(
    rowLayouts.history.encode({ subtype: 0x0280, trackCount }),
    encodeDeviceSqlString(date),
    new Uint8Array([0x19, 0x1e]),
    encodeDeviceSqlString('1000'),
    encodeDeviceSqlString(''),
  );
}
