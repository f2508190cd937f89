import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cartVersion } from '../../lib/contract/cart-version.ts';
import {
  Cart,
  CartAddResult,
  CartChangeResult,
  CartSummary,
  ErrorEnvelope,
  envelopeOf,
} from '../../lib/contract/wire.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { signIn } from '../helpers/tokens.ts';

let store: TestStore;
let baseUrl: string;
let token: string; // dj2: owns nothing
let demoToken: string; // demo: owns a few purchases

interface CallOptions {
  token?: string | null;
  body?: Record<string, string>;
  headers?: Record<string, string>;
}

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
  query: Record<string, string>,
  options: CallOptions = {},
) {
  const bearer = options.token === undefined ? token : options.token;
  const response = await store.app.inject({
    method,
    url: '/cart/1/',
    query,
    headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...options.headers },
    ...(options.body
      ? {
          payload: new URLSearchParams(options.body).toString(),
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
          },
        }
      : {}),
  });
  return { status: response.statusCode, headers: response.headers, body: response.json() };
}

const items = (list: object[]) => JSON.stringify(list);
const view = async (name?: string, as = token) =>
  envelopeOf(Cart).parse(
    (await call('GET', { sourceType: 'test', ...(name ? { name } : {}) }, { token: as })).body,
  ).results;
const add = async (list: object[], extra: Record<string, string> = {}, as = token) => {
  const response = await call('POST', { sourceType: 'test', items: items(list), ...extra }, { token: as });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return envelopeOf(CartAddResult).parse(response.body).results;
};

const db = () => store.ctx.db;
const purchasableTracks = async (n: number) =>
  await db().all<{ id: number; price_cents: number }>(
    `SELECT id, price_cents FROM tracks WHERE sale_type = 'purchase'
        AND id NOT IN (SELECT track_id FROM downloads) ORDER BY id LIMIT ?`,
    n,
  );
const feeCents = async (format: string) =>
  (await db().get<{ fee_cents: number }>('SELECT fee_cents FROM audio_formats WHERE name = ?', format))
    ?.fee_cents as number;

beforeAll(async () => {
  store = await startTestStore({ scale: 400, listen: true });
  baseUrl = store.baseUrl;
  token = (await signIn(baseUrl, 'dj2', 'dj2')).accessToken;
  demoToken = (await signIn(baseUrl, 'demo', 'demo')).accessToken;
});
afterAll(() => store?.close());
beforeEach(async () => {
  await call('DELETE', { sourceType: 'test' });
});

describe('viewing', () => {
  it('shows a cart that does not exist yet as empty, with the formats the store sells', async () => {
    const response = await call('GET', { sourceType: 'test', name: 'never-used' });
    expect(response.status).toBe(200);
    expect(response.body.metadata.audioFormats).toEqual(['mp3', 'wav', 'aiff', 'flac']);
    expect(Cart.parse(response.body.results)).toEqual({
      name: 'never-used',
      items: [],
      counts: { items: 0, tracks: 0, releases: 0 },
      total: { value: 0, currency: 'USD' },
    });
  });

  it('summary=true returns counts and total without items', async () => {
    const [track] = await purchasableTracks(1);
    await add([{ id: track?.id, type: 'track', audioFormat: 'mp3' }]);
    const { body } = await call('GET', { sourceType: 'test', summary: 'true' });
    const summary = CartSummary.strict().parse(body.results);
    expect(summary.counts).toEqual({ items: 1, tracks: 1, releases: 0 });
    expect(summary.total.value).toBe((track?.price_cents as number) / 100);
  });
});

