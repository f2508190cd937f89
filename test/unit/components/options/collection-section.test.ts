/** What the collection section says about an import: skip reasons and refusals, worded per language. */
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { failureText, skippedSummary } from '../../../../components/options/collection-section.tsx';
import { getMessageFrom, readLocale } from '../../../helpers/locales.ts';

const speak = (language: string) => {
  fakeBrowser.i18n.getMessage = getMessageFrom(readLocale(language)) as typeof fakeBrowser.i18n.getMessage;
};

describe('skippedSummary', () => {
  it('counts each reason in the DJ’s words, one and many, in a fixed order', () => {
    expect(skippedSummary({})).toBe('Nothing skipped.');
    expect(skippedSummary({ unnamed: 1 })).toBe('1 skipped: 1 without an artist or a title.');
    expect(skippedSummary({ noTags: 1, notMusic: 1200, unreadable: 2 })).toBe(
      '1,203 skipped: 1,200 files that are not MP3, WAV, AIFF or FLAC, 1 file without tags, and 2 files the browser could not read.',
    );
  });

  it('speaks German and Spanish, with their numbers and lists', () => {
    speak('de');
    expect(skippedSummary({ noTags: 1, notMusic: 1200 })).toBe(
      '1.201 übersprungen: 1.200 Dateien, die kein MP3, WAV, AIFF oder FLAC sind und 1 Datei ohne Tags.',
    );
    speak('es');
    expect(skippedSummary({ unnamedEntry: 1 })).toBe(
      '1 omitido: 1 entrada cuya línea #EXTINF y nombre de archivo no dicen «Artista - Título».',
    );
  });
});

describe('failureText', () => {
  it('words a refusal with the file it names, and any other stop', () => {
    expect(failureText({ refusal: 'cutShort', subject: 'rekordbox.xml' })).toBe(
      'rekordbox.xml ends before its last tag: export the collection again.',
    );
    expect(failureText({ message: 'QuotaExceededError' })).toBe(
      'The import stopped and nothing was changed: QuotaExceededError',
    );
    expect(failureText({ message: '' })).toBe('The import stopped and nothing was changed.');
    speak('de');
    expect(failureText({ refusal: 'notCollection', subject: 'seite.xml' })).toBe(
      'seite.xml ist weder eine rekordbox-Sammlung (XML) noch eine Traktor-collection.nml.',
    );
  });
});
