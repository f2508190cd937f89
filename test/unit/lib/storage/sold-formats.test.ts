import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { soldFormatsItem } from '../../../../lib/storage/items.ts';
import { keepSoldFormats, soldFormatsOf } from '../../../../lib/storage/sold-formats.ts';

const store = 'https://store.example';

beforeEach(() => fakeBrowser.reset());

describe('the formats a store sells', () => {
  it('are the three every store sold until the store lists its own', async () => {
    expect(soldFormatsOf(await soldFormatsItem.getValue(), store)).toEqual(['mp3', 'wav', 'aiff']);
  });

  it('follow the store’s list, per store, in its order, formats Crate never heard of included', async () => {
    await keepSoldFormats(store, ['mp3', 'flac', 'ogg']);
    await keepSoldFormats('https://other.example', ['wav']);
    const all = await soldFormatsItem.getValue();
    expect(soldFormatsOf(all, store)).toEqual(['mp3', 'flac', 'ogg']);
    expect(soldFormatsOf(all, 'https://other.example')).toEqual(['wav']);
  });

  it('keep the last list when an answer names none or only malformed ids, and write nothing for the same list', async () => {
    await keepSoldFormats(store, ['mp3', 'flac']);
    let writes = 0;
    const unwatch = soldFormatsItem.watch(() => writes++);
    await keepSoldFormats(store, []);
    await keepSoldFormats(store, ['MP3!', '']);
    await keepSoldFormats(store, ['mp3', 'flac']);
    unwatch();
    expect(writes).toBe(0);
    expect(soldFormatsOf(await soldFormatsItem.getValue(), store)).toEqual(['mp3', 'flac']);
  });
});
