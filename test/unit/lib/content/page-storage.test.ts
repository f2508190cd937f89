import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  knownPageStorage,
  type PageStorage,
  pageStorageFallbacks,
  pageStorageKeys,
  readPageStorage,
  watchPageStorage,
} from '../../../../lib/content/page-storage.ts';
import {
  cartStateItem,
  collectionIndexItem,
  currentCartSetting,
  defaultAudioFormatSetting,
  hideWhatYouHaveSetting,
  keyNotationSetting,
  moneyPatternsItem,
  storeUrlSetting,
} from '../../../../lib/storage/items.ts';
import { moneyPatternsKey } from '../../../../lib/storage/money-patterns.ts';

beforeEach(() => {
  fakeBrowser.reset();
});

describe("the content script's reading of storage", () => {
  it('reads the keys of the storage items, with their fallbacks', async () => {
    expect(storeUrlSetting.key).toBe(`local:${pageStorageKeys.storeUrl}`);
    expect(defaultAudioFormatSetting.key).toBe(`local:${pageStorageKeys.defaultFormat}`);
    expect(currentCartSetting.key).toBe(`local:${pageStorageKeys.currentCart}`);
    expect(cartStateItem.key).toBe(`local:${pageStorageKeys.cartState}`);
    expect(keyNotationSetting.key).toBe(`local:${pageStorageKeys.keyNotation}`);
    expect(collectionIndexItem.key).toBe(`local:${pageStorageKeys.collection}`);
    expect(hideWhatYouHaveSetting.key).toBe(`local:${pageStorageKeys.hideWhatYouHave}`);
    expect(moneyPatternsItem.key).toBe(`local:${moneyPatternsKey}`);
    expect(await readPageStorage()).toEqual({
      storeUrl: await storeUrlSetting.getValue(),
      defaultFormat: await defaultAudioFormatSetting.getValue(),
      currentCart: await currentCartSetting.getValue(),
      cartState: null,
      keyNotation: await keyNotationSetting.getValue(),
      collection: null,
      hideWhatYouHave: await hideWhatYouHaveSetting.getValue(),
      moneyPatterns: undefined,
    });
    expect(pageStorageFallbacks.storeUrl).toBe(await storeUrlSetting.getValue());
  });

  it('reads what the items wrote, and falls back on nonsense', async () => {
    await storeUrlSetting.setValue('https://store.example');
    await currentCartSetting.setValue('friday');
    await fakeBrowser.storage.local.set({ [pageStorageKeys.defaultFormat]: 'FLAC!' });
    await fakeBrowser.storage.local.set({ [pageStorageKeys.keyNotation]: 'lancelot' });
    expect(await readPageStorage()).toMatchObject({
      storeUrl: 'https://store.example',
      currentCart: 'friday',
      defaultFormat: 'mp3',
      keyNotation: 'musical',
    });
    await keyNotationSetting.setValue('camelot');
    expect((await readPageStorage()).keyNotation).toBe('camelot');
  });
});

describe("the content script's watching of storage", () => {
  it('applies a change as storage reports it, reading nothing again, and keeps what did not change', async () => {
    await collectionIndexItem.setValue({ sources: [] } as never);
    const controller = new AbortController();
    const first = await readPageStorage();
    const seen: PageStorage[] = [];
    watchPageStorage((values) => seen.push(values), controller);
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    await currentCartSetting.setValue('Friday');
    await vi.waitFor(() => expect(seen.at(-1)?.currentCart).toBe('Friday'));
    expect(get).not.toHaveBeenCalled();
    // The collection's index, untouched, is the very object read before: nothing decodes it again.
    expect(seen.at(-1)?.collection).toBe(first.collection);
    expect((await knownPageStorage()).currentCart).toBe('Friday');
    expect(get).not.toHaveBeenCalled();
    await currentCartSetting.removeValue();
    await vi.waitFor(() => expect(seen.at(-1)?.currentCart).toBe(pageStorageFallbacks.currentCart));
    controller.abort();
  });
});

describe("the page's known storage", () => {
  it('is read afresh when nothing watches storage, so it is never stale', async () => {
    await readPageStorage();
    await currentCartSetting.setValue('Saturday');
    expect((await knownPageStorage()).currentCart).toBe('Saturday');
  });
});
