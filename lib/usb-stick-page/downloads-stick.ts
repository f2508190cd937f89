/**
 * A stick's tree saved under the downloads folder, for browsers without a folder picker (Firefox)
 * or a stick filled later: a directory handle the stick writer writes into as into a drive. The
 * audio (Contents/) is saved as each file is finished, so one file at a time is in memory; the
 * PIONEER tree (database, analysis, settings: small) is held and saved once the export is whole,
 * so a failed export leaves no database in the folder. The folder starts empty each time: the
 * downloads folder cannot be read back, so nothing is added to an earlier export there.
 */
import { safeFilename } from '../contract/safe-filename.ts';
import type {
  StickDirectoryHandle,
  StickFileHandle,
  StickWritable,
} from '../dj-formats/rekordbox-device/stick-directory.ts';

/** The stick's folder in the downloads, named for the crate. */
export const stickFolderName = (playlistName: string) =>
  safeFilename(`${playlistName} (USB stick)`) || 'USB stick';

/** Saves one file at `path` ("Contents/A/B/x.mp3") under the stick's folder in the downloads. */
export type SaveToDownloads = (path: string, data: Blob) => Promise<void>;

const notFound = (name: string) => new DOMException(`${name} is not there.`, 'NotFoundError');

class HeldFile implements StickFileHandle {
  data: Blob | null = null;

  constructor(
    private readonly path: string,
    private readonly saveNow: ((path: string, data: Blob) => Promise<void>) | null,
  ) {}

  async getFile(): Promise<Blob> {
    if (!this.data) throw notFound(this.path);
    return this.data;
  }

  async createWritable(): Promise<StickWritable> {
    const chunks: Uint8Array[] = [];
    return {
      write: async (chunk) => {
        chunks.push(chunk.slice());
      },
      close: async () => {
        const blob = new Blob(chunks as BlobPart[]);
        chunks.length = 0;
        if (this.saveNow) {
          await this.saveNow(this.path, blob);
          // Saved: its bytes leave memory; the writer never reads the audio back.
          this.data = new Blob([]);
        } else this.data = blob;
      },
      abort: async () => {
        chunks.length = 0;
      },
    };
  }
}

class HeldFolder implements StickDirectoryHandle {
  readonly entries = new Map<string, HeldFolder | HeldFile>();

  constructor(
    private readonly path: string,
    private readonly save: SaveToDownloads,
  ) {}

  private child(name: string) {
    return this.path ? `${this.path}/${name}` : name;
  }

  async getDirectoryHandle(name: string, options?: { create?: boolean }): Promise<HeldFolder> {
    const found = this.entries.get(name);
    if (found instanceof HeldFolder) return found;
    if (found || !options?.create) throw notFound(this.child(name));
    const folder = new HeldFolder(this.child(name), this.save);
    this.entries.set(name, folder);
    return folder;
  }

  async getFileHandle(name: string, options?: { create?: boolean }): Promise<HeldFile> {
    const found = this.entries.get(name);
    if (found instanceof HeldFile && (found.data || options?.create)) return found;
    if (found || !options?.create) throw notFound(this.child(name));
    const path = this.child(name);
    const file = new HeldFile(path, path.startsWith('Contents/') ? this.save : null);
    this.entries.set(name, file);
    return file;
  }

  async removeEntry(name: string): Promise<void> {
    if (!this.entries.delete(name)) throw notFound(this.child(name));
  }

  /** Every file held (not yet saved) below this folder, by path. */
  *held(): Generator<[string, Blob]> {
    for (const [name, entry] of this.entries) {
      if (entry instanceof HeldFolder) yield* entry.held();
      else if (entry.data && entry.data.size > 0 && !this.child(name).startsWith('Contents/'))
        yield [this.child(name), entry.data];
    }
  }
}

/** The stick's root in the downloads: hand it to exportToStick, then call `saveHeld()`. */
export class DownloadsStick extends HeldFolder {
  constructor(private readonly saveFile: SaveToDownloads) {
    super('', saveFile);
  }

  /** Saves the PIONEER tree the export left, the database last. */
  async saveHeld(): Promise<void> {
    const files = [...this.held()].sort(
      ([a], [b]) => Number(a.endsWith('export.pdb')) - Number(b.endsWith('export.pdb')),
    );
    for (const [path, data] of files) await this.saveFile(path, data);
  }
}