describe('adding', () => {
  it('adds a track and a release with prices that include the format fee', async () => {
    const [track] = await purchasableTracks(1);
    const release = await db().get<{ id: number; price_cents: number; n: number }>(
      `SELECT r.id, r.price_cents, count(t.id) AS n FROM releases r JOIN tracks t ON t.release_id = r.id
        WHERE r.id NOT IN (SELECT t2.release_id FROM tracks t2 JOIN downloads d ON d.track_id = t2.id)
          AND t.sale_type = 'purchase'
        GROUP BY r.id, r.price_cents HAVING count(t.id) > 1 LIMIT 1`,
    );
    const result = await add([
      { id: track?.id, type: 'track', audioFormat: 'wav' },
      { id: release?.id, type: 'release', audioFormat: 'aiff' },
    ]);
    expect(result.warnings).toEqual([]);
    expect(result.added.map((item) => [item.type, item.id, item.audioFormat])).toEqual([
      ['track', track?.id, 'wav'],
      ['release', release?.id, 'aiff'],
    ]);
    const trackPrice = (track?.price_cents as number) + (await feeCents('wav'));
    const releasePrice = (release?.price_cents as number) + (await feeCents('aiff')) * (release?.n as number);
    expect(result.added[0]?.price.value).toBe(trackPrice / 100);
    expect(result.added[1]?.price.value).toBe(releasePrice / 100);
    expect(result.added[0]?.name).toBeTruthy();
    expect(result.added[0]?.artists.length).toBeGreaterThan(0);
    expect(result.cart.counts).toEqual({ items: 2, tracks: 1, releases: 1 });
    expect(result.cart.total.value).toBeCloseTo((trackPrice + releasePrice) / 100, 10);
  });

  it('keeps an item once when added again, switching to the new format', async () => {
    const [track] = await purchasableTracks(1);
    await add([{ id: track?.id, type: 'track', audioFormat: 'mp3' }]);
    const again = await add([{ id: track?.id, type: 'track', audioFormat: 'aiff' }]);
    expect(again.added).toEqual([]);
    expect(again.warnings.map((w) => w.code)).toEqual(['alreadyInCart']);
    const cart = await view();
    expect(cart.items.map((item) => [item.id, item.audioFormat])).toEqual([[track?.id, 'aiff']]);
  });

  it('answers unknown and free items with warnings, still 200', async () => {
    const promo = await db().get<{ id: number }>(
      "SELECT id FROM tracks WHERE sale_type = 'promotion' LIMIT 1",
    );
    const result = await add([
      { id: 99_999_999, type: 'track', audioFormat: 'mp3' },
      { id: 99_999_999, type: 'release', audioFormat: 'mp3' },
      { id: promo?.id, type: 'track', audioFormat: 'mp3' },
    ]);
    expect(result.warnings.map((w) => w.code)).toEqual(['notFound', 'notFound', 'notPurchasable']);
    expect(result.cart.counts.items).toBe(0);
  });

  it('warns about an owned track and adds it with alreadyPurchasedOverride=true', async () => {
    const owned = await db().get<{ id: number }>(
      "SELECT d.track_id AS id FROM downloads d JOIN users u ON u.id = d.user_id WHERE u.username = 'demo' LIMIT 1",
    );
    const item = { id: owned?.id, type: 'track', audioFormat: 'wav' };
    const warned = await add([item], {}, demoToken);
    expect(warned.added).toEqual([]);
    expect(warned.warnings).toEqual([
      expect.objectContaining({ id: owned?.id, type: 'track', code: 'alreadyPurchased' }),
    ]);
    expect(warned.warnings[0]?.message).toMatch(/already own/);
    const forced = await add([item], { alreadyPurchasedOverride: 'true' }, demoToken);
    expect(forced.added.map((added) => added.id)).toEqual([owned?.id]);
    await call('DELETE', { sourceType: 'test' }, { token: demoToken });
  });

  it('takes parameters from a form body too', async () => {
    const [track] = await purchasableTracks(1);
    const response = await call(
      'POST',
      {},
      {
        body: {
          sourceType: 'test',
          items: items([{ id: track?.id as number, type: 'track', audioFormat: 'mp3' }]),
        },
      },
    );
    expect(response.status).toBe(200);
    expect((await view()).counts.items).toBe(1);
  });

  it('answers a mixed list in its order: refusals, an item listed twice, a release, the added ones', async () => {
    const [first, second] = await purchasableTracks(2);
    const promo = await db().get<{ id: number }>(
      "SELECT id FROM tracks WHERE sale_type = 'promotion' LIMIT 1",
    );
    const release = await db().get<{ id: number }>(
      "SELECT release_id AS id FROM tracks WHERE sale_type = 'purchase' AND release_id NOT IN (SELECT release_id FROM tracks WHERE id IN (?, ?)) LIMIT 1",
      first?.id as number,
      second?.id as number,
    );
    await add([{ id: second?.id, type: 'track', audioFormat: 'mp3' }]);
    const result = await add([
      { id: first?.id, type: 'track', audioFormat: 'mp3' },
      { id: promo?.id, type: 'track', audioFormat: 'mp3' },
      { id: first?.id, type: 'track', audioFormat: 'wav' },
      { id: 99_999_999, type: 'track', audioFormat: 'mp3' },
      { id: second?.id, type: 'track', audioFormat: 'aiff' },
      { id: release?.id, type: 'release', audioFormat: 'mp3' },
    ]);
    expect(result.warnings.map((w) => [w.code, w.id])).toEqual([
      ['notPurchasable', promo?.id],
      ['alreadyInCart', first?.id],
      ['notFound', 99_999_999],
      ['alreadyInCart', second?.id],
    ]);
    expect(result.warnings[1]?.message).toMatch(/now wav/);
    // The item listed twice was added by this request: it is among the added, in its last format.
    expect(result.added.map((item) => [item.type, item.id, item.audioFormat])).toEqual([
      ['track', first?.id, 'wav'],
      ['release', release?.id, 'mp3'],
    ]);
    expect(result.cart.counts).toEqual({ items: 3, tracks: 2, releases: 1 });
    const cart = await view();
    expect(cart.items.map((item) => [item.id, item.audioFormat])).toEqual([
      [second?.id, 'aiff'],
      [first?.id, 'wav'],
      [release?.id, 'mp3'],
    ]);
    expect(result.cart.total).toEqual(cart.total);
  });

  it('keeps one copy of a track that 10 requests add at once', async () => {
    const [track] = await purchasableTracks(1);
    const formats = ['mp3', 'wav', 'aiff'];
    const results = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const response = await fetch(
          `${baseUrl}/cart/1/?sourceType=test&items=${encodeURIComponent(items([{ id: track?.id, type: 'track', audioFormat: formats[i % 3] }]))}`,
          { method: 'POST', headers: { authorization: `Bearer ${token}` } },
        );
        expect(response.status).toBe(200);
        return envelopeOf(CartAddResult).parse(await response.json()).results;
      }),
    );
    expect(results.filter((result) => result.added.length === 1)).toHaveLength(1);
    expect(results.filter((result) => result.warnings[0]?.code === 'alreadyInCart')).toHaveLength(9);
    expect((await view()).counts.items).toBe(1);
  });

  it('lands all of 20 concurrent adds to one cart', async () => {
    const tracks = await purchasableTracks(20);
    const responses = await Promise.all(
      tracks.map((track) =>
        fetch(
          `${baseUrl}/cart/1/?sourceType=test&items=${encodeURIComponent(items([{ id: track.id, type: 'track', audioFormat: 'mp3' }]))}`,
          {
            method: 'POST',
            headers: { authorization: `Bearer ${token}` },
          },
        ),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(tracks.map(() => 200));
    const cart = await view();
    expect(cart.items.map((item) => item.id).sort((a, b) => a - b)).toEqual(tracks.map((track) => track.id));
  });
});

