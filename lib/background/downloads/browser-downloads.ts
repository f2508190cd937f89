/** The queue's view of the browser's downloads API (see BrowserDownloads in download-queue.ts). */
import { type Browser, browser } from 'wxt/browser';
import { saveDownload } from '../download-file.ts';
import type { BrowserDownload, BrowserDownloads } from './queue-model.ts';

const toDownload = (item: Browser.downloads.DownloadItem): BrowserDownload => ({
  id: item.id,
  url: item.url,
  state: item.state as BrowserDownload['state'],
  error: item.error,
  paused: item.paused,
  bytesReceived: item.bytesReceived,
  totalBytes: Math.max(0, item.totalBytes),
  exists: item.exists,
  filename: item.filename,
  canResume: item.canResume,
  fileSize: item.fileSize,
  startTime: item.startTime,
});

export const browserDownloads: BrowserDownloads = {
  async start(downloadId, url, path, replace) {
    // The link's own filename and expiry do not matter here: `path` names the file.
    const saved = await saveDownload(
      { downloadId, url, filename: path, expiresAt: '' },
      path,
      replace ? 'overwrite' : 'uniquify',
    );
    return saved.browserDownloadId;
  },
  async byId(id) {
    const [item] = await browser.downloads.search({ id });
    return item ? toDownload(item) : undefined;
  },
  async savedFiles() {
    // limit 0: every record, not the first thousand.
    const items = await browser.downloads.search({ state: 'complete', limit: 0 });
    return items.filter((item) => item.exists).map(toDownload);
  },
  async byUrl(url) {
    return (await browser.downloads.search({ url })).map(toDownload);
  },
  pause: (id) => browser.downloads.pause(id),
  resume: (id) => browser.downloads.resume(id),
  cancel: (id) => browser.downloads.cancel(id),
  reconnects: import.meta.env.FIREFOX,
};
