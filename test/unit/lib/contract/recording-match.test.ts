import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  collectionKeys,
  fold,
  foldedArtists,
  lookupKeys,
  type Recording,
  sameRecording,
} from '../../../../lib/contract/recording-match.ts';

const store = (artists: string[], title: string, mix: string, isrc?: string): Recording => ({
  artists,
  title,
  mix,
  isrc: isrc ?? null,
});

describe('fold', () => {
  it.each([
    ['Beyoncé', 'beyonce'],
    ['DÉJÀ VU!', 'deja vu'],
    ["Don't Stop", 'dont stop'],
    ['Don’t Stop', 'dont stop'],
    ['Røyksopp', 'royksopp'],
    ['Straße', 'strasse'],
    ['Drum & Bass', 'drum and bass'],
    ['  Hi--Fi   (Remix) ', 'hi fi remix'],
    ['Ｆｕｌｌｗｉｄｔｈ', 'fullwidth'],
    ['Łódź', 'lodz'],
  ])('%s folds to %s', (text, folded) => {
    expect(fold(text)).toBe(folded);
  });

  it('is idempotent', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => fold(fold(text)) === fold(text)));
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (text) => fold(fold(text)) === fold(text)));
    // Generous: the property runs hundreds of Unicode strings on a shared machine.
  }, 20_000);
});

describe('foldedArtists', () => {
  it.each([
    ['A & B', ['a', 'b']],
    ['B, A', ['a', 'b']],
    ['A feat. B', ['a', 'b']],
    ['A ft. B', ['a', 'b']],
    ['A Featuring B', ['a', 'b']],
    ['A vs. B', ['a', 'b']],
    ['A x B', ['a', 'b']],
    ['A (feat. B)', ['a', 'b']],
    ['A; B', ['a', 'b']],
    ['A/B', ['a', 'b']],
    ['Axwell', ['axwell']],
    ['Chase and Status', ['chase and status']],
    ['Ida Ndlovu (AU) vs. Chloé Lefèvre', ['chloe lefevre', 'ida ndlovu au']],
    ['A (UK) feat. B', ['a uk', 'b']],
  ])('%s is %j', (artists, names) => {
    expect(foldedArtists(artists)).toEqual(names);
  });

  it('reads a list the same as a joined string', () => {
    expect(foldedArtists(['Above & Beyond', 'Zoë Johnston'])).toEqual(
      foldedArtists('Zoe Johnston, Above & Beyond'),
    );
  });
});

