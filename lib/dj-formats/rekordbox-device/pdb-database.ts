/**
 * An export.pdb (or exportExt.pdb) as its pages: every page kept as the bytes it was read as, the
 * tables found by following each one's page chain from the file header (crate-digger's
 * rekordbox_pdb.ksy: `first_page` to `last_page` by `next_page`, index pages skipped, rows honoured
 * by their presence flags). Rows are only ever added: `append` packs new rows into new pages after
 * every page there is and links them at the table's end (the old last page's `next_page`, the
 * index page's list, the table pointer's `last_page` and `empty_candidate`, the header's
 * `next_unused_page`). Nothing else of the file changes, so whatever rekordbox wrote, modelled
 * here or not, stays byte for byte.
 */
import {
  fileHeader,
  indexPageFlag,
  pageHeader,
  rowGroup,
  rowOffsetCount,
  tablePointer,
  tablePointerAt,
} from './pdb-layout.ts';
import { groupAt, heapStart, listOnIndexPage, packRows, pageSize, writeDataPage } from './pdb-pages.ts';
import { type DecodedRow, decodeRow } from './pdb-rows.ts';

export interface DeviceTable {
  type: number;
  emptyCandidate: number;
  firstPage: number;
  lastPage: number;
}

export interface StoredRow extends DecodedRow {
  page: number;
}

const maxTables = 64;

export class DeviceDatabase {
  private readonly pages: Uint8Array[];
  private readonly header: Uint8Array;
  readonly pageSize: number;
  private edited = false;

  private constructor(file: Uint8Array, pageSize: number) {
    this.pageSize = pageSize;
    this.pages = Array.from({ length: Math.floor(file.length / pageSize) }, (_, i) =>
      file.slice(i * pageSize, (i + 1) * pageSize),
    );
    this.header = this.pages[0] ?? new Uint8Array(pageSize);
  }

  /** The database `file` holds; throws on a file that is not a DeviceSQL database. */
  static parse(file: Uint8Array): DeviceDatabase {
    if (file.length < fileHeader.size) throw new Error('Not a rekordbox export.pdb');
    const header = fileHeader.read(file);
    const { pageSize, tableCount } = header;
    if (header.zero !== 0 || pageSize < 512 || pageSize > 65536 || tableCount > maxTables)
      throw new Error('Not a rekordbox export.pdb');
    if (file.length < pageSize || file.length % pageSize !== 0)
      throw new Error('export.pdb is not a whole number of pages');
    return new DeviceDatabase(file, pageSize);
  }

  tables(): DeviceTable[] {
    const { tableCount } = fileHeader.read(this.header);
    return Array.from({ length: tableCount }, (_, t) => tablePointer.read(this.header, tablePointerAt(t)));
  }

  private tableIndex(type: number): number {
    return this.tables().findIndex((table) => table.type === type);
  }

  private page(index: number): Uint8Array {
    const page = this.pages[index];
    if (page === undefined) throw new Error(`Page ${index} is past the end of export.pdb`);
    return page;
  }

  /** The pages of table `type`, first to last, as its chain links them. */
  chain(type: number): number[] {
    const table = this.tables().find((t) => t.type === type);
    if (table === undefined) return [];
    const pages: number[] = [];
    const seen = new Set<number>();
    for (let index = table.firstPage; !seen.has(index); ) {
      seen.add(index);
      pages.push(index);
      if (index === table.lastPage) break;
      index = pageHeader.read(this.page(index)).nextPage;
    }
    return pages;
  }

  /** Every present row of table `type`, decoded by its row type (pdb-rows.ts), in chain order. */
  rows(type: number): StoredRow[] {
    const rows: StoredRow[] = [];
    for (const index of this.chain(type)) {
      const page = this.page(index);
      const header = pageHeader.read(page);
      if ((header.flags & indexPageFlag) !== 0) continue;
      const offsets = rowOffsetCount(header.rowCounts);
      for (let group = 0; group * 16 < offsets; group++) {
        const { offsets: slots, present } = rowGroup.read(page, groupAt(group, this.pageSize));
        for (let i = 0; i < 16 && group * 16 + i < offsets; i++) {
          if (((present >> i) & 1) === 0) continue;
          const base = heapStart + (slots[15 - i] ?? 0);
          rows.push({ page: index, ...decodeRow(type, page, base) });
        }
      }
    }
    return rows;
  }

  /** The file's sequence, bumped once for the edit that adds rows. */
  private sequence(): number {
    const { sequence } = fileHeader.read(this.header);
    if (this.edited) return sequence;
    this.edited = true;
    fileHeader.write(this.header, { sequence: sequence + 1 });
    return sequence + 1;
  }

  /**
   * Adds `rows` (encoded, pdb-rows.ts) to table `type` in new pages at the file's end. The pages
   * already there are kept as they are but for the links to the new ones.
   */
  append(type: number, rows: readonly Uint8Array[], hasIndexShift: boolean): void {
    if (rows.length === 0) return;
    const t = this.tableIndex(type);
    const table = this.tables()[t];
    if (table === undefined) throw new Error(`export.pdb has no table ${type}`);
    if (this.pageSize !== pageSize)
      throw new Error(`Pages of ${this.pageSize} bytes: only ${pageSize} are written`);
    const sequence = this.sequence();
    const header = fileHeader.read(this.header);
    const packed = packRows(rows);
    const start = Math.max(header.nextUnusedPage, this.pages.length);
    const added = packed.map((_, i) => start + i);
    const candidate = start + packed.length;
    while (this.pages.length < start) this.pages.push(new Uint8Array(this.pageSize));
    packed.forEach((pageRows, i) => {
      const page = new Uint8Array(this.pageSize);
      const links = { index: start + i, type, next: added[i + 1] ?? candidate, sequence };
      writeDataPage(page, links, pageRows, hasIndexShift);
      this.pages.push(page);
    });
    pageHeader.write(this.page(table.lastPage), { nextPage: start });
    const first = this.page(table.firstPage);
    if ((pageHeader.read(first).flags & indexPageFlag) !== 0) listOnIndexPage(first, added);
    tablePointer.write(
      this.header,
      { emptyCandidate: candidate, lastPage: candidate - 1 },
      tablePointerAt(t),
    );
    fileHeader.write(this.header, { nextUnusedPage: candidate + 1 });
  }

  /** The file, every page as it was read but for what `append` linked. */
  bytes(): Uint8Array {
    const file = new Uint8Array(this.pages.length * this.pageSize);
    this.pages.forEach((page, i) => {
      file.set(page, i * this.pageSize);
    });
    return file;
  }
}
