import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { snapshot as databaseSnapshot, fuzzRequest, problem } from '../helpers/fuzz-requests.ts';
import { propertyRuns } from '../helpers/property-runs.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { signIn } from '../helpers/tokens.ts';

/**
 * Thousands of random, mostly malformed parameter combinations against every endpoint: the store
 * never answers 5xx, and a rejected call never changes the cart or the download library.
 */

let store: TestStore;
let token: string;
let userId: number;

const endpoints = [
  '/cart/1/',
  '/catalog/3/platform/home',
  '/catalog/3/platform/genre',
  '/catalog/3/platform/label',
  '/catalog/3/platform/artist',
  '/catalog/3/platform/chart',
  '/catalog/3/platform/chart-overview',
  '/catalog/3/platform/release',
  '/catalog/3/platform/track',
  '/catalog/3/artists',
  '/order/1/downloads',
  '/order/1/promo-downloads',
];

const names = [
  'sourceType',
  'items',
  'name',
  'summary',
  'audioFormat',
  'alreadyPurchasedOverride',
  'id',
  'ids',
  'page',
  'perPage',
  'facets[]',
  'facets',
  'returnFacets',
  'sortBy',
  'genreId',
  'labelId',
  'search',
  'downloadIds',
  'trackId',
  'status',
  'access_token',
  '__proto__',
  'constructor',
];

const hostile = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e3',
  '99999999999999999999',
  'NaN',
  'true',
  'false',
  'TRUE',
  'null',
  '[]',
  '{}',
  '[{}]',
  '[null]',
  '[{"id":1,"type":"track","audioFormat":"mp3"}]',
  '[{"id":1,"type":"release"}]',
  '[{"id":-1,"type":"track","audioFormat":"mp3"}]',
  '[{"id":1,"type":"track","audioFormat":"mp3","x":1}]',
  'mp3',
  'wav',
  'aiff',
  'flac',
  'genreName:Techno',
  'performerName:',
  'color:red',
  'publishDate DESC,artistId asc',
  'publishDate sideways',
  "'; DROP TABLE carts; --",
  '%00',
  '\u0000',
  '../../etc/passwd',
  '<script>',
  'x'.repeat(5000),
);
const value = fc.oneof(
  hostile,
  fc.string({ maxLength: 40 }),
  fc.json({ maxDepth: 2 }),
  fc.integer().map(String),
);
const params = fc.dictionary(
  fc.constantFrom(...names),
  fc.oneof(value, fc.array(value, { minLength: 2, maxLength: 3 })),
  {
    maxKeys: 5,
  },
);

async function snapshot() {
  return JSON.stringify([
    await store.ctx.db.all(
      'SELECT c.name, ci.item_type, ci.item_id, ci.audio_format FROM carts c JOIN cart_items ci ON ci.cart_id = c.id WHERE c.user_id = ? ORDER BY 1, 2, 3',
      userId,
    ),
    await store.ctx.db.all(
      'SELECT id, status, last_initiated_at FROM downloads WHERE user_id = ? ORDER BY id',
      userId,
    ),
  ]);
}

beforeAll(async () => {
  store = await startTestStore({ scale: 300, listen: true });
  const baseUrl = store.baseUrl;
  token = (await signIn(baseUrl, 'demo', 'demo')).accessToken;
  userId = (await store.ctx.db.get<{ id: number }>("SELECT id FROM users WHERE username = 'demo'"))
    ?.id as number;
  const tracks = await store.ctx.db.all<{ id: number }>(
    "SELECT id FROM tracks WHERE sale_type = 'purchase' LIMIT 3",
  );
  await store.app.inject({
    method: 'POST',
    url: '/cart/1/',
    headers: { authorization: `Bearer ${token}` },
    query: {
      sourceType: 'fuzz',
      alreadyPurchasedOverride: 'true',
      items: JSON.stringify(tracks.map((track) => ({ id: track.id, type: 'track', audioFormat: 'mp3' }))),
    },
  });
});
afterAll(() => store?.close());

it('never answers 5xx and changes nothing when it refuses', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...endpoints),
      fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH' as const),
      params,
      fc.boolean(),
      fc.boolean(),
      async (url, method, query, asForm, withToken) => {
        const before = await snapshot();
        const search = new URLSearchParams();
        for (const [name, raw] of Object.entries(query)) {
          for (const one of Array.isArray(raw) ? raw : [raw]) search.append(name, one);
        }
        const form = asForm && method !== 'GET';
        const response = await store.app.inject({
          method,
          url: form ? url : `${url}?${search}`,
          headers: {
            ...(withToken ? { authorization: `Bearer ${token}` } : {}),
            ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          },
          ...(form ? { payload: search.toString() } : {}),
        });
        expect(response.statusCode, `${method} ${url}?${search} -> ${response.body}`).toBeLessThan(500);
        const body = response.json();
        expect(Object.keys(body).sort()).toEqual(['metadata', 'results']);
        if (response.statusCode >= 400) {
          expect(body.metadata.message).toBeTruthy();
          expect(await snapshot()).toBe(before);
        }
      },
    ),
    { numRuns: propertyRuns(3000), seed: 20261123 },
  );
});

it(`answers ${propertyRuns(5000)} generated requests of every method and body type without a 5xx, and refusals change nothing`, async () => {
  let requests = 0;
  await fc.assert(
    fc.asyncProperty(fuzzRequest(token), async (request) => {
      const before = await databaseSnapshot(store.ctx.db);
      const response = await store.app.inject(request);
      requests++;
      const wrong = problem(request, response);
      expect(
        wrong,
        `${request.method} ${request.url.slice(0, 300)} -> ${response.statusCode} ${response.body.slice(0, 300)}`,
      ).toBeUndefined();
      if (response.statusCode >= 400) expect(await databaseSnapshot(store.ctx.db)).toBe(before);
    }),
    { numRuns: propertyRuns(5000), seed: 12 },
  );
  expect(requests).toBeGreaterThanOrEqual(propertyRuns(5000));
});
