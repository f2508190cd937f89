/**
 * OneLibrary on the stick: PIONEER/rekordbox/exportLibrary.db, read (if the DJ's stick has one),
 * given the crate, encrypted again and written whole. Browsers write through a swap file put in
 * place on close(), so a failed write leaves the previous library; the new bytes are read back and
 * decrypted before close() so a library that would not open never replaces one that does.
 */
import type { BoothLibraryRequest, BoothLibraryWriter } from '../booth-library.ts';
import {
  failureOf,
  folderAt,
  type StickDirectoryHandle,
  StickExportError,
} from '../rekordbox-device/stick-directory.ts';
import { addCrate, type SqlDatabase } from './library-rows.ts';
import { emptyPlainDatabase } from './plain-database.ts';
import {
  decryptDatabase,
  encryptDatabase,
  NotSqlCipherError,
  rekordboxPassphrase,
} from './sqlcipher-pages.ts';

const folderPath = ['PIONEER', 'rekordbox'];
const fileName = 'exportLibrary.db';

/**
 * A SQLite engine: opens a plain database file's bytes, lets `edit` change it, returns the new
 * bytes: the stick page's SQLite wasm (lib/usb-stick-page/browser-sqlite.ts), node:sqlite in tests.
 */
export type SqlEngine = (plain: Uint8Array, edit: (db: SqlDatabase) => void) => Promise<Uint8Array>;

async function existingLibrary(folder: StickDirectoryHandle): Promise<Uint8Array | undefined> {
  try {
    const file = await (await folder.getFileHandle(fileName)).getFile();
    return new Uint8Array(await file.arrayBuffer());
  } catch (error) {
    if (error instanceof DOMException && error.name === 'NotFoundError') return undefined;
    throw error;
  }
}

async function plainLibrary(encrypted: Uint8Array | undefined): Promise<Uint8Array> {
  if (encrypted === undefined) return emptyPlainDatabase();
  try {
    return await decryptDatabase(encrypted, rekordboxPassphrase);
  } catch (error) {
    if (error instanceof NotSqlCipherError) throw new StickExportError('foreign-library', error);
    throw error;
  }
}

/**
 * Refuses a stick whose OneLibrary Crate cannot add to (not rekordbox's SQLCipher, or not a
 * library SQLite opens), before any library on it is written.
 */
export async function checkOneLibrary(engine: SqlEngine, root: StickDirectoryHandle): Promise<void> {
  let folder: StickDirectoryHandle;
  try {
    folder = await folderAt(root, folderPath, false);
  } catch (error) {
    // No PIONEER/rekordbox yet: nothing of the DJ's to read.
    if (error instanceof DOMException && error.name === 'NotFoundError') return;
    throw new StickExportError(failureOf(error), error);
  }
  const encrypted = await existingLibrary(folder);
  if (encrypted === undefined) return;
  const plain = await plainLibrary(encrypted);
  try {
    await engine(plain, (db) => void db.prepare('SELECT count(*) FROM content').get());
  } catch (error) {
    throw new StickExportError('foreign-library', error);
  }
}

export function oneLibraryWriter(engine: SqlEngine): BoothLibraryWriter {
  return async (root: StickDirectoryHandle, request: BoothLibraryRequest) => {
    try {
      const folder = await folderAt(root, folderPath, true);
      const plain = await plainLibrary(await existingLibrary(folder));
      let edited: Uint8Array;
      try {
        edited = await engine(plain, (db) => addCrate(db, request));
      } catch (error) {
        // SQLite refusing the decrypted file (or its tables) means it is not a library we can add to.
        throw new StickExportError('foreign-library', error);
      }
      const encrypted = await encryptDatabase(edited, rekordboxPassphrase);
      await decryptDatabase(encrypted, rekordboxPassphrase);
      const writable = await (await folder.getFileHandle(fileName, { create: true })).createWritable();
      try {
        await writable.write(encrypted);
        await writable.close();
      } catch (error) {
        await writable.abort().catch(() => undefined);
        throw error;
      }
    } catch (error) {
      throw error instanceof StickExportError ? error : new StickExportError(failureOf(error), error);
    }
  };
}
