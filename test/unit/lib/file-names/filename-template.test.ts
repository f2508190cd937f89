import { describe, expect, it } from 'vitest';
import type { Track } from '../../../../lib/contract/wire.ts';
import {
  defaultFilenameTemplate,
  type FilenameFields,
  filenameFields,
  renderFilename,
  templateFields,
  templateIssue,
  templateNeedsRelease,
} from '../../../../lib/file-names/filename-template.ts';

const ref = (name: string) => ({ id: 1, name, slug: 'x' });

const track: Track = {
  id: 42,
  type: 'track',
  name: 'Strobe',
  mixName: 'Original Mix',
  slug: 'strobe',
  artists: [{ ...ref('deadmau5'), role: 'artist' }],
  remixers: [],
  genre: ref('Progressive House'),
  label: ref('mau5trap'),
  release: ref('For Lack of a Better Name'),
  bpm: 128,
  key: 'B minor',
  lengthMs: 600_000,
  isrc: 'USUS10900001',
  publishDate: '2009-09-22',
  saleType: 'purchase',
  price: { value: 1.49, currency: 'USD' },
  audioFormatFee: { wav: { value: 1, currency: 'USD' }, aiff: { value: 1, currency: 'USD' } },
  sampleUrl: 'http://127.0.0.1/sample.mp3',
} as Track;

const fields = (patch: Partial<FilenameFields> = {}): FilenameFields => ({
  ...filenameFields(track, 'mp3'),
  ...patch,
});
const render = (
  patch: Partial<FilenameFields>,
  template = defaultFilenameTemplate,
  folderPerRelease = false,
) => renderFilename(template, fields(patch), { folderPerRelease, fallbackName: 'track-42' });

const utf8 = (text: string) => new TextEncoder().encode(text).length;

