/**
 * DeviceSQL pages (Deep Symmetry's database analysis, rekordcrate's `Page`): 4096 bytes, a 0x28-byte
 * header, rows on a heap from the header on, and the row index growing back from the page's end in
 * groups of 16 offsets with their presence flags. Each table starts with an index page (flags 0x64)
 * listing its data pages (flags 0x24), as rekordbox writes it; its last page links to an "empty
 * candidate" past the end of the file.
 */

export const pageSize = 4096;
const headerBytes = 0x28;
const heapBytes = pageSize - headerBytes;
const groupBytes = 0x24;
/** Readers built on older crate-digger definitions take a page's row count from one byte. */
const maxRowsPerPage = 255;
const indexEntriesOffset = 0x3c;
const indexTailBytes = 20;
const emptyIndexEntry = 0x1ffffff8;
const noPage = 0x03ffffff;

function padded(length: number): number {
  return (length + 3) & ~3;
}

function rowIndexBytes(rows: number): number {
  return Math.ceil(rows / 16) * 4 + rows * 2;
}

/** `rows` split into pages: each page as many as fit with the row index. */
export function packRows(rows: readonly Uint8Array[]): Uint8Array[][] {
  const pages: Uint8Array[][] = [];
  let page: Uint8Array[] = [];
  let used = 0;
  for (const row of rows) {
    if (padded(row.length) + rowIndexBytes(1) > heapBytes)
      throw new Error(`A row of ${row.length} bytes fits no page`);
    const fits =
      page.length < maxRowsPerPage && used + padded(row.length) + rowIndexBytes(page.length + 1) <= heapBytes;
    if (!fits) {
      pages.push(page);
      page = [];
      used = 0;
    }
    page.push(row);
    used += padded(row.length);
  }
  if (page.length > 0) pages.push(page);
  return pages;
}

interface PageLinks {
  index: number;
  type: number;
  next: number;
}

function writePageHeader(view: DataView, links: PageLinks): void {
  view.setUint32(4, links.index, true);
  view.setUint32(8, links.type, true);
  view.setUint32(12, links.next, true);
  view.setUint32(16, 1, true); // sequence of the page's last edit
}

/** A data page holding `rows`, written into `target` (a zeroed page). */
export function writeDataPage(
  target: Uint8Array,
  links: PageLinks,
  rows: readonly Uint8Array[],
  hasIndexShift: boolean,
): void {
  const view = new DataView(target.buffer, target.byteOffset, pageSize);
  writePageHeader(view, links);
  let used = 0;
  rows.forEach((row, i) => {
    target.set(row, headerBytes + used);
    // rekordbox numbers the rows of these tables 0x20 apart within their page.
    if (hasIndexShift) view.setUint16(headerBytes + used + 2, (i * 0x20) & 0xffff, true);
    const base = pageSize - Math.floor(i / 16) * groupBytes;
    view.setUint16(base - 6 - 2 * (i % 16), used, true);
    used += padded(row.length);
  });
  for (let group = 0; group * 16 < rows.length; group++) {
    const inGroup = Math.min(16, rows.length - group * 16);
    const flags = inGroup === 16 ? 0xffff : (1 << inGroup) - 1;
    const base = pageSize - group * groupBytes;
    view.setUint16(base - 4, flags, true); // present
    view.setUint16(base - 2, flags, true); // touched by the last transaction: all, a fresh write
  }
  // 13 bits of row offsets ever allocated, 11 bits of rows present, then the flags byte.
  const packed = rows.length | (rows.length << 13);
  view.setUint16(24, packed & 0xffff, true);
  target[26] = packed >>> 16;
  target[27] = 0x24;
  view.setUint16(28, heapBytes - used - rowIndexBytes(rows.length), true);
  view.setUint16(30, used, true);
  view.setUint16(32, rows.length, true); // rows of the last transaction
  view.setUint16(34, 0, true); // its first row
}

/** A table's index page listing `dataPages`, written into `target` (a zeroed page). */
export function writeIndexPage(target: Uint8Array, links: PageLinks, dataPages: readonly number[]): void {
  const view = new DataView(target.buffer, target.byteOffset, pageSize);
  writePageHeader(view, links);
  target[27] = 0x64;
  view.setUint16(0x20, 0x1fff, true);
  view.setUint16(0x22, 0x1fff, true);
  view.setUint16(0x24, 0x03ec, true);
  view.setUint16(0x26, dataPages.length, true);
  view.setUint32(0x28, links.index, true);
  view.setUint32(0x2c, dataPages[0] ?? noPage, true);
  view.setUint32(0x30, noPage, true);
  view.setUint32(0x34, 0, true);
  view.setUint16(0x38, dataPages.length, true);
  view.setUint16(0x3a, 0x1fff, true);
  for (let offset = indexEntriesOffset, i = 0; offset < pageSize - indexTailBytes; offset += 4, i++) {
    const page = dataPages[i];
    view.setUint32(offset, page === undefined ? emptyIndexEntry : page << 3, true);
  }
}

export interface TablePages {
  type: number;
  rows: readonly Uint8Array[];
  /** Rows with `index_shift` in bytes 2 and 3: tracks, artists, albums, history. */
  hasIndexShift: boolean;
}

/** Data pages one index page lists: the page less its headers and the 20 bytes left zero. */
const indexCapacity = (pageSize - indexEntriesOffset - indexTailBytes) / 4;

/**
 * The whole file: the header page, then each table's index page and data pages. A table needing
 * more data pages than one index page lists (about 12,000 tracks) is refused rather than written
 * half indexed.
 */
export function assembleDatabase(tables: readonly TablePages[]): Uint8Array {
  let nextPage = 1;
  const layout = tables.map((table) => {
    const pages = packRows(table.rows);
    if (pages.length > indexCapacity) throw new Error(`Table ${table.type} needs ${pages.length} pages`);
    const index = nextPage++;
    const data = pages.map(() => nextPage++);
    return { table, pages, index, data, candidate: 0 };
  });
  const written = nextPage;
  for (const entry of layout) entry.candidate = nextPage++;
  const file = new Uint8Array(written * pageSize);
  const header = new DataView(file.buffer);
  header.setUint32(4, pageSize, true);
  header.setUint32(8, tables.length, true);
  header.setUint32(12, nextPage, true);
  header.setUint32(16, 5, true); // unknown, 5 in every rekordbox export seen
  header.setUint32(20, written, true); // sequence
  layout.forEach(({ table, pages, index, data, candidate }, t) => {
    const page = (at: number) => file.subarray(at * pageSize, (at + 1) * pageSize);
    writeIndexPage(page(index), { index, type: table.type, next: data[0] ?? candidate }, data);
    data.forEach((at, i) => {
      const links = { index: at, type: table.type, next: data[i + 1] ?? candidate };
      writeDataPage(page(at), links, pages[i] ?? [], table.hasIndexShift);
    });
    const entry = 28 + t * 16;
    header.setUint32(entry, table.type, true);
    header.setUint32(entry + 4, candidate, true);
    header.setUint32(entry + 8, index, true);
    header.setUint32(entry + 12, data.at(-1) ?? index, true);
  });
  return file;
}
