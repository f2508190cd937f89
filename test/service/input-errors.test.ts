import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../lib/contract/wire.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { signIn } from '../helpers/tokens.ts';

/** Bad input of every kind gets a 4xx in the error envelope (HTML on website paths), never a 5xx. */

let store: TestStore;
let token: string;
let trackId: number;

const cartItems = async () =>
  (await store.ctx.db.get<{ n: number }>('SELECT count(*) AS n FROM cart_items'))?.n;

beforeAll(async () => {
  store = await startTestStore({ scale: 200, listen: true });
  token = (await signIn(store.baseUrl, 'dj2', 'dj2')).accessToken;
  trackId = (
    await store.ctx.db.get<{ id: number }>("SELECT id FROM tracks WHERE sale_type = 'purchase' LIMIT 1")
  )?.id as number;
});
afterAll(() => store?.close());

const auth = () => ({ authorization: `Bearer ${token}` });
const expectEnvelope = (
  response: { statusCode: number; body: string; headers: Record<string, unknown> },
  status: number,
) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
  const body = ErrorEnvelope.parse(JSON.parse(response.body));
  expect(body.metadata.message).not.toMatch(/at .*\.ts|SELECT|sqlite|Error:/i);
  return body;
};

/** A raw HTTP exchange over TCP, for what a client library would refuse to send. */
function rawExchange(request: string): Promise<string> {
  const { port } = new URL(store.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('bodies that are not forms', () => {
  const items = () => JSON.stringify([{ id: trackId, type: 'track', audioFormat: 'mp3' }]);

  it.each([
    ['application/json', () => JSON.stringify({ sourceType: 'x', items: [{ id: trackId, type: 'track' }] })],
    ['application/json', () => '{"sourceType": 1, "items": {"id": 1}}'],
    ['application/json', () => '{"sourceType": "x", '],
    ['application/json; charset=utf-8', () => 'null'],
    ['text/plain', () => `sourceType=x&items=${items()}`],
    [
      'multipart/form-data; boundary=x',
      () => `--x\r\nContent-Disposition: form-data; name="sourceType"\r\n\r\nx\r\n--x--\r\n`,
    ],
    ['application/xml', () => '<a/>'],
  ])('a %s body is a 415 in the envelope and adds nothing', async (type, payload) => {
    for (const url of ['/cart/1/', '/order/1/downloads', '/order/1/promo-downloads']) {
      const before = await cartItems();
      const response = await store.app.inject({
        method: 'POST',
        url,
        headers: { ...auth(), 'content-type': type },
        payload: payload(),
      });
      expect(expectEnvelope(response, 415).metadata.error).toBe('unsupportedMediaType');
      expect(await cartItems()).toBe(before);
    }
  });

  it('reads a form in another charset like any form and never answers 5xx', async () => {
    const response = await store.app.inject({
      method: 'POST',
      url: '/cart/1/',
      headers: { ...auth(), 'content-type': 'application/x-www-form-urlencoded; charset=latin1' },
      payload: `sourceType=%E9&items=${encodeURIComponent(items())}`,
    });
    expect(response.statusCode).toBe(200);
  });

  it('ignores a body on GET', async () => {
    const response = await store.app.inject({
      method: 'GET',
      url: '/catalog/3/platform/home',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken',
    });
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('required strings', () => {
  it.each([
    [{ sourceType: '' }, 'sourceType'],
    [{ sourceType: '   ' }, 'sourceType'],
    [{ sourceType: '\t\n' }, 'sourceType'],
    [{ sourceType: 'x', name: '' }, 'name'],
    [{ sourceType: 'x', name: '   ' }, 'name'],
  ])('%j is a 400 naming %s and adds nothing', async (query, parameter) => {
    const before = await cartItems();
    const response = await store.app.inject({
      method: 'POST',
      url: '/cart/1/',
      headers: auth(),
      query: { ...query, items: JSON.stringify([{ id: trackId, type: 'track', audioFormat: 'mp3' }]) },
    });
    expect(expectEnvelope(response, 400).metadata.parameter).toBe(parameter);
    expect(await cartItems()).toBe(before);
  });
});

describe('parameters', () => {
  it('ignores unknown parameters on every route', async () => {
    const response = await store.app.inject({ url: '/catalog/3/platform/home?color=red&color=blue' });
    expect(response.statusCode).toBe(200);
    const cart = await store.app.inject({ url: '/cart/1/?sourceType=x&unknown=1', headers: auth() });
    expect(cart.statusCode).toBe(200);
  });

  it.each([
    ['/catalog/3/artists?perPage=5&perPage=6', 'perPage'],
    ['/catalog/3/artists?sortBy=name&sortBy=artistId', 'sortBy'],
    ['/catalog/3/platform/track?id=1&id=1', 'id'],
    ['/cart/1/?sourceType=a&sourceType=b', 'sourceType'],
  ])('a repeated single-valued parameter %s is a 400', async (url, parameter) => {
    const response = await store.app.inject({ url, headers: auth() });
    expect(expectEnvelope(response, 400).metadata.parameter).toBe(parameter);
  });

  it('takes facets[] repeated', async () => {
    const response = await store.app.inject({
      url: '/catalog/3/artists?facets[]=genreName:Techno&facets[]=performerName:x',
    });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    '/catalog/3/platform/track?id=%E0%A4%A',
    '/catalog/3/platform/track?id=%',
    '/catalog/3/platform/track?id=1%00',
  ])('broken percent-encoding in the query %s is a 400 naming the parameter', async (url) => {
    const response = await store.app.inject({ url });
    expect(expectEnvelope(response, 400).metadata.parameter).toBe('id');
  });

  it('reads a query value that does not decode as the text it is', async () => {
    const response = await store.app.inject({ url: '/catalog/3/artists?search=%ZZ' });
    expect(response.statusCode).toBe(200);
    expect(response.json().metadata.count).toBe(0);
  });
});

describe('errors raised before routing', () => {
  it('answers headers over 16 KiB with 431 in the envelope', async () => {
    const answer = await rawExchange(
      `GET /catalog/3/platform/home HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    const body = ErrorEnvelope.parse(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)));
    expect(body.metadata.error).toBe('headersTooLarge');
  });

  it('answers headers over 16 KiB on a website path with an HTML page', async () => {
    const answer = await rawExchange(
      `GET /charts HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toMatch(/content-type: text\/html/i);
    expect(answer).toContain('<h1>Request Header Fields Too Large</h1>');
  });

  it('answers a URL over 16 KiB with 431 or 414 in the envelope', async () => {
    const answer = await rawExchange(
      `GET /catalog/3/artists?search=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 (414|431) /);
    ErrorEnvelope.parse(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)));
  });

  it('answers a path segment over the router limit with 414 in the envelope', async () => {
    const response = await store.app.inject({ url: `/downloads/file/${'1'.repeat(300)}` });
    expectEnvelope(response, 414);
  });

  it('answers a request that is not HTTP with 400 in the envelope', async () => {
    const answer = await rawExchange('NOT HTTP AT ALL\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    ErrorEnvelope.parse(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)));
  });

  it.each(['/cart/%E0%A4%A', '/catalog/3/platform/%', '/oauth/%zz'])(
    'answers the bad path %s in the envelope',
    async (url) => {
      const response = await store.app.inject({ url });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      ErrorEnvelope.parse(response.json());
    },
  );

  it('answers a body over 64 KiB with 413 in the envelope', async () => {
    const response = await new Promise<{
      statusCode: number;
      body: string;
      headers: Record<string, unknown>;
    }>((resolve, reject) => {
      const url = new URL('/cart/1/', store.baseUrl);
      const request = httpRequest(
        url,
        { method: 'POST', headers: { ...auth(), 'content-type': 'application/x-www-form-urlencoded' } },
        (response) => {
          let body = '';
          response.on('data', (chunk) => {
            body += chunk;
          });
          response.on('end', () =>
            resolve({ statusCode: response.statusCode ?? 0, body, headers: response.headers }),
          );
        },
      );
      request.on('error', reject);
      request.end(`sourceType=x&items=${'x'.repeat(80_000)}`);
    });
    expectEnvelope(response, 413);
  });
});

describe('unknown paths', () => {
  it.each([
    '/oauth/nothing',
    '/oauth/token/extra',
    '/oauth/interaction',
    '/.well-known/nothing',
    '/catalog/3/nothing',
  ])('%s is a 404 in the envelope', async (url) => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await store.app.inject({ method, url });
      expect(expectEnvelope(response, 404).metadata.error).toBe('notFound');
    }
  });

  it('answers a website path that does not decode with an HTML page', async () => {
    const response = await store.app.inject({ url: '/release/%zz/1' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });

  it('answers an unknown website path with an HTML page', async () => {
    const response = await store.app.inject({ url: '/no-such-page' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });

  it('leaves the provider its own protocol answers', async () => {
    const response = await store.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: 'grant_type=nothing',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: expect.any(String) });
  });
});
