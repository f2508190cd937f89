import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../../lib/background/api-client.ts';
import {
  type AccessTokenSource,
  type ApiClientOptions,
  parseRetryAfter,
} from '../../../../lib/background/store-transport.ts';
import { StoreError, toStoreErrorData } from '../../../../lib/protocol/store-error.ts';

const storeUrl = 'http://127.0.0.1:8813';
const summary = {
  name: 'default',
  counts: { items: 2, tracks: 1, releases: 1 },
  total: { value: 3.98, currency: 'USD' },
};
const ok = (results: unknown, metadata: object = {}) => Response.json({ metadata, results });
const fail = (status: number, error: string, message: string, headers: Record<string, string> = {}) =>
  Response.json({ metadata: { error, message }, results: null }, { status, headers });

interface Call {
  method: string;
  url: URL;
  authorization: string | null;
}

/** A fetch that answers from a script and records what it was asked. */
function scriptedFetch(...answers: (Response | Error | 'hang')[]) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    calls.push({
      method: init?.method ?? 'GET',
      url: new URL(String(input)),
      authorization: headers.get('authorization'),
    });
    const answer = answers.shift();
    if (answer === undefined) throw new Error('unexpected request');
    if (answer === 'hang') {
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    }
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

function tokens(...issued: string[]): AccessTokenSource & { renewals: string[] } {
  const renewals: string[] = [];
  let current = issued.shift() ?? 'token-1';
  return {
    renewals,
    accessToken: async () => current,
    renewAccessToken: async (rejected) => {
      renewals.push(rejected);
      const next = issued.shift();
      if (!next) throw new StoreError({ kind: 'signedOut', message: 'signed out' });
      current = next;
      return current;
    },
  };
}

