import fc from 'fast-check';
import type { Database } from '../../server/db/database.ts';

/**
 * Generated requests for the store's fuzz test and fuzz benchmark: every route, every method, and
 * bodies of every kind (none, form, JSON, multipart, text, a wrong charset, nested, huge, NUL
 * bytes, broken percent-encoding, repeated parameters, arrays).
 */

export const apiPaths = [
  '/cart/1/',
  '/cart/1',
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

const otherPaths = [
  '/openapi.json',
  '/downloads/file/1',
  '/samples/1.mp3',
  '/oauth/token',
  '/oauth/revoke',
  '/oauth/nothing',
  '/oauth/interaction/abc',
  '/.well-known/oauth-authorization-server',
  '/',
  '/charts',
  '/cart',
  '/checkout',
  '/sign-in',
  '/sign-out',
  '/chart/x/1',
  '/release/x/%zz',
  '/nothing/%',
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
  'return',
  'csrf',
  'cart',
  'expires',
  'sig',
  '__proto__',
  'constructor',
  'a[]',
  'a[b]',
];

const hostile = fc.constantFrom(
  '',
  ' ',
  '\t',
  '0',
  '-1',
  '1',
  '2',
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
  '[{"id":2,"type":"release","audioFormat":"wav"}]',
  '[{"id":1,"type":"release"}]',
  '[{"id":-1,"type":"track","audioFormat":"mp3"}]',
  '[{"id":1,"type":"track","audioFormat":"mp3","x":1}]',
  `[${'['.repeat(200)}${']'.repeat(200)}]`,
  'mp3',
  'wav',
  'aiff',
  'flac',
  'available',
  'genreName:Techno',
  'performerName:',
  'color:red',
  'publishDate DESC,artistId asc',
  'publishDate sideways',
  "'; DROP TABLE carts; --",
  '%00',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '../../etc/passwd',
  '//evil.example',
  '/.//evil.example',
  '<script>',
  'x'.repeat(5000),
);

const value = fc.oneof(hostile, fc.string({ maxLength: 40 }), fc.integer().map(String));
const parameters = fc.dictionary(
  fc.constantFrom(...names),
  fc.oneof(value, fc.array(value, { minLength: 2, maxLength: 3 })),
  { maxKeys: 5 },
);

function encode(query: Record<string, string | string[]>): string {
  const search = new URLSearchParams();
  for (const [name, raw] of Object.entries(query)) {
    for (const one of Array.isArray(raw) ? raw : [raw]) search.append(name, one);
  }
  return search.toString();
}

const brokenEncoding = fc.constantFrom(
  '%',
  '%zz',
  '%E0%A4%A',
  'a=%',
  '%00=1',
  'items=%5B%7B',
  '&&&',
  '=x',
  'a==b',
);

const jsonValue = fc.oneof(
  fc.json({ maxDepth: 4 }),
  fc.constantFrom(
    '{"sourceType": 1, "items": [{"id": 1}]}',
    '{"a":',
    'null',
    '[1,2]',
    '"x"',
    `${'{"a":'.repeat(500)}1${'}'.repeat(500)}`,
  ),
);

type Body = { contentType?: string; payload?: string | Buffer };

// Mostly no body or a form, so that most requests get past the parsers to the routes.
const body: fc.Arbitrary<Body> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({}) },
  {
    weight: 4,
    arbitrary: parameters.map((query) => ({
      contentType: 'application/x-www-form-urlencoded',
      payload: encode(query),
    })),
  },
  parameters.map((query) => ({
    contentType: 'application/x-www-form-urlencoded; charset=iso-8859-1',
    payload: encode(query),
  })),
  brokenEncoding.map((payload) => ({ contentType: 'application/x-www-form-urlencoded', payload })),
  jsonValue.map((payload) => ({ contentType: 'application/json', payload })),
  jsonValue.map((payload) => ({ contentType: 'application/json; charset=utf-16', payload })),
  fc.string({ maxLength: 200 }).map((payload) => ({ contentType: 'text/plain', payload })),
  parameters.map((query) => ({
    contentType: 'multipart/form-data; boundary=b',
    payload: Object.entries(query)
      .map(([name, raw]) => `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(raw)}\r\n`)
      .join('')
      .concat('--b--\r\n'),
  })),
  fc.constantFrom(
    { contentType: 'application/x-www-form-urlencoded', payload: `items=${'x'.repeat(70_000)}` },
    { contentType: 'application/x-www-form-urlencoded', payload: Buffer.from([0, 0xff, 0xfe, 0x00, 0x3d]) },
    { contentType: 'application/octet-stream', payload: Buffer.from([0, 1, 2, 3]) },
    { contentType: 'text/html', payload: '<form>' },
    { contentType: '', payload: 'sourceType=x' },
    { contentType: 'application/x-www-form-urlencoded', payload: '' },
  ),
);

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS';