describe('changing formats', () => {
  it('sets every item of the cart to one format', async () => {
    const tracks = await purchasableTracks(3);
    await add(
      tracks.map((track, i) => ({ id: track.id, type: 'track', audioFormat: ['mp3', 'wav', 'aiff'][i] })),
    );
    const response = await call('PUT', { sourceType: 'test', audioFormat: 'aiff' });
    expect(response.status).toBe(200);
    expect(CartChangeResult.parse(response.body.results).cart.counts.items).toBe(3);
    expect((await view()).items.map((item) => item.audioFormat)).toEqual(['aiff', 'aiff', 'aiff']);
  });

  it('changes only the listed items and warns about items not in the cart', async () => {
    const [a, b, c] = await purchasableTracks(3);
    await add([a, b].map((track) => ({ id: track?.id, type: 'track', audioFormat: 'mp3' })));
    const response = await call('PUT', {
      sourceType: 'test',
      items: items([
        { id: b?.id, type: 'track', audioFormat: 'wav' },
        { id: c?.id, type: 'track', audioFormat: 'wav' },
      ]),
    });
    const result = CartChangeResult.parse(response.body.results);
    expect(result.warnings).toEqual([expect.objectContaining({ id: c?.id, code: 'notInCart' })]);
    expect((await view()).items.map((item) => [item.id, item.audioFormat])).toEqual([
      [a?.id, 'mp3'],
      [b?.id, 'wav'],
    ]);
  });

  it.each([
    [{}, 'audioFormat'],
    [{ audioFormat: 'wav', items: '[]' }, 'items'],
    [{ audioFormat: 'ogg' }, 'audioFormat'],
  ])('PUT %j is a 400', async (query, parameter) => {
    const response = await call('PUT', { sourceType: 'test', ...query });
    expect(response.status).toBe(400);
    expect(ErrorEnvelope.parse(response.body).metadata.parameter).toBe(parameter);
  });
});