const sleeps: number[] = [];
function client(fetch: typeof globalThis.fetch, overrides: Partial<ApiClientOptions> = {}) {
  return createApiClient({
    storeUrl,
    sourceType: 'crate-extension',
    auth: tokens('token-1', 'token-2'),
    fetch,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0,
    isOnline: () => true,
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<StoreError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(StoreError);
  return error as StoreError;
}

beforeEach(() => {
  sleeps.length = 0;
});

describe('requests', () => {
  it('sends sourceType, name and items as query parameters with a bearer token', async () => {
    const { fetch, calls } = scriptedFetch(ok({ added: [], warnings: [], cart: summary }));
    await client(fetch).addToCart([{ id: 7, type: 'track', audioFormat: 'wav' }], {
      name: 'friday',
      alreadyPurchasedOverride: true,
    });
    const [call] = calls;
    expect(call?.method).toBe('POST');
    expect(call?.url.pathname).toBe('/cart/1/');
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({
      items: '[{"id":7,"type":"track","audioFormat":"wav"}]',
      name: 'friday',
      alreadyPurchasedOverride: 'true',
      sourceType: 'crate-extension',
    });
    expect(call?.authorization).toBe('Bearer token-1');
  });

  it('covers every cart operation with the right method and parameters', async () => {
    const cart = { ...summary, items: [] };
    const change = { warnings: [], cart: summary };
    const { fetch, calls } = scriptedFetch(
      ok(cart, { audioFormats: ['mp3', 'wav', 'aiff'] }),
      ok(summary),
      ok(change),
      ok(change),
      ok(change),
      ok(change),
    );
    const api = client(fetch);
    expect(await api.viewCart()).toEqual({ cart, audioFormats: ['mp3', 'wav', 'aiff'] });
    expect(await api.cartSummary({ name: 'x' })).toEqual(summary);
    await api.setCartFormat('aiff');
    await api.setItemFormats([{ id: 1, type: 'release', audioFormat: 'mp3' }]);
    await api.emptyCart();
    await api.removeFromCart([{ id: 1, type: 'release' }]);
    expect(calls.map((call) => `${call.method} ${call.url.search}`)).toEqual([
      'GET ?sourceType=crate-extension',
      'GET ?name=x&summary=true&sourceType=crate-extension',
      'PUT ?audioFormat=aiff&sourceType=crate-extension',
      `PUT ?items=${encodeURIComponent('[{"id":1,"type":"release","audioFormat":"mp3"}]')}&sourceType=crate-extension`,
      'DELETE ?sourceType=crate-extension',
      `DELETE ?items=${encodeURIComponent('[{"id":1,"type":"release"}]')}&sourceType=crate-extension`,
    ]);
  });

  it('builds the artist catalog query from every parameter', async () => {
    const { fetch, calls } = scriptedFetch(
      ok([], {
        page: 2,
        perPage: 10,
        count: 0,
        totalPages: 0,
        facets: { fields: { genreName: [{ name: 'Techno', count: 3 }] } },
      }),
    );
    const page = await client(fetch).artists({
      page: 2,
      perPage: 10,
      ids: [1, 2],
      id: 3,
      facets: [
        { name: 'genreName', value: 'Deep House' },
        { name: 'performerName', value: 'DJ X' },
      ],
      returnFacets: ['genreName', 'performerName'],
      sortBy: [
        { field: 'publishDate', direction: 'DESC' },
        { field: 'artistId', direction: 'ASC' },
      ],
      genreId: 5,
      labelId: 6,
    });
    expect(calls[0]?.url.pathname).toBe('/catalog/3/artists');
    expect(calls[0]?.url.search).toBe(
      '?page=2&perPage=10&ids=1%2C2&id=3&facets%5B%5D=genreName%3ADeep+House&facets%5B%5D=performerName%3ADJ+X' +
        '&returnFacets=genreName%2CperformerName&sortBy=publishDate+DESC%2CartistId+ASC&genreId=5&labelId=6',
    );
    expect(calls[0]?.authorization).toBeNull();
    expect(page.facets.genreName).toEqual([{ name: 'Techno', count: 3 }]);
    expect(page.paging).toEqual({ page: 2, perPage: 10, count: 0, totalPages: 0 });
  });

  it('calls catalog pages without a token, with id where the page needs one', async () => {
    const { fetch, calls } = scriptedFetch(ok({ charts: [] }));
    expect(await client(fetch).catalogPage('chart-overview')).toEqual({ charts: [] });
    expect(calls[0]?.url.pathname).toBe('/catalog/3/platform/chart-overview');
    expect(calls[0]?.url.search).toBe('');
    expect(calls[0]?.authorization).toBeNull();
  });

  it('covers the download calls', async () => {
    const link = {
      downloadId: 4,
      url: `${storeUrl}/x`,
      filename: 'a.mp3',
      expiresAt: '2030-01-01T00:00:00Z',
    };
    const { fetch, calls } = scriptedFetch(
      ok([], { page: 1, perPage: 25, count: 0, totalPages: 0 }),
      ok([], { page: 1, perPage: 25, count: 0, totalPages: 0 }),
      ok([link]),
      ok(link),
    );
    const api = client(fetch);
    await api.downloads({ page: 1, status: 'available' });
    // "Downloaded" covers the store's "re-download" (downloaded before, link expired) too.
    await api.downloads({ page: 1, status: 'downloaded' });
    expect(await api.initiateDownloads([4, 5])).toEqual([link]);
    expect(await api.promoDownload(9)).toEqual(link);
    expect(calls.map((call) => `${call.method} ${call.url.pathname}${call.url.search}`)).toEqual([
      'GET /order/1/downloads?page=1&status=available',
      'GET /order/1/downloads?page=1&status=downloaded%2Cre-download',
      'POST /order/1/downloads?downloadIds=4%2C5',
      'POST /order/1/promo-downloads?trackId=9',
    ]);
  });

  it('refuses an answer that does not match the schema', async () => {
    const { fetch } = scriptedFetch(ok({ name: 'default' }));
    expect((await failure(client(fetch).cartSummary())).kind).toBe('invalidResponse');
  });
});

describe('retries', () => {
  it('retries an idempotent call on 503 with exponential backoff', async () => {
    const { fetch, calls } = scriptedFetch(fail(503, 'x', 'x'), fail(502, 'x', 'x'), ok(summary));
    expect(await client(fetch).cartSummary()).toEqual(summary);
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([500, 1000]);
  });

  it('honours Retry-After in seconds on 429', async () => {
    const { fetch } = scriptedFetch(
      fail(429, 'rateLimited', 'slow down', { 'retry-after': '3' }),
      ok(summary),
    );
    await client(fetch).cartSummary();
    expect(sleeps).toEqual([3000]);
  });

  it('honours Retry-After as an HTTP date', async () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    const { fetch } = scriptedFetch(
      fail(503, 'x', 'x', { 'retry-after': new Date(now + 2000).toUTCString() }),
      ok({ charts: [] }),
    );
    await client(fetch, { now: () => now }).catalogPage('chart-overview');
    expect(sleeps).toEqual([2000]);
  });

  it('gives up when Retry-After would outlast the call budget', async () => {
    const { fetch, calls } = scriptedFetch(fail(429, 'rateLimited', 'slow down', { 'retry-after': '120' }));
    const error = await failure(client(fetch).cartSummary());
    expect(error.kind).toBe('rateLimited');
    expect(error.message).toBe('The store is busy. Try again in 120 seconds.');
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('stops after the last attempt', async () => {
    const { fetch, calls } = scriptedFetch(fail(504, 'x', 'x'), fail(504, 'x', 'x'), fail(504, 'x', 'x'));
    expect((await failure(client(fetch).cartSummary())).kind).toBe('storeDown');
    expect(calls).toHaveLength(3);
  });

  it.each([
    [
      'add to cart',
      (api: ReturnType<typeof client>) => api.addToCart([{ id: 1, type: 'track', audioFormat: 'mp3' }]),
    ],
    ['initiate downloads', (api: ReturnType<typeof client>) => api.initiateDownloads([1])],
    ['promo download', (api: ReturnType<typeof client>) => api.promoDownload(1)],
  ])('never retries a POST (%s)', async (_name, run) => {
    const { fetch, calls } = scriptedFetch(fail(503, 'x', 'x'));
    expect((await failure(run(client(fetch)))).kind).toBe('storeDown');
    expect(calls).toHaveLength(1);
  });

  it.each([400, 401, 403, 404, 409, 500])('does not retry a %i', async (status) => {
    const answers = [fail(status, 'x', 'x'), fail(status, 'x', 'x')];
    const { fetch, calls } = scriptedFetch(...answers);
    await failure(client(fetch, { auth: tokens('a', 'b') }).cartSummary());
    // A 401 renews the token once; nothing else repeats.
    expect(calls).toHaveLength(status === 401 ? 2 : 1);
    expect(sleeps).toEqual([]);
  });

  it('times out a request that hangs', async () => {
    const { fetch } = scriptedFetch('hang');
    const error = await failure(client(fetch, { timeoutMs: 20 }).cartSummary());
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('The store took too long to answer. Try again in a minute.');
  });

  it('parses Retry-After values', () => {
    expect(parseRetryAfter(null, 0)).toBeNull();
    expect(parseRetryAfter('7', 0)).toBe(7);
    expect(parseRetryAfter('soon', 0)).toBeNull();
    expect(parseRetryAfter('Thu, 01 Jan 1970 00:00:05 GMT', 1000)).toBe(4);
  });
});

describe('tokens', () => {
  it('renews a refused token once and repeats the call', async () => {
    const auth = tokens('old', 'new');
    const { fetch, calls } = scriptedFetch(fail(401, 'invalidToken', 'expired'), ok(summary));
    expect(await client(fetch, { auth }).cartSummary()).toEqual(summary);
    expect(auth.renewals).toEqual(['old']);
    expect(calls.map((call) => call.authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('reports signed out when the renewed token is refused too', async () => {
    const { fetch, calls } = scriptedFetch(fail(401, 'invalidToken', 'x'), fail(401, 'invalidToken', 'x'));
    const error = await failure(client(fetch).cartSummary());
    expect(error.kind).toBe('signedOut');
    expect(calls).toHaveLength(2);
  });

  it('reports signed out without a request when nobody is signed in', async () => {
    const { fetch, calls } = scriptedFetch();
    const error = await failure(client(fetch, { auth: undefined }).viewCart());
    expect(error.kind).toBe('signedOut');
    expect(error.message).toMatch(/Sign in/);
    expect(calls).toHaveLength(0);
  });
});

describe('error messages', () => {
  it.each([
    [
      fail(400, 'invalidParameter', 'items must be a JSON array.'),
      'badRequest',
      'items must be a JSON array.',
    ],
    [fail(403, 'notPromotional', 'This track is not free.'), 'forbidden', 'This track is not free.'],
    [fail(404, 'notFound', 'There is no track 9.'), 'notFound', 'There is no track 9.'],
    [fail(409, 'conflict', 'The cart changed.'), 'conflict', 'The cart changed.'],
    [
      fail(412, 'cartChanged', 'The cart changed since you last read it (If-Match).'),
      'conflict',
      'That changed at the store in the meantime. Try again.',
    ],
    [
      new Response('<html>oops</html>', { status: 400 }),
      'badRequest',
      'The store could not accept that request.',
    ],
    [
      fail(500, 'internalError', 'x'),
      'storeDown',
      'The store had a problem with that request. Try again in a minute.',
    ],
  ])('maps %#', async (response, kind, message) => {
    const { fetch } = scriptedFetch(response);
    const error = await failure(client(fetch).addToCart([{ id: 1, type: 'track', audioFormat: 'mp3' }]));
    expect(error.kind).toBe(kind);
    expect(error.message).toBe(message);
  });

  it('keeps the parameter the store blamed', async () => {
    const { fetch } = scriptedFetch(
      Response.json(
        { metadata: { error: 'invalidParameter', message: 'Bad name.', parameter: 'name' }, results: null },
        { status: 400 },
      ),
    );
    const error = await failure(client(fetch).viewCart({ name: '' }));
    expect(toStoreErrorData(error)).toEqual({
      kind: 'badRequest',
      message: 'Bad name.',
      status: 400,
      code: 'invalidParameter',
      parameter: 'name',
    });
  });

  it('says the store is down when it cannot be reached while online', async () => {
    const { fetch } = scriptedFetch(new TypeError('Failed to fetch'));
    const error = await failure(client(fetch).cartSummary());
    expect(error.kind).toBe('storeDown');
    expect(error.message).toBe(`The store at ${storeUrl} is not answering. Is it running?`);
  });

  it('says the browser withholds access, not that the store is down, when host access is missing', async () => {
    const { fetch, calls } = scriptedFetch(new TypeError('Failed to fetch'));
    const error = await failure(client(fetch, { hasHostAccess: async () => false }).cartSummary());
    expect(error.kind).toBe('noAccess');
    expect(error.message).toBe(
      `Your browser does not let Crate reach ${storeUrl}. Allow access to it from the Crate popup.`,
    );
    // Not retried: asking again cannot help until the person grants access.
    expect(calls).toHaveLength(1);
  });

  it('still says the store is down when host access is there', async () => {
    const { fetch } = scriptedFetch(new TypeError('Failed to fetch'));
    const error = await failure(client(fetch, { hasHostAccess: async () => true }).cartSummary());
    expect(error.kind).toBe('storeDown');
  });

  it('says the person is offline when the browser is', async () => {
    const { fetch } = scriptedFetch(new TypeError('Failed to fetch'));
    const error = await failure(client(fetch, { isOnline: () => false }).cartSummary());
    expect(error.kind).toBe('offline');
    expect(error.message).toBe('You seem to be offline. Check your connection and try again.');
  });
});