describe('sameRecording: real-world spellings', () => {
  const beatport = store(['Bicep'], 'Glue', 'Original Mix');
  it.each<[string, Recording, Recording, boolean]>([
    ['no mix name is the original mix', beatport, { artists: 'Bicep', title: 'Glue' }, true],
    ['"(Original Mix)" in the title', beatport, { artists: 'BICEP', title: 'Glue (Original Mix)' }, true],
    [
      "a title that repeats its mix (the store's own file tags)",
      store(['Bicep'], 'Glue', 'Extended Mix'),
      { artists: 'Bicep', title: 'Glue (Extended Mix)', mix: 'Extended Mix' },
      true,
    ],
    ['"Original" alone', beatport, { artists: 'Bicep', title: 'Glue', mix: 'Original' }, true],
    [
      'a remix is another recording',
      beatport,
      { artists: 'Bicep', title: 'Glue', mix: 'Extended Mix' },
      false,
    ],
    ['another artist is another recording', beatport, { artists: 'Bicep & Hammer', title: 'Glue' }, false],
    [
      'artists in any order, accents and the featured artist in the title',
      store(['Röyksopp', 'Robyn'], 'Do It Again', 'Extended Mix'),
      { artists: 'Robyn & Royksopp', title: 'Do It Again (Extended Mix)' },
      true,
    ],
    [
      'featured artist in the title brackets',
      store(['Disclosure', 'Sam Smith'], 'Latch', 'Original Mix'),
      { artists: 'Disclosure', title: 'Latch (feat. Sam Smith)' },
      true,
    ],
    [
      'featured artist and the mix in brackets',
      store(['Disclosure', 'Sam Smith'], 'Latch', 'Dub'),
      { artists: 'Disclosure', title: 'Latch (feat. Sam Smith) [Dub]' },
      true,
    ],
    [
      'a missing featured artist is not enough',
      store(['Disclosure', 'Sam Smith'], 'Latch', ''),
      { artists: 'Disclosure', title: 'Latch' },
      false,
    ],
    [
      'brackets inside a title are punctuation when the mix is given',
      store(['DJ Koze'], "Pick Up (Ain't No Sunshine)", 'Original Mix'),
      { artists: 'dj koze', title: 'Pick Up Aint No Sunshine', mix: '' },
      true,
    ],
    [
      'the same punctuation folded',
      store(['Fred again..'], 'Marea (We’ve Lost Dancing)', 'Original Mix'),
      { artists: 'Fred Again', title: "Marea (We've Lost Dancing)", mix: 'Original Mix' },
      true,
    ],
    [
      'ISRCs decide when both have one',
      store(['Bicep'], 'Glue', '', 'GB-KPL-17-00033'),
      { artists: 'Someone Else', title: 'Renamed', isrc: 'GBKPL1700033' },
      true,
    ],
    [
      'different ISRCs are different recordings, names alike',
      store(['Bicep'], 'Glue', '', 'GBKPL1700033'),
      { artists: 'Bicep', title: 'Glue', isrc: 'GBKPL1700034' },
      false,
    ],
    [
      'names decide when one side has no ISRC',
      store(['Bicep'], 'Glue', '', 'GBKPL1700033'),
      { artists: 'Bicep', title: 'Glue' },
      true,
    ],
    ['no artist never matches', store([], 'Intro', ''), { artists: '', title: 'Intro' }, false],
    [
      'the mix after a dash in the title (rekordbox Name="Breathing Nights - Original Mix")',
      store(['Lane 8'], 'Breathing Nights', 'Original Mix'),
      { artists: 'Lane 8', title: 'Breathing Nights - Original Mix', mix: '' },
      true,
    ],
    [
      'an en dash and another mix',
      store(['Lane 8'], 'Breathing Nights', 'Extended Mix'),
      { artists: 'Lane 8', title: 'Breathing Nights – Extended Mix' },
      true,
    ],
    [
      'a dashed mix that is not the one given is another recording',
      store(['Lane 8'], 'Breathing Nights', 'Extended Mix'),
      { artists: 'Lane 8', title: 'Breathing Nights - Dub Mix', mix: '' },
      false,
    ],
    [
      'a dashed part repeating the mix given',
      store(['Lane 8'], 'Breathing Nights', 'Extended Mix'),
      { artists: 'Lane 8', title: 'Breathing Nights - Extended Mix', mix: 'Extended Mix' },
      true,
    ],
    [
      'a remix after a dash with the featured artist before it',
      store(['Disclosure', 'Sam Smith'], 'Latch', 'Kaytranada Remix'),
      { artists: 'Disclosure', title: 'Latch (feat. Sam Smith) - Kaytranada Remix' },
      true,
    ],
    [
      'a dashed part that names no mix stays in the title',
      store(['Moderat'], 'Bad Kingdom', ''),
      { artists: 'Moderat', title: 'Bad Kingdom - Live in Berlin' },
      false,
    ],
    [
      'a dashed title part that names no mix matches itself',
      store(['Moderat'], 'Bad Kingdom - Live in Berlin', ''),
      { artists: 'Moderat', title: 'Bad Kingdom – Live In Berlin' },
      true,
    ],
    [
      'a mix holding a bracket of its own',
      store(['Marta'], 'Silent Orbit', 'Felix Weiß (BR) Remix'),
      { artists: 'Marta', title: 'Silent Orbit (Felix Weiss (BR) Remix)' },
      true,
    ],
    [
      'x as a separator',
      store(['Skrillex', 'Fred again..'], 'Rumble', ''),
      { artists: 'Skrillex x Fred Again..', title: 'Rumble' },
      true,
    ],
  ])('%s', (_, a, b, same) => {
    expect(sameRecording(a, b)).toBe(same);
    expect(sameRecording(b, a)).toBe(same);
  });
});

describe('collection keys agree with sameRecording', () => {
  const recording = fc.record({
    artists: fc.array(fc.constantFrom('Bicep', 'BICEP', 'Röyksopp', 'Robyn', 'A & B'), { maxLength: 3 }),
    title: fc.constantFrom(
      'Glue',
      'glue!',
      'Glue (Extended Mix)',
      'Glue - Extended Mix',
      'Glue – Original Mix',
      'Latch (feat. Robyn)',
      'Latch (feat. Robyn) - Dub',
    ),
    mix: fc.constantFrom('', 'Original Mix', 'Extended Mix', 'Dub'),
    isrc: fc.constantFrom(null, 'GBKPL1700033', 'GBKPL1700034'),
  });
  it('a store track finds a collection track under one of its keys exactly when they are the same recording', () => {
    fc.assert(
      fc.property(recording, recording, (owned, page) => {
        const filed = new Set(collectionKeys(owned));
        const found = lookupKeys(page).some((key) => filed.has(key));
        return found === sameRecording(owned, page);
      }),
    );
  });
});
