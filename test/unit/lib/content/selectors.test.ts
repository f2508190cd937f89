// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { isCatalogPage, itemOfLink, itemOfPage } from '../../../../lib/content/selectors.ts';

const store = 'http://127.0.0.1:8787';
const link = (href: string) => Object.assign(document.createElement('a'), { href });

describe('items named by links on the store', () => {
  it.each([
    [`${store}/track/strobe-original-mix/42`, { type: 'track', id: 42 }],
    [`${store}/release/opus/7?ref=chart#top`, { type: 'release', id: 7 }],
    [`${store}/track/caf%C3%A9/9`, { type: 'track', id: 9 }],
  ])('reads %s', (href, expected) => {
    expect(itemOfLink(link(href), store)).toEqual(expected);
  });

  it.each([
    ['another origin', 'https://evil.example/track/strobe/42'],
    ['another port of the store host', 'http://127.0.0.1:9999/track/strobe/42'],
    ['https instead of http', 'https://127.0.0.1:8787/track/strobe/42'],
    ['javascript:', 'javascript:alert(1)//track/x/42'],
    ['a data: URL', 'data:text/html,/track/x/42'],
    ['id zero', `${store}/track/strobe/0`],
    ['a negative id', `${store}/track/strobe/-42`],
    ['a leading zero', `${store}/track/strobe/042`],
    ['an exponent', `${store}/track/strobe/1e3`],
    ['beyond safe integers', `${store}/track/strobe/9007199254740993`],
    ['an extra segment', `${store}/track/strobe/42/download`],
    ['a missing slug', `${store}/track/42`],
    ['a plural path', `${store}/tracks/strobe/42`],
    ['another page type', `${store}/artist/deadmau5/42`],
    ['a nested path', `${store}/x/track/strobe/42`],
    ['an upper-case type', `${store}/Track/strobe/42`],
    ['a dot-segment escape', `${store}/track/../cart/42`],
  ])('refuses %s', (_why, href) => {
    expect(itemOfLink(link(href), store)).toBeNull();
  });

  it("reads the page's own item from a track or release path only", () => {
    expect(itemOfPage('/release/opus/7')).toEqual({ type: 'release', id: 7 });
    expect(itemOfPage('/chart/top-100/7')).toBeNull();
  });
});

describe('pages that are decorated', () => {
  it.each([
    '/',
    '/charts',
    '/genre/techno/1',
    '/label/x/2',
    '/artist/y/3',
    '/chart/z/4',
    '/release/r/5',
    '/track/t/6',
  ])('decorates %s', (path) => {
    expect(isCatalogPage(path)).toBe(true);
  });

  it.each(['/cart', '/sign-in', '/order-confirmation', '/chartsx', '/static/site.css'])(
    'leaves %s alone',
    (path) => {
      expect(isCatalogPage(path)).toBe(false);
    },
  );
});
