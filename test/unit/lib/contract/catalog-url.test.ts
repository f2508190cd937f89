import { describe, expect, it } from 'vitest';
import { parseCatalogPath, parseCatalogUrl } from '../../../../lib/contract/catalog-url.ts';

const store = 'http://127.0.0.1:8787';

describe('catalog URLs', () => {
  it.each([
    ['/track/strobe-original-mix/42', { type: 'track', id: 42 }],
    ['/release/opus/7', { type: 'release', id: 7 }],
    ['/track/strobe/42/', { type: 'track', id: 42 }],
    ['/track/caf%C3%A9/9007199254740991', { type: 'track', id: 9007199254740991 }],
  ])('reads %s', (path, expected) => {
    expect(parseCatalogPath(path)).toEqual(expected);
  });

  it.each([
    '/track/strobe/0',
    '/track/strobe/-1',
    '/track/strobe/042',
    '/track/strobe/4.2',
    '/track/strobe/1e3',
    '/track/strobe/9007199254740993',
    '/track/strobe/42/extra',
    '/track//42',
    '/track/42',
    '/tracks/strobe/42',
    '/artist/deadmau5/42',
    '/Track/strobe/42',
    '/track/a b/42',
    '/x/track/strobe/42',
    '',
  ])('refuses %s', (path) => {
    expect(parseCatalogPath(path)).toBeNull();
  });

  it('reads links on the store, relative or absolute, ignoring query and fragment', () => {
    expect(parseCatalogUrl('/release/opus/7?ref=chart#top', store, `${store}/charts`)).toEqual({
      type: 'release',
      id: 7,
    });
    expect(parseCatalogUrl(`${store}/track/strobe/42`, store)).toEqual({ type: 'track', id: 42 });
  });

  it('refuses links to other origins and unparsable hrefs', () => {
    expect(parseCatalogUrl('https://evil.example/track/strobe/42', store)).toBeNull();
    expect(parseCatalogUrl('http://127.0.0.1:9999/track/strobe/42', store)).toBeNull();
    expect(parseCatalogUrl('http://[bad', store)).toBeNull();
  });
});
