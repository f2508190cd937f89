import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../lib/contract/wire.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { signIn } from '../helpers/tokens.ts';

/** Each API operation declares the scope it needs; a token without it is a 403 (RFC 6750 section 3.1). */

let store: TestStore;
let storeToken: string;
let profileToken: string;

beforeAll(async () => {
  store = await startTestStore({ scale: 100, listen: true });
  storeToken = (await signIn(store.baseUrl, 'dj2', 'dj2')).accessToken;
  profileToken = (await signIn(store.baseUrl, 'dj2', 'dj2', { scope: 'openid profile' })).accessToken;
});
afterAll(() => store?.close());

const calls = [
  { method: 'GET', url: '/cart/1/?sourceType=x' },
  { method: 'POST', url: '/cart/1/?sourceType=x&items=[{"id":1,"type":"track","audioFormat":"mp3"}]' },
  { method: 'PUT', url: '/cart/1/?sourceType=x&audioFormat=wav' },
  { method: 'DELETE', url: '/cart/1/?sourceType=x' },
  { method: 'GET', url: '/order/1/downloads' },
  { method: 'POST', url: '/order/1/downloads?downloadIds=1' },
  { method: 'POST', url: '/order/1/promo-downloads?trackId=1' },
] as const;

it.each(calls)(
  '$method $url refuses a token without the store scope with 403 insufficient_scope',
  async ({ method, url }) => {
    const before = (await store.ctx.db.get<{ n: number }>('SELECT count(*) AS n FROM cart_items'))?.n;
    const response = await store.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${profileToken}` },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['www-authenticate']).toBe('Bearer error="insufficient_scope", scope="store"');
    expect(ErrorEnvelope.parse(response.json()).metadata.error).toBe('insufficient_scope');
    expect((await store.ctx.db.get<{ n: number }>('SELECT count(*) AS n FROM cart_items'))?.n).toBe(before);
  },
);

it('takes the same token with the store scope, as a header or a parameter', async () => {
  const header = await store.app.inject({
    url: '/cart/1/?sourceType=x',
    headers: { authorization: `Bearer ${storeToken}` },
  });
  expect(header.statusCode).toBe(200);
  const parameter = await store.app.inject({ url: `/order/1/downloads?access_token=${storeToken}` });
  expect(parameter.statusCode).toBe(200);
});

it('documents the scope of every operation that needs one', async () => {
  const document = (await store.app.inject({ url: '/openapi.json' })).json();
  for (const { method, url } of calls) {
    const path = url.split('?')[0]?.replace(/\/$/, '') as string;
    expect(document.paths[path][method.toLowerCase()].security).toEqual([{ oauth: ['store'] }]);
  }
});