describe('removing', () => {
  it('removes listed items, warns about absent ones, and empties the cart', async () => {
    const [a, b, c] = await purchasableTracks(3);
    await add([a, b].map((track) => ({ id: track?.id, type: 'track', audioFormat: 'mp3' })));
    const removed = await call('DELETE', {
      sourceType: 'test',
      items: items([
        { id: a?.id, type: 'track' },
        { id: c?.id, type: 'track' },
      ]),
    });
    const result = CartChangeResult.parse(removed.body.results);
    expect(result.warnings.map((w) => [w.id, w.code])).toEqual([[c?.id, 'notInCart']]);
    expect(result.cart.counts.items).toBe(1);
    const emptied = await call('DELETE', { sourceType: 'test' });
    expect(CartChangeResult.parse(emptied.body.results).cart.counts.items).toBe(0);
  });

  it('refuses an audioFormat field in the items to remove', async () => {
    const [a] = await purchasableTracks(1);
    await add([{ id: a?.id, type: 'track', audioFormat: 'mp3' }]);
    const response = await call('DELETE', {
      sourceType: 'test',
      items: items([{ id: a?.id, type: 'track', audioFormat: 'mp3' }]),
    });
    expect(response.status).toBe(400);
    expect((await view()).counts.items).toBe(1);
  });
});

describe('named carts', () => {
  it('keeps a named cart apart from the default one', async () => {
    const [a, b] = await purchasableTracks(2);
    await add([{ id: a?.id, type: 'track', audioFormat: 'mp3' }]);
    await add([{ id: b?.id, type: 'track', audioFormat: 'wav' }], { name: 'Friday set' });
    expect((await view()).items.map((item) => item.id)).toEqual([a?.id]);
    const named = await view('Friday set');
    expect(named.name).toBe('Friday set');
    expect(named.items.map((item) => item.id)).toEqual([b?.id]);
    await call('DELETE', { sourceType: 'test', name: 'Friday set' });
  });

  it.each([['x'.repeat(65)], ['bad\u0007name'], ['']])('refuses the name %j', async (name) => {
    const response = await call('GET', { sourceType: 'test', name });
    expect(response.status).toBe(400);
    expect(response.body.metadata.parameter).toBe('name');
  });

  it("cannot see another user's cart", async () => {
    const [a] = await purchasableTracks(1);
    await add([{ id: a?.id, type: 'track', audioFormat: 'mp3' }], { name: 'mine' });
    expect((await view('mine', demoToken)).counts.items).toBe(0);
    await call('DELETE', { sourceType: 'test', name: 'mine' });
  });
});