describe('renderFilename', () => {
  it.each([
    ['the default template', {}, 'deadmau5 - Strobe (Original Mix).mp3'],
    ['several artists', { artist: 'A, B' }, 'A, B - Strobe (Original Mix).mp3'],
    ['no mix name: no empty brackets', { mix: '' }, 'deadmau5 - Strobe.mp3'],
    ['no artists: no dangling dash', { artist: '' }, 'Strobe (Original Mix).mp3'],
    ['WAV', { format: 'wav' }, 'deadmau5 - Strobe (Original Mix).wav'],
    ['a slash in a title adds no folder', { title: 'AC/DC' }, 'deadmau5 - AC_DC (Original Mix).mp3'],
    ['a backslash too', { title: 'a\\b' }, 'deadmau5 - a_b (Original Mix).mp3'],
    [
      'Windows-illegal characters',
      { title: 'What? <Yes>: "No" | *' },
      'deadmau5 - What_ _Yes__ _No_ _ _ (Original Mix).mp3',
    ],
    ['control characters', { title: 'A\u0000B\u0007C\nD' }, 'deadmau5 - A_B_C D (Original Mix).mp3'],
    ['a title of dots', { artist: '', title: '..', mix: '' }, 'track-42.mp3'],
    [
      'a path traversal attempt',
      { artist: '../../etc', title: 'passwd' },
      '_.._etc - passwd (Original Mix).mp3',
    ],
    ['a reserved Windows name', { artist: '', title: 'CON', mix: '' }, '_CON.mp3'],
    ['a reserved name with a number', { artist: '', title: 'com1', mix: '' }, '_com1.mp3'],
    ['trailing dots and spaces', { artist: '', title: 'Hello. . ', mix: '' }, 'Hello.mp3'],
    ['leading dots (hidden files)', { artist: '', title: '.hidden', mix: '' }, 'hidden.mp3'],
    ['everything empty', { artist: '', title: '', mix: '' }, 'track-42.mp3'],
  ])('%s', (_, patch, expected) => {
    expect(render(patch)).toBe(expected);
  });

  it('puts the file in a folder per release', () => {
    expect(render({}, defaultFilenameTemplate, true)).toBe(
      'For Lack of a Better Name/deadmau5 - Strobe (Original Mix).mp3',
    );
  });

  it('keeps a hostile release name inside one folder', () => {
    expect(render({ release: '../..' }, defaultFilenameTemplate, true)).toBe(
      '_/deadmau5 - Strobe (Original Mix).mp3',
    );
    expect(render({ release: '..' }, defaultFilenameTemplate, true)).toBe(
      'deadmau5 - Strobe (Original Mix).mp3',
    );
  });

  it('lets a template make folders of its own', () => {
    expect(render({}, '{label}/{genre}/{title}.{ext}')).toBe('mau5trap/Progressive House/Strobe.mp3');
    expect(render({}, '../{title}.{ext}')).toBe('Strobe.mp3');
    expect(render({}, '/{label}//{title}')).toBe('mau5trap/Strobe.mp3');
  });

  it('adds the extension when the template leaves it out, and never twice', () => {
    expect(render({}, '{title}')).toBe('Strobe.mp3');
    expect(render({}, '{title}.mp3')).toBe('Strobe.mp3');
  });

  it('leaves unknown placeholders as text', () => {
    expect(render({}, '{title} {nope}.{ext}')).toBe('Strobe {nope}.mp3');
  });

  it('caps very long names, keeping the extension and whole characters', () => {
    const long = render({ title: 'é'.repeat(500) });
    expect(long.endsWith('.mp3')).toBe(true);
    expect(utf8(long)).toBeLessThanOrEqual(200);
    expect(long).not.toContain('\uFFFD');
    const folder = render({ release: 'R'.repeat(400) }, defaultFilenameTemplate, true).split(
      '/',
    )[0] as string;
    expect(folder.length).toBe(100);
  });

  it('never yields an unsafe segment, whatever the values', () => {
    const hostile = ['..', '.', '/', '\\', '\u0000', 'CON', 'nul.txt', ' . ', '..\\..', 'a/../b'];
    for (const value of hostile) {
      const path = render(
        { artist: value, title: value, mix: value, release: value },
        defaultFilenameTemplate,
        true,
      );
      for (const segment of path.split('/')) {
        expect(segment).not.toBe('');
        // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
        expect(segment).not.toMatch(/^\.|[. ]$|[<>:"\\|?*\u0000-\u001f]/);
        expect(segment).not.toMatch(/^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i);
      }
    }
  });
});

describe('filenameFields: every field the options page lists', () => {
  const release = { catalogNumber: 'MAU5012', trackIds: [40, 41, 42, 43] };
  const everyField = templateFields.map((field) => `{${field}}`).join('|');

  it.each([
    ['{artist}', 'deadmau5'],
    ['{title}', 'Strobe'],
    ['{mix}', 'Original Mix'],
    ['{release}', 'For Lack of a Better Name'],
    ['{label}', 'mau5trap'],
    ['{catalog}', 'MAU5012'],
    ['{year}', '2009'],
    ['{track}', '03'],
    ['{bpm}', '128'],
    ['{key}', 'B min'],
    ['{camelot}', '10A'],
    ['{format}', 'mp3'],
    ['{isrc}', 'USUS10900001'],
    ['{remixers}', ''],
    ['{genre}', 'Progressive House'],
  ])('%s renders %j', (template, value) => {
    const fields = filenameFields(track, 'mp3', { release });
    expect(renderFilename(`${template} x`, fields, { fallbackName: 'track-42' })).toBe(
      `${value} x.mp3`.trimStart(),
    );
  });

  it('covers every field the page lists', () => {
    expect(templateFields).toEqual(
      expect.arrayContaining([
        ...['artist', 'title', 'mix', 'release', 'label', 'catalog', 'year', 'track'],
        ...['bpm', 'key', 'camelot', 'format', 'isrc'],
      ]),
    );
    const fields = filenameFields(track, 'wav', { release });
    for (const field of templateFields) expect(typeof fields[field]).toBe('string');
  });

  it('writes {key} in the chosen notation; {camelot} is always Camelot', () => {
    expect(filenameFields(track, 'mp3', { keyNotation: 'openKey' }).key).toBe('3m');
    expect(filenameFields(track, 'mp3', { keyNotation: 'camelot' }).key).toBe('10A');
    expect(filenameFields(track, 'mp3', { keyNotation: 'openKey' }).camelot).toBe('10A');
  });

  it('pads the track number to the release length', () => {
    const long = { catalogNumber: 'X', trackIds: [...Array(120).keys()].map((n) => n + 1) };
    expect(filenameFields({ ...track, id: 7 }, 'mp3', { release: long }).track).toBe('007');
  });

  it('missing data renders empty, never "undefined", "null" or "0"', () => {
    const bare = {
      ...track,
      mixName: '',
      bpm: 0,
      key: '',
      isrc: '',
      publishDate: '',
      label: ref(''),
    } as Track;
    // No release record: no catalogue number and no track number.
    const fields = filenameFields(bare, 'aiff');
    for (const field of [
      'mix',
      'label',
      'catalog',
      'year',
      'track',
      'bpm',
      'key',
      'camelot',
      'isrc',
    ] as const)
      expect(fields[field]).toBe('');
    const path = renderFilename(everyField, fields, { fallbackName: 'track-42' });
    expect(path).not.toMatch(/undefined|null|NaN|\b0\b/);
    expect(
      renderFilename('{track}. {artist} - {catalog} - {title} [{key}] ({year}).{format}', fields, {
        fallbackName: 'track-42',
      }),
    ).toBe('deadmau5 - Strobe.aiff');
    expect(renderFilename('{catalog}/{track} {bpm}', fields, { fallbackName: 'track-42' })).toBe(
      'track-42.aiff',
    );
  });

  it('keeps a key the notations cannot read as the store wrote it', () => {
    const odd = filenameFields({ ...track, key: 'atonal' } as Track, 'mp3');
    expect([odd.key, odd.camelot]).toEqual(['atonal', '']);
  });

  it('still reads templates saved with the old names {artists} and {ext}', () => {
    expect(render({}, '{artists} - {title}.{ext}')).toBe('deadmau5 - Strobe.mp3');
    expect(templateIssue('{artists} - {title}.{ext}')).toBeNull();
  });

  it('says when naming needs the release record', () => {
    expect(templateNeedsRelease(defaultFilenameTemplate)).toBe(false);
    expect(templateNeedsRelease('{catalog} {title}')).toBe(true);
    expect(templateNeedsRelease('{track}. {title}')).toBe(true);
  });
});

describe('templateIssue', () => {
  it('names the problem and its value, in no language', () => {
    expect(templateIssue('{artist} - {titel} {x}')).toEqual({
      problem: 'unknownFields',
      value: '{titel}, {x}',
    });
    expect(templateIssue('{title}\u0007')).toEqual({ problem: 'controlCharacter' });
    expect(templateIssue(defaultFilenameTemplate)).toBeNull();
  });
});
