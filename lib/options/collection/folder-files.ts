/**
 * A chosen music folder's files, walked lazily: through `showDirectoryPicker`'s handle where the
 * browser has one (Chromium; the handle goes to the import worker, which walks it), or the files a
 * directory `<input>` lists (Firefox).
 */
import type { FolderFile } from './read-collection.ts';

export interface DirectoryHandle {
  kind: 'directory';
  name: string;
  values(): AsyncIterable<DirectoryHandle | FileHandle>;
}
interface FileHandle {
  kind: 'file';
  name: string;
  getFile(): Promise<File>;
}

type DirectoryPicker = (options?: { mode?: 'read' }) => Promise<DirectoryHandle>;

/** The browser's directory picker, or null where there is none. */
export const directoryPicker = (): DirectoryPicker | null =>
  (globalThis as { showDirectoryPicker?: DirectoryPicker }).showDirectoryPicker ?? null;

/** Asks for a folder; null when the person cancels. */
export async function pickFolder(picker: DirectoryPicker): Promise<DirectoryHandle | null> {
  try {
    return await picker({ mode: 'read' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return null;
    throw error;
  }
}

/** Every file under a folder, with its path inside it. */
export async function* folderFiles(directory: DirectoryHandle, prefix = ''): AsyncGenerator<FolderFile> {
  for await (const entry of directory.values()) {
    const path = `${prefix}${entry.name}`;
    if (entry.kind === 'directory') yield* folderFiles(entry, `${path}/`);
    else yield { path, file: await entry.getFile() };
  }
}

/** The files a directory `<input>` returned, named by the folder chosen (their paths' first part). */
export function inputFolder(files: FileList): { name: string; files: FolderFile[] } {
  const list = [...files].map((file) => ({ path: file.webkitRelativePath || file.name, file }));
  const name = list[0]?.path.split('/')[0] ?? 'Music folder';
  return { name, files: list.map(({ path, file }) => ({ path: path.slice(path.indexOf('/') + 1), file })) };
}
