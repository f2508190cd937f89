/**
 * What the options page and its collection import worker (collection-worker.ts) say to each other.
 * One worker a run: the page starts it, sends what the DJ chose, hears progress and one outcome,
 * and ends it. Both ends are this extension's own code: no other sender can reach a dedicated worker.
 */
import type { CollectionSourceIndex } from '../../storage/collection-index.ts';
import type { CollectionSource } from '../../storage/collection-store.ts';
import type { DirectoryHandle } from './folder-files.ts';
import type { ImportRefusal } from './import-outcome.ts';
import type { FolderFile } from './read-collection.ts';

export type ImportRequest =
  | { type: 'file'; file: File }
  /** A folder chosen with the directory picker: the worker walks it. */
  | { type: 'folder'; name: string; handle: DirectoryHandle }
  /** A folder from a directory input: its files follow in batches, then `end`. */
  | { type: 'folder'; name: string; handle?: undefined }
  | { type: 'files'; files: FolderFile[] }
  | { type: 'end' };

export type ImportFailure = { refusal: ImportRefusal; subject: string } | { message: string };

export type ImportReport =
  | { type: 'progress'; read: number }
  | { type: 'done'; source: CollectionSource; index: CollectionSourceIndex }
  | { type: 'failed'; failure: ImportFailure };
