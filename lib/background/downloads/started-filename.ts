/**
 * Chromium names a download through downloads.onDeterminingFilename, again when it resumes a cut
 * one by itself, and then takes the store's Content-Disposition name: the folders of the person's
 * template would be lost ("Artist - Title.wav" beside the folder it belongs in). And with a
 * listener registered, a download it is not answered for loses the conflictAction it was started
 * with (the library's Download, asked to replace the file, would write "name (1).wav"). So every
 * download the extension started is answered with the path and conflictAction recorded when it
 * was started (lib/storage/started-downloads.ts); other extensions' and the person's own get no
 * answer, the browser's own name. Firefox has no such event and keeps the name on a resume.
 */
import type { Browser } from 'wxt/browser';
import { browser } from 'wxt/browser';
import { startedDownload } from '../../storage/started-downloads.ts';

type Suggestion = { filename: string; conflictAction: 'overwrite' | 'uniquify' };

/** The name and conflictAction the extension asked for this download; undefined for anyone else's. */
export async function startedFilename(item: Browser.downloads.DownloadItem): Promise<Suggestion | undefined> {
  if (item.byExtensionId !== browser.runtime.id) return undefined;
  const started = await startedDownload(item.url);
  return started && { filename: started.filename, conflictAction: started.conflictAction };
}

/** downloads.onDeterminingFilename: every download must be answered, ours with what it was started with. */
export function onDeterminingFilename(
  item: Browser.downloads.DownloadItem,
  suggest: (suggestion?: Suggestion) => void,
): boolean {
  startedFilename(item).then(
    (suggestion) => suggest(suggestion),
    () => suggest(),
  );
  // The answer comes asynchronously.
  return true;
}
