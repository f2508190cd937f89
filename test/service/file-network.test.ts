import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFileUrl } from '../helpers/demo-files.ts';
import { rawGet } from '../helpers/raw-get.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';

/**
 * The demo store's network shaping (--files-latency-ms, --files-kbps, --files-cut-after-bytes):
 * what tests of resumed downloads and the shaped bench rely on.
 */

describe('latency and rate per connection', () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await startTestStore({
      scale: 60,
      listen: true,
      config: { fileNetwork: { latencyMs: 300, kbps: 4000 } },
    });
  });
  afterAll(() => store?.close());

  it('hold back a preview’s headers by the latency and send its body at the rate', async () => {
    const track = await store.ctx.db.get<{ id: number }>('SELECT id FROM tracks ORDER BY id LIMIT 1');
    const preview = await rawGet(`${store.baseUrl}/samples/${track?.id}.mp3`);
    expect(preview.status).toBe(200);
    expect(preview.complete).toBe(true);
    expect(preview.bytes.length).toBe(Number(preview.headers['content-length']));
    expect(preview.headersMs).toBeGreaterThanOrEqual(300);
    // 4000 kilobits per second: 500 bytes a millisecond.
    expect(preview.endMs).toBeGreaterThanOrEqual(300 + preview.bytes.length / 500 - 5);
  });

  it('shape purchased files the same way, each connection at the full rate (ranges too)', async () => {
    const urls = [await demoFileUrl(store, 'mp3', 0), await demoFileUrl(store, 'mp3', 1)];
    const range = { range: 'bytes=0-249999' };
    const [one, two] = await Promise.all(urls.map((url) => rawGet(url, range)));
    for (const response of [one, two]) {
      expect(response?.status).toBe(206);
      expect(response?.bytes.length).toBe(250_000);
      expect(response?.headersMs).toBeGreaterThanOrEqual(300);
      expect(response?.endMs).toBeGreaterThanOrEqual(300 + 500 - 5);
    }
  });
});

describe('the one-shot cut', () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await startTestStore({
      scale: 60,
      listen: true,
      config: { fileNetwork: { cutAfterBytes: 100_000 } },
    });
  });
  afterAll(() => store?.close());

  it('cuts the first purchased file after exactly N bytes, then no other until armed again', async () => {
    const url = await demoFileUrl(store, 'wav');
    const first = await rawGet(url);
    expect(first.status).toBe(200);
    expect(first.complete).toBe(false);
    expect(first.bytes.length).toBe(100_000);
    expect(store.ctx.fileNetwork.cuts).toBe(1);

    const whole = await rawGet(url);
    expect(whole.complete).toBe(true);
    expect(whole.bytes.length).toBe(Number(whole.headers['content-length']));
    expect(whole.bytes.subarray(0, 100_000)).toEqual(first.bytes);

    store.ctx.fileNetwork.armCut(5000);
    const again = await rawGet(url);
    expect(again.complete).toBe(false);
    expect(again.bytes).toEqual(whole.bytes.subarray(0, 5000));
    expect(store.ctx.fileNetwork.cuts).toBe(2);
  });

  it('leaves previews and files smaller than N alone, and stays armed for the next larger one', async () => {
    store.ctx.fileNetwork.armCut();
    const cutsBefore = store.ctx.fileNetwork.cuts;
    const track = await store.ctx.db.get<{ id: number }>('SELECT id FROM tracks ORDER BY id LIMIT 1');
    const preview = await rawGet(`${store.baseUrl}/samples/${track?.id}.mp3`);
    expect(preview.complete).toBe(true);
    const url = await demoFileUrl(store, 'mp3');
    const small = await rawGet(url, { range: 'bytes=0-99999' });
    expect(small.complete).toBe(true);
    expect(small.bytes.length).toBe(100_000);
    const cut = await rawGet(url, { range: 'bytes=1000-' });
    expect(cut.complete).toBe(false);
    expect(cut.bytes.length).toBe(100_000);
    expect(store.ctx.fileNetwork.cuts).toBe(cutsBefore + 1);
  });
});
