/**
 * Text saved through a Blob object URL (Firefox refuses `data:` URLs in downloads.download): the
 * download gets the page's `blob:` URL holding the text, and the URL is revoked only once the
 * download has ended, however fast it ends.
 */
import { resolveObjectURL } from 'node:buffer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveTextFile, type TextDownloads } from '../../../../lib/text-files/save-text-file.ts';

type Delta = Parameters<Parameters<TextDownloads['onChanged']['addListener']>[0]>[0];

/** The browser's downloads: `finish` decides when (and how) each download ends. */
function modelDownloads(finish: (id: number, emit: (delta: Delta) => void) => void) {
  const listeners = new Set<(delta: Delta) => void>();
  const emit = (delta: Delta) => {
    for (const listener of listeners) listener(delta);
  };
  const asked: { url: string; filename: string; conflictAction: string; text: Promise<string> }[] = [];
  const downloads: TextDownloads = {
    async download(options) {
      // Read the Blob while its URL is alive, as the browser does.
      const blob = resolveObjectURL(options.url);
      const text = blob ? blob.text() : Promise.reject(new Error(`No Blob at ${options.url}`));
      asked.push({ ...options, text });
      const id = asked.length;
      finish(id, emit);
      return id;
    },
    onChanged: {
      addListener: (listener) => listeners.add(listener),
      removeListener: (listener) => listeners.delete(listener),
    },
  };
  return { downloads, asked, listeners };
}

afterEach(() => vi.restoreAllMocks());

describe('saveTextFile', () => {
  it('downloads a blob: URL with the text, replacing a file of that name, and revokes it once complete', async () => {
    const revoked = vi.spyOn(URL, 'revokeObjectURL');
    let complete: (() => void) | undefined;
    const model = modelDownloads((id, emit) => {
      complete = () => emit({ id, state: { current: 'complete' } });
    });
    const saving = saveTextFile(
      { text: '<DJ_PLAYLISTS/>', type: 'application/xml', filename: 'Friday.xml' },
      model.downloads,
    );
    await vi.waitFor(() => expect(model.asked).toHaveLength(1));
    const [asked] = model.asked as [(typeof model.asked)[number]];
    expect(asked.url.startsWith('blob:')).toBe(true);
    expect(asked).toMatchObject({ filename: 'Friday.xml', conflictAction: 'overwrite' });
    expect(await asked.text).toBe('<DJ_PLAYLISTS/>');
    // Another download ending is not this one's end.
    expect(revoked).not.toHaveBeenCalled();
    complete?.();
    await saving;
    expect(revoked).toHaveBeenCalledWith(asked.url);
    expect(model.listeners.size).toBe(0);
  });

  it('knows of a download that ended before the browser said its id', async () => {
    const revoked = vi.spyOn(URL, 'revokeObjectURL');
    const model = modelDownloads((id, emit) => {
      emit({ id: id + 100, state: { current: 'complete' } });
      emit({ id, state: { current: 'complete' } });
    });
    await saveTextFile({ text: '#EXTM3U\n', type: 'audio/x-mpegurl', filename: 'a.m3u8' }, model.downloads);
    expect(revoked).toHaveBeenCalledTimes(1);
  });

  it("fails with the browser's reason when the download is interrupted, and still revokes the URL", async () => {
    const revoked = vi.spyOn(URL, 'revokeObjectURL');
    const model = modelDownloads((id, emit) =>
      queueMicrotask(() =>
        emit({ id, state: { current: 'interrupted' }, error: { current: 'FILE_NO_SPACE' } }),
      ),
    );
    await expect(
      saveTextFile({ text: '{}', type: 'application/json', filename: 'x.crate.json' }, model.downloads),
    ).rejects.toThrow('The browser did not save "x.crate.json" (FILE_NO_SPACE).');
    expect(revoked).toHaveBeenCalledTimes(1);
  });

  it('revokes the URL when the browser refuses the download outright', async () => {
    const revoked = vi.spyOn(URL, 'revokeObjectURL');
    const refusing: TextDownloads = {
      download: async () => {
        throw new Error('Access denied');
      },
      onChanged: { addListener: () => {}, removeListener: () => {} },
    };
    await expect(
      saveTextFile({ text: '{}', type: 'application/json', filename: 'x.json' }, refusing),
    ).rejects.toThrow('Access denied');
    expect(revoked).toHaveBeenCalledTimes(1);
  });
});
