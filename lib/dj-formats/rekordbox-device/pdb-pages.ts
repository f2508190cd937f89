/**
 * DeviceSQL pages (Deep Symmetry's database analysis, rekordcrate's `Page`): 4096 bytes, a 0x28-byte
 * header, rows on a heap from the header on, and the row index growing back from the page's end in
 * groups of 16 offsets with their presence flags. Each table starts with an index page (flags 0x64)
 * listing its data pages (flags 0x24), as rekordbox writes it; its last page links to an "empty
 * candidate" past the end of the file. The layouts are pdb-layout.ts's; this file only fills them.
 */
import {
  fileHeader,
  groupSlot,
  indexEntry,
  indexPageHeader,
  packRowCounts,
  pageHeader,
  rowGroup,
  rowOffset,
  rowPrefix,
  tablePointer,
  tablePointerAt,
} from './pdb-layout.ts';

export const pageSize = 4096;
/** Rows start right after the page header. */
export const heapStart = pageHeader.size;
const heapBytes = pageSize - heapStart;
/** Readers built on older crate-digger definitions take a page's row count from one byte. */
const maxRowsPerPage = 255;
const indexEntriesOffset = indexPageHeader.size;
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

export interface PageLinks {
  index: number;
  type: number;
  next: number;
  /** The file's sequence at this write. */
  sequence?: number;
}

/** The offset of group `group`'s row index, counted back from the page's end. */
export const groupAt = (group: number, size = pageSize) => size - (group + 1) * rowGroup.size;

/** A data page holding `rows`, written into `target` (a zeroed page). */
export function writeDataPage(
  target: Uint8Array,
  links: PageLinks,
  rows: readonly Uint8Array[],
  hasIndexShift: boolean,
): void {
  const offsets: number[] = [];
  let used = 0;
  rows.forEach((row, i) => {
    target.set(row, heapStart + used);
    // rekordbox numbers the rows of these tables 0x20 apart within their page: the `indexShift`
    // every such row type has right after its subtype.
    if (hasIndexShift) rowPrefix.write(target, { indexShift: (i * 0x20) & 0xffff }, heapStart + used);
    offsets.push(used);
    used += padded(row.length);
  });
  // A group's unused slots may hold rows of the heap: only the slots in use are written.
  offsets.forEach((offset, i) => {
    const slot = groupAt(Math.floor(i / 16)) + rowGroup.offsetOf.offsets + groupSlot(i % 16) * rowOffset.size;
    rowOffset.write(target, { offset }, slot);
  });
  for (let group = 0; group * 16 < rows.length; group++) {
    const inGroup = Math.min(16, rows.length - group * 16);
    const flags = inGroup === 16 ? 0xffff : (1 << inGroup) - 1;
    // Present, and touched by the last transaction: all, a fresh write.
    rowGroup.write(target, { present: flags, touched: flags }, groupAt(group));
  }
  pageHeader.write(target, {
    pageIndex: links.index,
    type: links.type,
    nextPage: links.next,
    sequence: links.sequence ?? 1,
    rowCounts: packRowCounts(rows.length, rows.length),
    flags: 0x24,
    freeSize: heapBytes - used - rowIndexBytes(rows.length),
    usedSize: used,
    transactionRowCount: rows.length,
    transactionRowIndex: 0,
  });
}

/** A table's index page listing `dataPages`, written into `target` (a zeroed page). */
export function writeIndexPage(target: Uint8Array, links: PageLinks, dataPages: readonly number[]): void {
  pageHeader.write(target, {
    pageIndex: links.index,
    type: links.type,
    nextPage: links.next,
    sequence: links.sequence ?? 1,
    flags: 0x64,
  });
  indexPageHeader.write(target, {
    unknown1: 0x1fff,
    unknown2: 0x1fff,
    unknown3: 0x03ec,
    nextOffset: dataPages.length,
    pageIndex: links.index,
    firstDataPage: dataPages[0] ?? noPage,
    unknown4: noPage,
    unknown5: 0,
    entryCount: dataPages.length,
    unknown6: 0x1fff,
  });
  for (let i = 0; i < indexCapacity; i++) {
    const page = dataPages[i];
    indexEntry.write(target, { value: page === undefined ? emptyIndexEntry : page << 3 }, indexEntryAt(i));
  }
}

/** Data pages one index page lists: the page less its headers and the 20 bytes left zero. */
export const indexCapacity = (pageSize - indexEntriesOffset - indexTailBytes) / indexEntry.size;
export const indexEntryAt = (i: number) => indexEntriesOffset + i * indexEntry.size;

/**
 * Adds `dataPages` to the list of the index page `target` (a table's first page, when it is one),
 * as rekordbox lists every data page; false when the list is full, which leaves it as it was.
 */
export function listOnIndexPage(target: Uint8Array, dataPages: readonly number[]): boolean {
  const header = indexPageHeader.read(target);
  if (header.entryCount + dataPages.length > indexCapacity) return false;
  dataPages.forEach((page, i) => {
    indexEntry.write(target, { value: page << 3 }, indexEntryAt(header.entryCount + i));
  });
  const entryCount = header.entryCount + dataPages.length;
  indexPageHeader.write(target, {
    entryCount,
    nextOffset: entryCount,
    firstDataPage: header.entryCount === 0 ? (dataPages[0] ?? noPage) : header.firstDataPage,
  });
  return true;
}

export interface TablePages {
  type: number;
  rows: readonly Uint8Array[];
  /** Rows with `index_shift` in bytes 2 and 3: tracks, artists, albums, history. */
  hasIndexShift: boolean;
}

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
  fileHeader.write(file, {
    pageSize,
    tableCount: tables.length,
    nextUnusedPage: nextPage,
    unknown: 5, // 5 in every rekordbox export seen
    sequence: written,
  });
  layout.forEach(({ table, pages, index, data, candidate }, t) => {
    const page = (at: number) => file.subarray(at * pageSize, (at + 1) * pageSize);
    writeIndexPage(page(index), { index, type: table.type, next: data[0] ?? candidate }, data);
    data.forEach((at, i) => {
      const links = { index: at, type: table.type, next: data[i + 1] ?? candidate };
      writeDataPage(page(at), links, pages[i] ?? [], table.hasIndexShift);
    });
    tablePointer.write(
      file,
      { type: table.type, emptyCandidate: candidate, firstPage: index, lastPage: data.at(-1) ?? index },
      tablePointerAt(t),
    );
  });
  return file;
}
