/**
 * Downloading from the library: the store marks entries initiated and hands out signed links, and
 * the browser's downloads API saves each file. The link is a signed URL on the store's origin, so
 * fetching the file needs no token. Runs in the background (the popup may close mid-download).
 */
import { browser } from 'wxt/browser';
import { safeFilename } from '../contract/safe-filename.ts';
import type { DownloadLink, LibraryEntry } from '../contract/wire.ts';
import type { SavedDownload } from '../protocol/messages.ts';
import { rememberStartedDownload } from '../storage/started-downloads.ts';
import type { ApiClient } from './api-client.ts';

/**
 * The store already sends safe names (the same rule); this keeps downloads.download from refusing
 * one anyway (it rejects path separators, reserved characters and a trailing dot or space).
 */
const savedFilename = (filename: string, fallback: string): string => safeFilename(filename) || fallback;

/**
 * Saves one link's file into the browser's download folder. `filename` may name folders inside it
 * when the caller made each part safe (lib/file-names/filename-template.ts does).
 */
export async function saveDownload(
  link: DownloadLink,
  filename = savedFilename(link.filename, `crate-download-${link.downloadId}`),
  conflictAction: 'uniquify' | 'overwrite' = 'uniquify',
): Promise<SavedDownload> {
  // Before starting: Chromium asks onDeterminingFilename for it before download() resolves.
  await rememberStartedDownload(link.url, { filename, conflictAction });
  const browserDownloadId = await browser.downloads.download({ url: link.url, filename, conflictAction });
  return { downloadId: link.downloadId, filename, browserDownloadId };
}

/**
 * Initiates the entries at the store (all or none), then saves each file under the name given.
 * The person chose these entries one by one, so a file already at that name (an earlier save of
 * the same entry) is replaced rather than joined by a "name (1)" copy.
 */
export async function downloadFiles(
  api: ApiClient,
  entries: readonly Pick<LibraryEntry, 'id' | 'audioFormat' | 'track'>[],
  name: (entry: Pick<LibraryEntry, 'id' | 'audioFormat' | 'track'>) => string,
): Promise<SavedDownload[]> {
  const links = await api.initiateDownloads(entries.map((entry) => entry.id));
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const saved: SavedDownload[] = [];
  for (const link of links) {
    const entry = byId.get(link.downloadId);
    saved.push(await saveDownload(link, entry ? name(entry) : undefined, 'overwrite'));
  }
  return saved;
}
