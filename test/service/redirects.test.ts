import { afterAll, beforeAll, expect, it } from 'vitest';
import { safeReturnPath } from '../../server/web/return-path.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';

/**
 * Open-redirect shapes collected from bypass lists: every one must fall back to the safe default.
 * Browsers strip tabs and newlines, read `\` as `/`, and proxies may decode `%2F` again, so each
 * of these could end at another origin if a Location echoed it.
 */
const bypasses = [
  '//evil.example',
  '///evil.example',
  '////evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/\\/evil.example',
  '/.//evil.example',
  '/..//evil.example',
  '/./evil.example',
  '/../evil.example',
  '/%2F%2Fevil.example',
  '/%2f%2fevil.example',
  '/%5Cevil.example',
  '/%5cevil.example',
  '/%252F%252Fevil.example',
  '/%2E%2E//evil.example',
  '/.%2F/evil.example',
  '//%5Cevil.example',
  '/%09/evil.example',
  '/%0a/evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '/\u0000/evil.example',
  '/\u2028/evil.example',
  '\t//evil.example',
  ' //evil.example',
  'https://evil.example',
  'http://evil.example/',
  'HTTPS://evil.example',
  'https:evil.example',
  'https:/evil.example',
  '//evil.example@store.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'evil.example',
  '@evil.example',
  '.evil.example',
  '\uFF0F\uFF0Fevil.example',
  `/${'a'.repeat(2001)}`,
  '',
];

let store: TestStore;
let session: string;

beforeAll(async () => {
  store = await startTestStore({ scale: 100 });
  const form = await store.app.inject({ url: '/sign-in' });
  const csrf = form.cookies.find((cookie) => cookie.name === 'crate_csrf')?.value as string;
  const signedIn = await store.app.inject({
    method: 'POST',
    url: '/sign-in',
    cookies: { crate_csrf: csrf },
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username: 'dj2', password: 'dj2', csrf }).toString(),
  });
  session = signedIn.cookies.find((cookie) => cookie.name === 'crate_session')?.value as string;
});
afterAll(() => store?.close());

it(`collects at least 30 bypass shapes (${bypasses.length})`, () => {
  expect(new Set(bypasses).size).toBeGreaterThanOrEqual(30);
});

it.each(bypasses.map((shape) => [JSON.stringify(shape), shape]))(
  'return=%s falls back to /',
  async (_name, shape) => {
    expect(safeReturnPath(shape)).toBe('/');
    const response = await store.app.inject({
      url: `/sign-in?${new URLSearchParams({ return: shape })}`,
      cookies: { crate_session: session },
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/');
  },
);

it.each([
  ['/cart', '/cart'],
  ['/charts?x=1', '/charts?x=1'],
  ['/release/some-name/12#tracks', '/release/some-name/12#tracks'],
])('keeps the same-origin path %s', async (path, location) => {
  const response = await store.app.inject({
    url: `/sign-in?${new URLSearchParams({ return: path })}`,
    cookies: { crate_session: session },
  });
  expect(response.headers.location).toBe(location);
});
