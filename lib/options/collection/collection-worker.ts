/**
 * The options page's collection import worker: reads what the DJ chose (parsing, tag reading,
 * match keys), keeps the tracks in IndexedDB and builds the compact index, off the page's thread,
 * so a 100,000-track import never freezes the page. Started by import-collection.ts, once a run.
 */
import { errorMessage } from '../../i18n/error-message.ts';
import { folderFiles } from './folder-files.ts';
import { CollectionImportError } from './import-outcome.ts';
import {
  type FolderFile,
  type ReadCollection,
  readCollectionFile,
  readMusicFolder,
} from './read-collection.ts';
import { saveCollection } from './save-collection.ts';
import type { ImportFailure, ImportReport, ImportRequest } from './worker-protocol.ts';

const reply = (report: ImportReport) => postMessage(report);

/** Progress at most every 100 ms: the page repaints its count, not a message per chunk. */
function throttledProgress(): (read: number) => void {
  let last = 0;
  return (read) => {
    const now = performance.now();
    if (now - last < 100) return;
    last = now;
    reply({ type: 'progress', read });
  };
}

/** The files a directory input's folder sends in batches, as they come. */
function incomingFiles() {
  const queue: FolderFile[][] = [];
  let ended = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  return {
    push(files: FolderFile[]) {
      queue.push(files);
      notify();
    },
    end() {
      ended = true;
      notify();
    },
    async *files(): AsyncGenerator<FolderFile> {
      for (;;) {
        const batch = queue.shift();
        if (batch) yield* batch;
        else if (ended) return;
        else await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
}

let incoming: ReturnType<typeof incomingFiles> | null = null;

async function run(name: string, reading: Promise<ReadCollection>): Promise<void> {
  try {
    reply({ type: 'done', ...(await saveCollection(await reading, name)) });
  } catch (error) {
    const failure: ImportFailure =
      error instanceof CollectionImportError
        ? { refusal: error.refusal, subject: error.subject }
        : { message: errorMessage(error) };
    reply({ type: 'failed', failure });
  }
}

addEventListener('message', ({ data }: MessageEvent<ImportRequest>) => {
  if (data.type === 'file') {
    void run(data.file.name, readCollectionFile(data.file, throttledProgress()));
  } else if (data.type === 'folder') {
    let files: AsyncIterable<FolderFile>;
    if (data.handle) files = folderFiles(data.handle);
    else {
      incoming = incomingFiles();
      files = incoming.files();
    }
    void run(data.name, readMusicFolder(data.name, files, throttledProgress()));
  } else if (data.type === 'files') {
    incoming?.push(data.files);
  } else {
    incoming?.end();
  }
});