describe('versions (docs/api.md, "Cart versions")', () => {
  const read = async (headers: Record<string, string> = {}, query: Record<string, string> = {}) =>
    await store.app.inject({
      method: 'GET',
      url: '/cart/1/',
      query: { sourceType: 'test', ...query },
      headers: { authorization: `Bearer ${token}`, ...headers },
    });
  const versionOf = (body: string) =>
    (JSON.parse(body) as { metadata: { cartVersion: string } }).metadata.cartVersion;

  it('names the version in the ETag and every answer, and answers 304 while it holds', async () => {
    const [a] = await purchasableTracks(1);
    const empty = await read();
    const emptyVersion = versionOf(empty.body);
    expect(empty.headers.etag).toBe(`"${emptyVersion}"`);
    // Computed as the worker computes it over the cart it keeps.
    expect(emptyVersion).toBe(await cartVersion([]));
    const added = await call('POST', {
      sourceType: 'test',
      items: items([{ id: a?.id, type: 'track', audioFormat: 'mp3' }]),
    });
    const version = added.body.metadata.cartVersion as string;
    expect(version).toBe(await cartVersion([{ type: 'track', id: a?.id as number, audioFormat: 'mp3' }]));

    const unchanged = await read({ 'if-none-match': `"${version}"` });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(`"${version}"`);
    // The summary has the same version; an old one reads the cart again.
    expect((await read({ 'if-none-match': `"${version}"` }, { summary: 'true' })).statusCode).toBe(304);
    const stale = await read({ 'if-none-match': `"${emptyVersion}"` });
    expect(stale.statusCode).toBe(200);
    expect(versionOf(stale.body)).toBe(version);
    // A format change is a new version; so is the checkout's emptying (the same as never made).
    const changed = await call('PUT', { sourceType: 'test', audioFormat: 'wav' });
    expect(changed.body.metadata.cartVersion).not.toBe(version);
    const emptied = await call('DELETE', { sourceType: 'test' });
    expect(emptied.body.metadata.cartVersion).toBe(emptyVersion);
  });

  it('changes only while If-Match names the current version; else 412 and nothing changed', async () => {
    const [a, b] = await purchasableTracks(2);
    const first = await call('POST', {
      sourceType: 'test',
      items: items([{ id: a?.id, type: 'track', audioFormat: 'mp3' }]),
    });
    const readVersion = first.body.metadata.cartVersion as string;
    // Changed elsewhere: the release of another computer, here a second track.
    await add([{ id: b?.id, type: 'track', audioFormat: 'mp3' }]);
    const cart = await view();
    for (const [method, query] of [
      ['POST', { items: items([{ id: b?.id, type: 'track', audioFormat: 'wav' }]) }],
      ['PUT', { audioFormat: 'aiff' }],
      ['DELETE', { items: items([{ id: a?.id, type: 'track' }]) }],
      ['DELETE', {}],
    ] as const) {
      const refused = await call(
        method,
        { sourceType: 'test', ...query },
        { headers: { 'if-match': `"${readVersion}"` } },
      );
      expect(refused.status, `${method} ${JSON.stringify(query)}`).toBe(412);
      expect(refused.body).toMatchObject({ metadata: { error: 'cartChanged' }, results: null });
      expect(await view()).toEqual(cart);
    }
    const current = (await read()).headers.etag as string;
    const accepted = await call(
      'PUT',
      { sourceType: 'test', audioFormat: 'aiff' },
      { headers: { 'if-match': current } },
    );
    expect(accepted.status).toBe(200);
    expect((await view()).items.map((item) => item.audioFormat)).toEqual(['aiff', 'aiff']);
  });

  it.each([['abc'], ['W/"abc"'], ['"a", "b"']])(
    'refuses If-Match %j with a 400 naming it',
    async (header) => {
      const response = await call('DELETE', { sourceType: 'test' }, { headers: { 'if-match': header } });
      expect(response.status).toBe(400);
      expect(response.body.metadata.parameter).toBe('If-Match');
    },
  );
});

