/**
 * export.pdb's page-level layouts, once, as data (crate-digger's rekordbox_pdb.ksy: `header`,
 * `table`, `page`, `row_group`; rekordcrate's `Header`, `Page`, `IndexPage`): the file header and its
 * table pointers, the page header every page starts with, the index page's list of data pages, and
 * the row index growing back from a data page's end. Row layouts are in pdb-rows.ts.
 */
import { array, at, layout, u8, u16, u24, u32 } from './binary-layout.ts';

/** The first page's header; the table pointers follow it. */
export const fileHeader = layout('le', {
  zero: u32,
  pageSize: u32,
  tableCount: u32,
  /** The page index the next allocation gets. */
  nextUnusedPage: u32,
  /** 5 in every rekordbox export seen. */
  unknown: u32,
  /** Bumped on each edit of the file. */
  sequence: u32,
  gap: u32,
});

/** One table pointer per table, after the file header. */
export const tablePointer = layout('le', {
  type: u32,
  /** The page the table grows into next: the last page's `nextPage` points at it. */
  emptyCandidate: u32,
  firstPage: u32,
  lastPage: u32,
});

export const tablePointerAt = (index: number) => fileHeader.size + index * tablePointer.size;

/** Every page's header. Data and index pages read bytes 0x20 to 0x27 differently. */
export const pageHeader = layout('le', {
  zero: u32,
  pageIndex: u32,
  type: u32,
  nextPage: u32,
  /** The file's sequence at the page's last edit. */
  sequence: u32,
  unknown: u32,
  /** 13 bits: row offsets ever allocated; 11 bits: rows present (rowCounts, below). */
  rowCounts: u24,
  /** 0x24 or 0x34 a data page, 0x64 an index page (bit 0x40). */
  flags: u8,
  freeSize: u16,
  usedSize: u16,
  /** Rows of the page's last edit, and the first of them. */
  transactionRowCount: u16,
  transactionRowIndex: u16,
  unknown2: u16,
  unknown3: u16,
});

export const indexPageFlag = 0x40;

/** An index page's header, from 0x20 (over the data page's last words); its entries follow. */
export const indexPageHeader = layout('le', {
  unknown1: at(0x20, u16),
  unknown2: u16,
  unknown3: u16,
  nextOffset: u16,
  pageIndex: u32,
  firstDataPage: u32,
  unknown4: u32,
  unknown5: u32,
  entryCount: u16,
  unknown6: u16,
});

/** One entry of an index page: a data page's index shifted left by 3 (flags in the low bits). */
export const indexEntry = layout('le', { value: u32 });

/**
 * A group of 16 row offsets, from a data page's end back: the offsets (row 15's first), then which
 * rows are present and which the last edit touched.
 */
export const rowGroup = layout('le', {
  offsets: array(u16, 16),
  present: u16,
  touched: u16,
});

/** One slot of `rowGroup.offsets`: a row's offset from the heap's start. */
export const rowOffset = layout('le', { offset: u16 });

/** Offset `i` of a group (0 to 15) within `rowGroup.offsets`, which holds them last first. */
export const groupSlot = (i: number) => 15 - i;

/** The `indexShift` the rows of tracks, artists, albums and history carry after their subtype. */
export const rowPrefix = layout('le', { subtype: u16, indexShift: u16 });

export const packRowCounts = (offsets: number, present: number) => (offsets & 0x1fff) | (present << 13);
export const rowOffsetCount = (rowCounts: number) => rowCounts & 0x1fff;
