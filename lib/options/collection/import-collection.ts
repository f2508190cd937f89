/**
 * Importing a collection from the options page: the reading, the IndexedDB writes and the index
 * building run in a worker of their own (collection-worker.ts), so the page stays responsive
 * through a 100,000-track import; the page only passes on what the DJ chose, shows the progress,
 * and puts the finished compact index in storage.local (a worker has no extension storage).
 */
import type { CollectionSourceIndex } from '../../storage/collection-index.ts';
import {
  type CollectionSource,
  type CollectionStore,
  collectionStore,
} from '../../storage/collection-store.ts';
import { collectionIndexItem } from '../../storage/items.ts';
// Vite's `?worker` import, not `new Worker(new URL(…, import.meta.url))`: WXT defines
// import.meta.url as self.location.href, which hides that pattern from Vite (wxt-dev/wxt#2032).
import CollectionWorker from './collection-worker.ts?worker';
import type { DirectoryHandle } from './folder-files.ts';
import type { FolderFile } from './read-collection.ts';
import type { ImportFailure, ImportReport, ImportRequest } from './worker-protocol.ts';

/** What the DJ chose: a collection file, a folder from the picker, or a directory input's files. */
export type CollectionChoice =
  | { file: File }
  | { folder: string; handle: DirectoryHandle }
  | { folder: string; files: FolderFile[] };

/** An import the worker refused or could not finish; `failure` says why, for the page to word. */
export class ImportFailed extends Error {
  constructor(readonly failure: ImportFailure) {
    super('message' in failure ? failure.message : `${failure.subject}: ${failure.refusal}`);
  }
}

/** Files a message: a directory input may list tens of thousands, cloned in turn between tasks. */
const filesPerMessage = 500;

async function send(worker: Worker, choice: CollectionChoice): Promise<void> {
  const post = (request: ImportRequest) => worker.postMessage(request);
  if ('file' in choice) return post({ type: 'file', file: choice.file });
  if ('handle' in choice) return post({ type: 'folder', name: choice.folder, handle: choice.handle });
  post({ type: 'folder', name: choice.folder });
  for (let at = 0; at < choice.files.length; at += filesPerMessage) {
    post({ type: 'files', files: choice.files.slice(at, at + filesPerMessage) });
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  post({ type: 'end' });
}

/** Imports a collection; resolves with the source as kept, or rejects with ImportFailed. */
export async function importCollection(
  choice: CollectionChoice,
  progress: (read: number) => void,
): Promise<CollectionSource> {
  const worker = new CollectionWorker();
  try {
    const done = new Promise<{ source: CollectionSource; index: CollectionSourceIndex }>(
      (resolve, reject) => {
        worker.onmessage = ({ data }: MessageEvent<ImportReport>) => {
          if (data.type === 'progress') progress(data.read);
          else if (data.type === 'done') resolve(data);
          else reject(new ImportFailed(data.failure));
        };
        worker.onerror = (event) => {
          event.preventDefault();
          reject(new ImportFailed({ message: event.message ?? '' }));
        };
      },
    );
    await send(worker, choice);
    const { source, index } = await done;
    await keepIndex(index);
    return source;
  } finally {
    worker.terminate();
  }
}

/** Puts a source's compact index where the store pages read it, in place of its last import. */
export async function keepIndex(index: CollectionSourceIndex): Promise<void> {
  const current = await collectionIndexItem.getValue();
  await collectionIndexItem.setValue({
    sources: [...current.sources.filter((other) => other.id !== index.id), index],
  });
}

let store: CollectionStore | null = null;
const theStore = () => {
  store ??= collectionStore();
  return store;
};

export const collectionSources = (): Promise<CollectionSource[]> => theStore().sources();

export async function removeCollection(id: string): Promise<void> {
  const current = await collectionIndexItem.getValue();
  await collectionIndexItem.setValue({ sources: current.sources.filter((source) => source.id !== id) });
  await theStore().remove(id);
}