/** The (path, method) pairs the store answers, drawn most of the time so requests reach handlers. */
const operations: [string, Method][] = [
  ...(['GET', 'POST', 'PUT', 'DELETE'] as const).map((method): [string, Method] => ['/cart/1/', method]),
  ...apiPaths.filter((path) => path.startsWith('/catalog/')).map((path): [string, Method] => [path, 'GET']),
  ['/order/1/downloads', 'GET'],
  ['/order/1/downloads', 'POST'],
  ['/order/1/promo-downloads', 'POST'],
  ['/cart', 'GET'],
  ['/checkout', 'POST'],
  ['/sign-in', 'POST'],
  ['/sign-out', 'POST'],
  ['/oauth/token', 'POST'],
];

export interface FuzzRequest {
  method: Method;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** One generated request; `token` is a valid access token, sent on about half of them. */
export function fuzzRequest(token: string): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      target: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...operations) },
        {
          weight: 1,
          arbitrary: fc.tuple(
            fc.constantFrom(...apiPaths, ...otherPaths),
            fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS' as const),
          ),
        },
      ),
      query: fc.oneof(
        { weight: 4, arbitrary: parameters.map(encode) },
        { weight: 1, arbitrary: brokenEncoding },
      ),
      body,
      withToken: fc.boolean(),
      crossSite: fc.boolean(),
    })
    .map(({ target: [path, method], query, body: { contentType, payload }, withToken, crossSite }) => ({
      method: method as FuzzRequest['method'],
      url: query ? `${path}?${query}` : path,
      headers: {
        ...(withToken ? { authorization: `Bearer ${token}` } : {}),
        ...(contentType !== undefined ? { 'content-type': contentType } : {}),
        ...(crossSite ? { 'sec-fetch-site': 'cross-site' } : {}),
      },
      ...(payload !== undefined && method !== 'GET' && method !== 'HEAD' ? { payload } : {}),
    }));
}

/** What a refused request must leave as it was: carts, library, orders, sessions. */
export async function snapshot(db: Database): Promise<string> {
  return JSON.stringify([
    await db.all(
      'SELECT c.user_id, c.name, ci.item_type, ci.item_id, ci.audio_format FROM carts c JOIN cart_items ci ON ci.cart_id = c.id ORDER BY 1, 2, 3, 4',
    ),
    await db.all('SELECT id, user_id, status, last_initiated_at FROM downloads ORDER BY id'),
    await db.all('SELECT count(*) AS n FROM orders'),
    await db.all('SELECT count(*) AS n FROM web_sessions'),
  ]);
}

const storeApi = /^\/(cart\/1|catalog\/3|order\/1)(\/|$)/;

/** What is wrong with a response, or undefined when it is as it must be. */
export function problem(
  request: FuzzRequest,
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
): string | undefined {
  if (response.statusCode >= 500) return `status ${response.statusCode}`;
  const path = request.url.split('?')[0] ?? '';
  if (request.method === 'HEAD' || !storeApi.test(path)) return undefined;
  if (!String(response.headers['content-type']).startsWith('application/json'))
    return `content-type ${response.headers['content-type']}`;
  let parsed: { metadata?: { message?: string }; results?: unknown };
  try {
    parsed = JSON.parse(response.body);
  } catch {
    return 'a body that is not JSON';
  }
  if (!parsed || typeof parsed !== 'object' || !('metadata' in parsed) || !('results' in parsed))
    return 'no envelope';
  if (response.statusCode >= 400 && !parsed.metadata?.message) return 'an error without a message';
  if (/at .*\.ts:|SELECT |sqlite|node_modules/i.test(response.body) && response.statusCode >= 400)
    return 'internals in the error';
  return undefined;
}
