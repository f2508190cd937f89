/**
 * The store content script's words: the same text as @wxt-dev/i18n's `t` for every message of
 * every language, read through getMessage once and then from storage.local, where a later page
 * takes them without a getMessage.
 */
import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { i18n as browserI18n } from '#i18n';
import { pageWordsItem } from '../../../../lib/storage/items.ts';
import { getMessageFrom, readLocale } from '../../../helpers/locales.ts';

type PageI18n = typeof import('../../../../lib/content/page-i18n.ts');
let page: PageI18n;

/** A new store page: the module's words as a fresh content script has them. */
async function newPage(): Promise<PageI18n> {
  vi.resetModules();
  return import('../../../../lib/content/page-i18n.ts');
}

beforeEach(async () => {
  fakeBrowser.reset();
  page = await newPage();
});

const anyText = (key: string, values: string[]) =>
  (browserI18n.t as (key: string, values: string[]) => string)(key, values);
const pageText = (words: PageI18n, key: string, values: string[]) =>
  (words.i18n.t as (key: string, values: string[]) => string)(key, values);

describe("the store page's words", () => {
  it.each(['en', 'de', 'es'])(
    'are what @wxt-dev/i18n writes, for every %s message and any values',
    (language) => {
      const messages = readLocale(language);
      fakeBrowser.i18n.getMessage = getMessageFrom(messages) as typeof fakeBrowser.i18n.getMessage;
      const keys = [...messages.keys()].map((name) => name.replaceAll('_', '.'));
      const value = fc.oneof(fc.string(), fc.constantFrom('$1', '$2$', '$$', '"$9"'));
      fc.assert(
        fc.property(fc.constantFrom(...keys), fc.array(value, { maxLength: 9 }), (key, values) => {
          expect(pageText(page, key, values)).toBe(anyText(key, values));
        }),
        { numRuns: 500 },
      );
    },
  );

  it('reads each word through getMessage once, and keeps it for the next page in its language', async () => {
    const getMessage = vi.spyOn(fakeBrowser.i18n, 'getMessage');
    expect(pageText(page, 'content.addAs', ['Solar Wind', 'WAV'])).toBe('Add "Solar Wind" to cart as WAV');
    expect(pageText(page, 'content.addAs', ['Tide', 'MP3'])).toBe('Add "Tide" to cart as MP3');
    expect(getMessage).toHaveBeenCalledTimes(1);
    await vi.waitFor(async () =>
      expect(await pageWordsItem.getValue()).toEqual({
        language: 'en',
        messages: { content_addAs: 'Add "$1" to cart as $2' },
      }),
    );

    const next = await newPage();
    next.knowPageWords(await pageWordsItem.getValue());
    getMessage.mockClear();
    expect(pageText(next, 'content.addAs', ['Tide', 'AIFF'])).toBe('Add "Tide" to cart as AIFF');
    expect(getMessage).not.toHaveBeenCalled();
  });

  it("does not use another language's words: the browser's language changed since", async () => {
    await pageWordsItem.setValue({ language: 'de', messages: { content_owned: 'Gekauft' } });
    page.knowPageWords(await pageWordsItem.getValue());
    expect(pageText(page, 'content.owned', [])).toBe('Owned');
  });

  it('ignores stored words of the wrong shape', () => {
    page.knowPageWords({ language: 'en', messages: { content_owned: 42 } });
    expect(pageText(page, 'content.owned', [])).toBe('Owned');
  });
});
