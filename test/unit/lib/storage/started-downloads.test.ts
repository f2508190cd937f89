/**
 * The record of downloads the extension started (what Chromium's onDeterminingFilename is answered
 * with): every start kept, even when many start at once, old ones dropped.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { rememberStartedDownload, startedDownload } from '../../../../lib/storage/started-downloads.ts';

beforeEach(() => fakeBrowser.reset());

describe('started downloads', () => {
  it('answers the path and conflictAction a URL was started with, and nothing for another URL', async () => {
    await rememberStartedDownload('http://store/a', {
      filename: 'crate/A - a.wav',
      conflictAction: 'overwrite',
    });
    expect(await startedDownload('http://store/a')).toMatchObject({
      filename: 'crate/A - a.wav',
      conflictAction: 'overwrite',
    });
    expect(await startedDownload('http://store/b')).toBeUndefined();
  });

  it('keeps every one of twenty downloads started at once', async () => {
    const urls = Array.from({ length: 20 }, (_, index) => `http://store/${index}`);
    await Promise.all(
      urls.map((url, index) =>
        rememberStartedDownload(url, { filename: `f${index}.mp3`, conflictAction: 'uniquify' }),
      ),
    );
    const answers = await Promise.all(urls.map(startedDownload));
    expect(answers.map((answer) => answer?.filename)).toEqual(urls.map((_, index) => `f${index}.mp3`));
  });

  it('forgets a start older than two days, and the same URL started again takes the new intent', async () => {
    const now = Date.now();
    await rememberStartedDownload(
      'http://store/old',
      { filename: 'old.wav', conflictAction: 'uniquify' },
      now - 3 * 86_400_000,
    );
    await rememberStartedDownload(
      'http://store/x',
      { filename: 'x.wav', conflictAction: 'uniquify' },
      now - 1000,
    );
    await rememberStartedDownload('http://store/x', { filename: 'x.wav', conflictAction: 'overwrite' }, now);
    expect(await startedDownload('http://store/old')).toBeUndefined();
    expect((await startedDownload('http://store/x'))?.conflictAction).toBe('overwrite');
  });
});