describe('bad input changes nothing', () => {
  it.each([
    ['not json', 'items'],
    ['{"id":1}', 'items'],
    ['[]', 'items'],
    ['[{"id":1,"type":"track"}]', 'items'],
    ['[{"id":0,"type":"track","audioFormat":"mp3"}]', 'items'],
    ['[{"id":1.5,"type":"track","audioFormat":"mp3"}]', 'items'],
    ['[{"id":"1","type":"track","audioFormat":"mp3"}]', 'items'],
    ['[{"id":1,"type":"album","audioFormat":"mp3"}]', 'items'],
    ['[{"id":1,"type":"track","audioFormat":"ogg"}]', 'items'],
    ['[{"id":1,"type":"track","audioFormat":"mp3","extra":true}]', 'items'],
  ])('POST items=%s is a 400', async (raw, parameter) => {
    const [a] = await purchasableTracks(1);
    await add([{ id: a?.id, type: 'track', audioFormat: 'mp3' }]);
    const response = await call('POST', { sourceType: 'test', items: raw });
    expect(response.status).toBe(400);
    expect(ErrorEnvelope.parse(response.body).metadata.parameter).toBe(parameter);
    expect((await view()).items.map((item) => [item.id, item.audioFormat])).toEqual([[a?.id, 'mp3']]);
  });

  it.each([
    [{ items: '[{"id":1,"type":"track","audioFormat":"mp3"}]' }, 'sourceType'],
    [{ sourceType: 'test', summary: 'yes' }, 'summary'],
    [
      {
        sourceType: 'test',
        alreadyPurchasedOverride: '1',
        items: '[{"id":1,"type":"track","audioFormat":"mp3"}]',
      },
      'alreadyPurchasedOverride',
    ],
  ])('%j is a 400 naming %s', async (query, parameter) => {
    const response = await call('items' in query ? 'POST' : 'GET', query);
    expect(response.status).toBe(400);
    expect(response.body.metadata.parameter).toBe(parameter);
  });

  it('refuses a parameter sent in both the query and the body', async () => {
    const response = await call(
      'POST',
      { sourceType: 'test' },
      { body: { sourceType: 'test', items: '[]' } },
    );
    expect(response.status).toBe(400);
    expect(response.body.metadata.parameter).toBe('sourceType');
  });

  it('refuses a body over 64 KiB with 413', async () => {
    const response = await call('POST', {}, { body: { sourceType: 'test', items: 'x'.repeat(70_000) } });
    expect(response.status).toBe(413);
  });
});

describe('authentication', () => {
  it('answers 401 with WWW-Authenticate without a token or with a bad one', async () => {
    for (const bearer of [null, 'not-a-token']) {
      const response = await call('GET', { sourceType: 'test' }, { token: bearer });
      expect(response.status).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
      expect(ErrorEnvelope.parse(response.body).metadata.error).toBe('invalidToken');
    }
  });

  it('takes the token as an access_token parameter, but not in both places', async () => {
    const viaParam = await call('GET', { sourceType: 'test', access_token: token }, { token: null });
    expect(viaParam.status).toBe(200);
    const both = await call('GET', { sourceType: 'test', access_token: token });
    expect(both.status).toBe(400);
  });

  it('answers 405 for other methods', async () => {
    const response = await call('PATCH', { sourceType: 'test' });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toContain('DELETE');
  });
});
