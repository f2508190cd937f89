import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createWorker } from '../../../../../lib/background/worker.ts';
import { storeUrlSetting } from '../../../../../lib/storage/items.ts';
import { fakeAuth, fakeStore } from '../../../../helpers/fake-store.ts';
import { storeUrl } from '../../../../helpers/popup-fixtures.ts';

beforeEach(async () => {
  fakeBrowser.reset();
  await storeUrlSetting.setValue(storeUrl);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the USB stick messages', () => {
  it("answers a track's detail waveform from the store's public call", async () => {
    const waveform = { columnsPerSecond: 150, columns: 2, data: 'AAECAwQF' };
    const asked = fakeStore({
      'GET /catalog/3/track-waveform': (url) => (url.searchParams.get('id') === '7' ? waveform : null),
    });
    expect(await createWorker(fakeAuth()).handlers.trackWaveform({ id: 7 })).toEqual(waveform);
    expect(asked).toEqual(['GET /catalog/3/track-waveform']);
  });

  it("gives a fresh signed link to a library entry's file, never the token", async () => {
    const link = {
      downloadId: 5,
      url: `${storeUrl}/downloads/file/5?expires=1&sig=abc`,
      filename: 'a.mp3',
      expiresAt: '',
    };
    const asked = fakeStore({ 'POST /order/1/downloads': () => [link] });
    expect(await createWorker(fakeAuth()).handlers.stickAudioLink({ entryId: 5 })).toEqual({ url: link.url });
    expect(asked).toEqual(['POST /order/1/downloads']);
  });

  it('refuses when the store gives no link', async () => {
    fakeStore({ 'POST /order/1/downloads': () => [] });
    await expect(createWorker(fakeAuth()).handlers.stickAudioLink({ entryId: 5 })).rejects.toThrow();
  });
});
