/**
 * The empty SQLite file a new exportLibrary.db starts from. SQLCipher needs 80 bytes at the end of
 * every page for its IV and HMAC; SQLite keeps whatever reserve the header (byte 20) names, on
 * every page it adds, but offers no SQL to set it, so the first page is written here by hand.
 * Layout: https://www.sqlite.org/fileformat2.html (the database header, a b-tree page header).
 */
import { pageSize, reservedBytes } from './sqlcipher-pages.ts';

/** SQLite 3.46.0, the oldest release the written file claims to know; any SQLite 3 reads it. */
const writerVersion = 3_046_000;
const leafTablePage = 0x0d;
const utf8 = 1;

export function emptyPlainDatabase(): Uint8Array<ArrayBuffer> {
  const file = new Uint8Array(pageSize);
  const header = new DataView(file.buffer);
  file.set(new TextEncoder().encode('SQLite format 3\0'), 0);
  header.setUint16(16, pageSize);
  file[18] = 1; // write version: rollback journal
  file[19] = 1; // read version
  file[20] = reservedBytes;
  file[21] = 64; // maximum embedded payload fraction (fixed by the format)
  file[22] = 32; // minimum embedded payload fraction
  file[23] = 32; // leaf payload fraction
  header.setUint32(24, 1); // file change counter
  header.setUint32(28, 1); // size in pages
  header.setUint32(44, 4); // schema format 4, SQLite's default since 3.3.0
  header.setUint32(56, utf8);
  header.setUint32(92, 1); // the page count is valid for change counter 1
  header.setUint32(96, writerVersion);
  // Page 1's b-tree: an empty leaf table (sqlite_schema) whose cells would start at the usable end.
  file[100] = leafTablePage;
  header.setUint16(105, pageSize - reservedBytes);
  return file;
}
