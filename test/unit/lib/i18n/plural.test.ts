import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { plural } from '../../../../lib/i18n/plural.ts';
import { getMessageFrom, readLocale } from '../../../helpers/locales.ts';

function speak(language: string) {
  fakeBrowser.i18n.getMessage = getMessageFrom(readLocale(language)) as typeof fakeBrowser.i18n.getMessage;
}

describe('plural', () => {
  it('picks the one form for 1 and the other form otherwise, in English', () => {
    expect(plural('collection.sourceTracks', 1, 'today')).toBe('1 track, imported today');
    expect(plural('collection.sourceTracks', 0, 'today')).toBe('0 tracks, imported today');
    expect(plural('collection.sourceTracks', 20000, 'today')).toBe('20,000 tracks, imported today');
  });

  describe('in German', () => {
    beforeEach(() => speak('de'));

    it('writes the count as German does and picks its forms', () => {
      expect(plural('collection.sourceTracks', 1, 'heute')).toBe('1 Track, importiert am heute');
      expect(plural('collection.sourceTracks', 20000, 'heute')).toBe('20.000 Tracks, importiert am heute');
    });
  });

  describe('in Spanish', () => {
    beforeEach(() => speak('es'));

    it('falls back to the other form for a category no message has (a million is "many")', () => {
      expect(new Intl.PluralRules('es').select(1_000_000)).toBe('many');
      expect(plural('collection.sourceTracks', 1_000_000, 'hoy')).toBe('1.000.000 tracks, importados el hoy');
      expect(plural('collection.sourceTracks', 1, 'hoy')).toBe('1 track, importado el hoy');
    });
  });
});
