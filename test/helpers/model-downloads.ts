/** Models the browser's downloads for popup tests that save files: see modelDownloads. */
import { resolveObjectURL } from 'node:buffer';
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

/** The browser's downloads: each file's text, read from its Blob URL, and the download completes. */
export function modelDownloads() {
  const saved: { filename: string; text: Promise<string> }[] = [];
  type Listener = (delta: { id: number; state: { current: string } }) => void;
  const listeners = new Set<Listener>();
  vi.spyOn(fakeBrowser.downloads, 'download').mockImplementation(async (options) => {
    const blob = resolveObjectURL(options.url);
    saved.push({ filename: options.filename ?? '', text: blob ? blob.text() : Promise.resolve('') });
    const id = saved.length;
    queueMicrotask(() => {
      for (const listener of listeners) listener({ id, state: { current: 'complete' } });
    });
    return id;
  });
  vi.spyOn(fakeBrowser.downloads.onChanged, 'addListener').mockImplementation((listener) => {
    listeners.add(listener as unknown as Listener);
  });
  vi.spyOn(fakeBrowser.downloads.onChanged, 'removeListener').mockImplementation((listener) => {
    listeners.delete(listener as unknown as Listener);
  });
  return saved;
}
