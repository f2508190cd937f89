/**
 * The part of the File System Access API the stick writer uses: a FileSystemDirectoryHandle (the
 * folder or drive the DJ picked, or the origin-private file system in tests) satisfies it, and so
 * does the in-memory directory the unit tests use to pull the stick mid-write.
 */

export interface StickWritable {
  write(data: Uint8Array): Promise<void>;
  close(): Promise<void>;
  abort(): Promise<void>;
}

export interface StickFileHandle {
  getFile(): Promise<Blob>;
  /** Writes go to a swap file the browser puts in place on close(): a failed write leaves the old file. */
  createWritable(): Promise<StickWritable>;
}

export interface StickDirectoryHandle {
  getDirectoryHandle(name: string, options?: { create?: boolean }): Promise<StickDirectoryHandle>;
  getFileHandle(name: string, options?: { create?: boolean }): Promise<StickFileHandle>;
  removeEntry(name: string): Promise<void>;
}

/** Why an export to the stick stopped; each has its message in the popup's words. */
export type StickExportFailure =
  | 'stick-full'
  | 'read-only'
  | 'stick-removed'
  | 'foreign-library'
  /** An Engine DJ library in a schema Crate does not write, or one SQLite cannot read. */
  | 'foreign-engine-library'
  | 'write-failed';

export class StickExportError extends Error {
  readonly failure: StickExportFailure;

  constructor(failure: StickExportFailure, cause?: unknown) {
    super(`USB stick export failed: ${failure}`, { cause });
    this.failure = failure;
    this.name = 'StickExportError';
  }
}

/** The failure a File System Access error stands for. */
export function failureOf(error: unknown): StickExportFailure {
  if (error instanceof StickExportError) return error.failure;
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'QuotaExceededError') return 'stick-full';
  if (name === 'NoModificationAllowedError' || name === 'NotAllowedError') return 'read-only';
  if (name === 'NotFoundError' || name === 'NotReadableError' || name === 'InvalidStateError')
    return 'stick-removed';
  return 'write-failed';
}

/** The folder at `path` ("PIONEER/rekordbox"), created on the way when `create`. */
export async function folderAt(
  root: StickDirectoryHandle,
  path: readonly string[],
  create: boolean,
): Promise<StickDirectoryHandle> {
  let folder = root;
  for (const name of path) folder = await folder.getDirectoryHandle(name, { create });
  return folder;
}

/** Folders an export writes into, each opened (and created) once: thousands of files share a few. */
export class StickFolders {
  private readonly opened = new Map<string, Promise<StickDirectoryHandle>>();

  readonly root: StickDirectoryHandle;

  constructor(root: StickDirectoryHandle) {
    this.root = root;
  }

  folder(path: readonly string[]): Promise<StickDirectoryHandle> {
    if (path.length === 0) return Promise.resolve(this.root);
    const key = path.join('/');
    let folder = this.opened.get(key);
    if (folder === undefined) {
      const name = path.at(-1) ?? '';
      folder = this.folder(path.slice(0, -1)).then((parent) =>
        parent.getDirectoryHandle(name, { create: true }),
      );
      folder.catch(() => this.opened.delete(key));
      this.opened.set(key, folder);
    }
    return folder;
  }
}

/** The bytes of the file at `path`, or undefined when it (or a folder on the way) is not there. */
export async function readFileAt(
  root: StickDirectoryHandle,
  path: readonly string[],
): Promise<Uint8Array | undefined> {
  const folders = path.slice(0, -1);
  const name = path.at(-1) ?? '';
  try {
    const folder = await folderAt(root, folders, false);
    const file = await (await folder.getFileHandle(name)).getFile();
    return new Uint8Array(await file.arrayBuffer());
  } catch (error) {
    if (error instanceof Error && (error.name === 'NotFoundError' || error.name === 'TypeMismatchError'))
      return undefined;
    throw error;
  }
}

/** Whether a file is at `path`, without reading it. */
export async function fileExistsAt(root: StickDirectoryHandle, path: readonly string[]): Promise<boolean> {
  try {
    const folder = await folderAt(root, path.slice(0, -1), false);
    await folder.getFileHandle(path.at(-1) ?? '');
    return true;
  } catch (error) {
    if (error instanceof Error && (error.name === 'NotFoundError' || error.name === 'TypeMismatchError'))
      return false;
    throw error;
  }
}

/** Writes `chunks` to the file at `path`, replacing it whole on success (the browser's swap file). */
export async function writeFileAt(
  folders: StickFolders,
  path: readonly string[],
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): Promise<number> {
  const folder = await folders.folder(path.slice(0, -1));
  const writable = await (await folder.getFileHandle(path.at(-1) ?? '', { create: true })).createWritable();
  let written = 0;
  try {
    for await (const chunk of chunks) {
      await writable.write(chunk);
      written += chunk.length;
    }
    await writable.close();
  } catch (error) {
    await writable.abort().catch(() => {});
    throw error;
  }
  return written;
}
