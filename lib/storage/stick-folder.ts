/**
 * The drive or folder the DJ last picked for a USB stick export (a FileSystemDirectoryHandle,
 * which only IndexedDB can keep), so the next export writes there again after the browser asks
 * for the permission once more on the click. Nothing else is kept: the handle is a reference the
 * browser checks, not a path; it is readable only by the extension's own pages.
 */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

interface StickFolderSchema extends DBSchema {
  folders: { key: string; value: FileSystemDirectoryHandle };
}

const databaseName = 'crate-stick';
const lastKey = 'last';
let opening: Promise<IDBPDatabase<StickFolderSchema>> | null = null;

function database(): Promise<IDBPDatabase<StickFolderSchema>> {
  opening ??= openDB<StickFolderSchema>(databaseName, 1, {
    upgrade(db) {
      db.createObjectStore('folders');
    },
  });
  return opening;
}

/** The folder picked last, if any; an unreadable database is none (the DJ picks again). */
export async function lastStickFolder(): Promise<FileSystemDirectoryHandle | undefined> {
  try {
    return await (await database()).get('folders', lastKey);
  } catch {
    return undefined;
  }
}

export async function rememberStickFolder(folder: FileSystemDirectoryHandle): Promise<void> {
  await (await database()).put('folders', folder, lastKey);
}
