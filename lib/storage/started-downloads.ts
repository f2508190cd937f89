/**
 * What the extension asked for each download it started: the file's path and what to do when a
 * file of that name is there. Chromium names a download again through downloads.onDeterminingFilename
 * (also when it resumes a cut one by itself), and once any listener is registered it keeps neither
 * the name nor the conflictAction given to downloads.download unless the listener answers them: so
 * every start is written here first, keyed by URL (the id is not known before the browser may ask),
 * and the listener answers from it.
 */
import { type StartedDownload, startedDownloadsItem } from './items.ts';

/** Older entries are links long expired: a resume would need a fresh link, recorded anew. */
const keepMs = 2 * 24 * 60 * 60 * 1000;
/** More than the longest run's files at once, small enough to rewrite on every start. */
const keepAtMost = 500;

// One write at a time in this context: parallel starts would otherwise drop each other's entries.
let writing: Promise<unknown> = Promise.resolve();

/** Records a download about to be started; resolves once stored. */
export function rememberStartedDownload(
  url: string,
  intent: Omit<StartedDownload, 'startedAt'>,
  now = Date.now(),
): Promise<void> {
  const write = writing.then(async () => {
    const started = await startedDownloadsItem.getValue();
    const kept = Object.entries(started)
      .filter(([key, entry]) => key !== url && now - entry.startedAt < keepMs)
      .sort(([, a], [, b]) => b.startedAt - a.startedAt)
      .slice(0, keepAtMost - 1);
    await startedDownloadsItem.setValue({
      ...Object.fromEntries(kept),
      [url]: { ...intent, startedAt: now },
    });
  });
  writing = write.catch(() => undefined);
  return write;
}

/** What the extension asked for the download of this URL, or undefined if it did not start one. */
export async function startedDownload(url: string): Promise<StartedDownload | undefined> {
  await writing;
  return (await startedDownloadsItem.getValue())[url];
}
