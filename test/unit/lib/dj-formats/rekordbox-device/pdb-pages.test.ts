import { describe, expect, it } from 'vitest';
import {
  assembleDatabase,
  packRows,
  pageSize,
} from '../../../../../lib/dj-formats/rekordbox-device/pdb-pages.ts';

const rows = (count: number, size: number) => Array.from({ length: count }, () => new Uint8Array(size));

describe('DeviceSQL pages', () => {
  it('fills a page with rows and their row index, and no more than 255 rows', () => {
    // 4,056 bytes of heap: 16-byte rows take 16 + 2 bytes of offset, and 4 bytes a group of 16.
    expect(packRows(rows(300, 16)).map((page) => page.length)).toEqual([222, 78]);
    expect(packRows(rows(600, 4)).map((page) => page.length)).toEqual([255, 255, 90]);
  });

  it('lists each table’s data pages on its index page, as rekordbox does', () => {
    const file = assembleDatabase([{ type: 0, rows: rows(30, 1000), hasIndexShift: true }]);
    const view = new DataView(file.buffer);
    const first = view.getUint32(28 + 8, true);
    const last = view.getUint32(28 + 12, true);
    expect(file[first * pageSize + 27]).toBe(0x64);
    const listed = view.getUint16(first * pageSize + 0x38, true);
    const pages = Array.from(
      { length: listed },
      (_, i) => view.getUint32(first * pageSize + 0x3c + i * 4, true) >> 3,
    );
    expect(pages).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    expect(last).toBe(9);
    expect(view.getUint32(first * pageSize + 0x3c + listed * 4, true)).toBe(0x1ffffff8);
    // The rows of a page: 4 of 1,000 bytes, index_shift 0x20 apart.
    expect(view.getUint16(2 * pageSize + 24, true) & 0x1fff).toBe(4);
    expect(view.getUint16(2 * pageSize + 0x28 + 1000 + 2, true)).toBe(0x20);
  });

  it('refuses a table larger than one index page lists, rather than writing it half indexed', () => {
    expect(() => assembleDatabase([{ type: 0, rows: rows(1005, 4000), hasIndexShift: false }])).toThrow(
      /needs 1005 pages/,
    );
  });
});
