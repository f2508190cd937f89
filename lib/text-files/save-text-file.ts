/**
 * Saves text the popup made (a crate export, a shared crate) to the download folder with the
 * browser's downloads. Through a Blob object URL of the page, not a `data:` URL: Firefox's
 * downloads.download refuses `data:` URLs ("Access denied for URL data:…"); a Blob URL works in
 * both browsers. The URL is revoked once the download has ended, so the text does not stay in
 * memory for as long as the page is open.
 */
import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import { rememberStartedDownload } from '../storage/started-downloads.ts';

/** What this needs of the browser's downloads (browser.downloads; a model in unit tests). */
export interface TextDownloads {
  download(options: { url: string; filename: string; conflictAction: 'overwrite' }): Promise<number>;
  onChanged: {
    addListener(listener: (delta: DownloadDelta) => void): void;
    removeListener(listener: (delta: DownloadDelta) => void): void;
  };
}

interface DownloadDelta {
  id: number;
  state?: { current?: string };
  error?: { current?: string };
}

export interface TextFile {
  /** Text (saved as UTF-8), or bytes as they are (a Serato crate). */
  text: string | Uint8Array;
  type: string;
  /** Relative to the download folder. Saved again under the same name, it replaces the file. */
  filename: string;
}

/** Resolves when the file is written; rejects with the browser's reason when it is not. */
export async function saveTextFile(
  file: TextFile,
  downloads: TextDownloads = browser.downloads as unknown as TextDownloads,
): Promise<void> {
  const type = typeof file.text === 'string' ? `${file.type};charset=utf-8` : file.type;
  const url = URL.createObjectURL(new Blob([file.text as BlobPart], { type }));
  // Listening before asking: a small file can finish before download() resolves with its id.
  const ended = new Map<number, DownloadDelta>();
  let settle: ((delta: DownloadDelta) => void) | null = null;
  let id: number | null = null;
  const listener = (delta: DownloadDelta) => {
    const state = delta.state?.current;
    if (state !== 'complete' && state !== 'interrupted') return;
    if (delta.id === id) settle?.(delta);
    else ended.set(delta.id, delta);
  };
  downloads.onChanged.addListener(listener);
  try {
    await rememberStartedDownload(url, { filename: file.filename, conflictAction: 'overwrite' });
    id = await downloads.download({ url, filename: file.filename, conflictAction: 'overwrite' });
    const known = id;
    const end = await new Promise<DownloadDelta>((resolve) => {
      const early = ended.get(known);
      if (early) resolve(early);
      else settle = resolve;
    });
    if (end.state?.current === 'interrupted')
      throw new Error(i18n.t('popup.share.notSaved', [file.filename, end.error?.current ?? 'interrupted']));
  } finally {
    downloads.onChanged.removeListener(listener);
    URL.revokeObjectURL(url);
  }
}
