import { describe, expect, it } from 'vitest';
import type { Track } from '../../lib/contract/wire.ts';
import {
  defaultFilenameTemplate,
  type FilenameFields,
  filenameFields,
  renderFilename,
  templateProblem,
} from '../../lib/storage/filename-template.ts';

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
    ['several artists', { artists: 'A, B' }, 'A, B - Strobe (Original Mix).mp3'],
    ['no mix name: no empty brackets', { mix: '' }, 'deadmau5 - Strobe.mp3'],
    ['no artists: no dangling dash', { artists: '' }, 'Strobe (Original Mix).mp3'],
    ['WAV', { ext: 'wav' }, 'deadmau5 - Strobe (Original Mix).wav'],
    ['a slash in a title adds no folder', { title: 'AC/DC' }, 'deadmau5 - AC_DC (Original Mix).mp3'],
    ['a backslash too', { title: 'a\\b' }, 'deadmau5 - a_b (Original Mix).mp3'],
    [
      'Windows-illegal characters',
      { title: 'What? <Yes>: "No" | *' },
      'deadmau5 - What_ _Yes__ _No_ _ _ (Original Mix).mp3',
    ],
    ['control characters', { title: 'A\u0000B\u0007C\nD' }, 'deadmau5 - A_B_C D (Original Mix).mp3'],
    ['a title of dots', { artists: '', title: '..', mix: '' }, 'track-42.mp3'],
    [
      'a path traversal attempt',
      { artists: '../../etc', title: 'passwd' },
      '_.._etc - passwd (Original Mix).mp3',
    ],
    ['a reserved Windows name', { artists: '', title: 'CON', mix: '' }, '_CON.mp3'],
    ['a reserved name with a number', { artists: '', title: 'com1', mix: '' }, '_com1.mp3'],
    ['trailing dots and spaces', { artists: '', title: 'Hello. . ', mix: '' }, 'Hello.mp3'],
    ['leading dots (hidden files)', { artists: '', title: '.hidden', mix: '' }, 'hidden.mp3'],
    ['everything empty', { artists: '', title: '', mix: '' }, 'track-42.mp3'],
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
        { artists: value, title: value, mix: value, release: value },
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

describe('templateProblem', () => {
  it.each([
    [defaultFilenameTemplate, null],
    ['{release}/{title}.{ext}', null],
    ['', 'The file name template is empty.'],
    ['{artist} - {titel}', 'The file name template has unknown fields: {artist}, {titel}.'],
  ])('%j', (template, problem) => {
    expect(templateProblem(template)).toBe(problem);
  });
});
