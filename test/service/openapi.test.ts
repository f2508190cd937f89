import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestStore, type TestStore } from '../helpers/store.ts';

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore({ seed: false });
});
afterAll(() => store?.close());

it('documents every endpoint of store-api.md with its methods', async () => {
  const response = await store.app.inject({ url: '/openapi.json' });
  expect(response.statusCode).toBe(200);
  const document = response.json();
  expect(document.openapi).toBe('3.1.0');
  const methods = (path: string) => Object.keys(document.paths[path] ?? {}).sort();
  expect(methods('/cart/1/')).toEqual(['delete', 'get', 'post', 'put']);
  for (const page of ['home', 'genre', 'label', 'artist', 'chart', 'chart-overview', 'release', 'track']) {
    expect(methods(`/catalog/3/platform/${page}`)).toEqual(['get']);
  }
  expect(methods('/catalog/3/artists')).toEqual(['get']);
  expect(methods('/order/1/downloads')).toEqual(['get', 'post']);
  expect(methods('/order/1/promo-downloads')).toEqual(['post']);
  // Only the store API: website, OAuth and file routes are not part of it.
  expect(Object.keys(document.paths).every((path) => /^\/(cart|catalog|order)\//.test(path))).toBe(true);
});
