/**
 * Reads back an export.pdb into a StickLibrary, for an incremental export: the tracks and
 * playlists already on the stick are kept and the new ones added. Reads any rekordbox-shaped file
 * (follows each table's page chain, honours the rows' presence flags), not only ours; a file that
 * is not one throws, and the export stops before writing anything.
 */
import { decodeDeviceSqlString } from './device-sql-string.ts';
import { PageType } from './pdb-writer.ts';
import type { StickFileType, StickLibrary, StickPlaylist, StickTrack } from './stick-library.ts';
import { fileTypeCodes } from './stick-library.ts';

const headerBytes = 0x28;

interface RawRow {
  page: Uint8Array;
  view: DataView;
  base: number;
}

function text(row: RawRow, offset: number): string {
  return decodeDeviceSqlString(row.page, row.base + offset).text;
}

/** Every present row of the table of `type`, following its pages from the first to the last. */
function tableRows(file: Uint8Array, type: number): RawRow[] {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const pageSize = view.getUint32(4, true);
  const tableCount = view.getUint32(8, true);
  if (pageSize < 512 || pageSize > 65536 || tableCount > 64) throw new Error('Not a rekordbox export.pdb');
  let entry = -1;
  for (let t = 0; t < tableCount; t++) if (view.getUint32(28 + t * 16, true) === type) entry = 28 + t * 16;
  if (entry < 0) return [];
  const last = view.getUint32(entry + 12, true);
  const rows: RawRow[] = [];
  const seen = new Set<number>();
  for (let index = view.getUint32(entry + 8, true); !seen.has(index); ) {
    seen.add(index);
    if ((index + 1) * pageSize > file.length) throw new Error(`Page ${index} is past the end of export.pdb`);
    const page = file.subarray(index * pageSize, (index + 1) * pageSize);
    const pageView = new DataView(page.buffer, page.byteOffset, pageSize);
    if (((page[27] ?? 0) & 0x40) === 0) rows.push(...pageRows(page, pageView, pageSize));
    if (index === last) break;
    index = pageView.getUint32(12, true);
  }
  return rows;
}

function pageRows(page: Uint8Array, view: DataView, pageSize: number): RawRow[] {
  const offsets = view.getUint16(24, true) & 0x1fff;
  const rows: RawRow[] = [];
  for (let i = 0; i < offsets; i++) {
    const base = pageSize - Math.floor(i / 16) * 0x24;
    const present = (view.getUint16(base - 4, true) >> (i % 16)) & 1;
    if (present) rows.push({ page, view, base: headerBytes + view.getUint16(base - 6 - 2 * (i % 16), true) });
  }
  return rows;
}

function names(file: Uint8Array, type: number, nameOffset: (row: RawRow) => number): Map<number, string> {
  const map = new Map<number, string>();
  for (const row of tableRows(file, type)) {
    const idOffset = type === PageType.artists ? 4 : type === PageType.albums ? 12 : 0;
    map.set(row.view.getUint32(row.base + idOffset, true), text(row, nameOffset(row)));
  }
  return map;
}

const fileTypes = new Map(Object.entries(fileTypeCodes).map(([type, code]) => [code, type as StickFileType]));

function readTrack(
  row: RawRow,
  lookups: Record<'artist' | 'album' | 'label' | 'genre' | 'key' | 'artwork', Map<number, string>>,
): StickTrack {
  const u32 = (offset: number) => row.view.getUint32(row.base + offset, true);
  const u16 = (offset: number) => row.view.getUint16(row.base + offset, true);
  const string = (i: number) => text(row, u16(0x5e + i * 2));
  return {
    id: u32(0x48),
    title: string(17),
    artist: lookups.artist.get(u32(0x44)) ?? '',
    album: lookups.album.get(u32(0x40)) ?? '',
    label: lookups.label.get(u32(0x28)) ?? '',
    genre: lookups.genre.get(u32(0x3c)) ?? '',
    key: lookups.key.get(u32(0x20)) ?? '',
    comment: string(16),
    year: u16(0x50),
    trackNumber: u32(0x34),
    tempoCentiBpm: u32(0x38),
    durationSeconds: u16(0x54),
    bitrateKbps: u32(0x30),
    sampleRate: u32(0x08),
    sampleDepth: u16(0x52),
    fileSize: u32(0x10),
    fileType: fileTypes.get(u16(0x5a)) ?? 'mp3',
    filePath: string(20),
    analyzePath: string(14),
    artworkPath: lookups.artwork.get(u32(0x1c)) ?? '',
    dateAdded: string(10),
    colorId: row.view.getUint8(row.base + 0x58),
    autoloadHotCues: string(7) === 'ON',
  };
}

function readPlaylists(file: Uint8Array): StickPlaylist[] {
  const playlists = new Map<number, StickPlaylist>();
  for (const row of tableRows(file, PageType.playlistTree)) {
    const u32 = (offset: number) => row.view.getUint32(row.base + offset, true);
    playlists.set(u32(12), {
      id: u32(12),
      name: text(row, 20),
      parentId: u32(0),
      sortOrder: u32(8),
      isFolder: u32(16) !== 0,
      trackIds: [],
    });
  }
  const entries = tableRows(file, PageType.playlistEntries).map((row) => ({
    index: row.view.getUint32(row.base, true),
    trackId: row.view.getUint32(row.base + 4, true),
    playlistId: row.view.getUint32(row.base + 8, true),
  }));
  entries.sort((a, b) => a.index - b.index);
  for (const entry of entries) playlists.get(entry.playlistId)?.trackIds.push(entry.trackId);
  return [...playlists.values()];
}

/** The library `file` holds. Throws on a file that is not a DeviceSQL database. */
export function readExportPdb(file: Uint8Array): StickLibrary {
  if (file.length < 4096 || new DataView(file.buffer, file.byteOffset).getUint32(0, true) !== 0) {
    throw new Error('Not a rekordbox export.pdb');
  }
  const nearName = (row: RawRow, farOffset: number, nearOffset: number) =>
    row.view.getUint8(row.base) & 0x04
      ? row.view.getUint16(row.base + farOffset, true)
      : row.view.getUint8(row.base + nearOffset);
  const lookups = {
    artist: names(file, PageType.artists, (row) => nearName(row, 0x0a, 9)),
    album: names(file, PageType.albums, (row) => nearName(row, 0x16, 21)),
    label: names(file, PageType.labels, () => 4),
    genre: names(file, PageType.genres, () => 4),
    key: names(file, PageType.keys, () => 8),
    artwork: names(file, PageType.artwork, () => 4),
  };
  const tracks = tableRows(file, PageType.tracks).map((row) => readTrack(row, lookups));
  return { tracks, playlists: readPlaylists(file) };
}
