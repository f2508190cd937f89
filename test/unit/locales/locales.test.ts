import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLocale } from '../../helpers/locales.ts';

const languages = readdirSync(join(import.meta.dirname, '..', '..', '..', 'locales')).map((file) =>
  file.replace(/\.json$/, ''),
);
const english = readLocale('en');
/** Names, not words: the same in every language (a key notation's name; a name and its price). */
const sameEverywhere = new Set([
  'extName',
  'content_withPrice',
  'options_notation_musical',
  'options_notation_camelot',
  'options_notation_openKey',
]);
const substitutions = (text: string) => [...text.matchAll(/\$([1-9])/g)].map((match) => match[1]).sort();

describe('locales', () => {
  it('has English, German and Spanish', () => {
    expect(languages.sort()).toEqual(['de', 'en', 'es']);
  });

  describe.each(languages.filter((language) => language !== 'en'))('%s', (language) => {
    const messages = readLocale(language);

    it('has every key English has, and no other', () => {
      expect([...messages.keys()].sort()).toEqual([...english.keys()].sort());
    });

    it("keeps each message's substitutions", () => {
      for (const [key, text] of english)
        expect(substitutions(messages.get(key) ?? ''), key).toEqual(substitutions(text));
    });

    /**
     * The DJ's own words, which German and Spanish DJs use as they are (issue #28), and the names of
     * the players and programs, which no language translates: a message made of these alone ("$1
     * tracks", "BPM", "Release", "VirtualDJ") may read as in English.
     */
    const djWords = new Set(
      'track tracks release releases label labels remix bpm genre virtualdj pioneer opus quad xdj az cdj x onelibrary denon numark rane engine dj'.split(
        ' ',
      ),
    );
    const onlyDjWords = (text: string) =>
      [...text.matchAll(/\p{L}+/gu)].every(([word]) => djWords.has(word.toLowerCase()));

    it('is translated, not copied (the DJ words aside)', () => {
      const copied = [...english].filter(
        ([key, text]) => !sameEverywhere.has(key) && !onlyDjWords(text) && messages.get(key) === text,
      );
      expect(copied.map(([key]) => key)).toEqual([]);
    });
  });
});
