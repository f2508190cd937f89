import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromeRedirectUri } from '../../lib/contract/extension-identity.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { extensionClient } from '../helpers/tokens.ts';

/** Website forms are refused from other sites, and cookies stay SameSite and, behind HTTPS, Secure. */

let store: TestStore;
let session: string;
let csrf: string;

const form = (payload: Record<string, string>) => new URLSearchParams(payload).toString();

async function signInOnSite(target: TestStore, headers: Record<string, string> = {}) {
  const page = await target.app.inject({ url: '/sign-in', headers });
  const token = page.cookies.find((cookie) => cookie.name === 'crate_csrf')?.value as string;
  return target.app.inject({
    method: 'POST',
    url: '/sign-in',
    cookies: { crate_csrf: token },
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: form({ username: 'demo', password: 'demo', csrf: token }),
  });
}

beforeAll(async () => {
  store = await startTestStore({ scale: 100 });
  const signedIn = await signInOnSite(store);
  session = signedIn.cookies.find((cookie) => cookie.name === 'crate_session')?.value as string;
  const cart = await store.app.inject({ url: '/cart', cookies: { crate_session: session } });
  csrf = /name="csrf" value="([^"]+)"/.exec(cart.body)?.[1] as string;
  const userId = (await store.ctx.db.get<{ id: number }>("SELECT id FROM users WHERE username = 'demo'"))
    ?.id as number;
  const track = await store.ctx.db.get<{ id: number }>(
    "SELECT id FROM tracks WHERE sale_type = 'purchase' AND id NOT IN (SELECT track_id FROM downloads WHERE user_id = ?) LIMIT 1",
    userId,
  );
  await store.ctx.db.run(
    "INSERT INTO carts (user_id, name, created_at, updated_at) VALUES (?, 'default', '', '') ON CONFLICT DO NOTHING",
    userId,
  );
  await store.ctx.db.run(
    "INSERT INTO cart_items (cart_id, item_type, item_id, audio_format, added_seq) VALUES ((SELECT id FROM carts WHERE user_id = ? AND name = 'default'), 'track', ?, 'mp3', 1) ON CONFLICT DO NOTHING",
    userId,
    track?.id as number,
  );
});
afterAll(() => store?.close());

const orders = async () => (await store.ctx.db.get<{ n: number }>('SELECT count(*) AS n FROM orders'))?.n;

describe('state-changing website POSTs from another site', () => {
  it.each([
    [{ origin: 'https://evil.example' }],
    [{ origin: 'null' }],
    [{ 'sec-fetch-site': 'cross-site' }],
    [{ 'sec-fetch-site': 'same-site', origin: 'http://127.0.0.1:8787' }],
  ])('checkout with %j is a 403 page and buys nothing', async (headers) => {
    const before = await orders();
    const response = await store.app.inject({
      method: 'POST',
      url: '/checkout',
      cookies: { crate_session: session },
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ csrf, cart: 'default' }),
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(await orders()).toBe(before);
  });

  it('refuses sign-in and sign-out from another site', async () => {
    const signIn = await signInOnSite(store, { 'sec-fetch-site': 'cross-site' });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.cookies.find((cookie) => cookie.name === 'crate_session')).toBeUndefined();
    const signOut = await store.app.inject({
      method: 'POST',
      url: '/sign-out',
      cookies: { crate_session: session },
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ csrf }),
    });
    expect(signOut.statusCode).toBe(403);
    expect((await store.app.inject({ url: '/cart', cookies: { crate_session: session } })).body).toContain(
      'Checkout',
    );
  });

  it('takes the same checkout from the store itself', async () => {
    const before = (await orders()) as number;
    const response = await store.app.inject({
      method: 'POST',
      url: '/checkout',
      cookies: { crate_session: session },
      headers: {
        origin: new URL(store.ctx.config.baseUrl).origin,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: form({ csrf, cart: 'default' }),
    });
    expect(response.statusCode).toBe(303);
    expect(await orders()).toBe(before + 1);
  });
});

describe('cookies', () => {
  it('sets every website cookie HttpOnly and SameSite=Lax', async () => {
    const signedIn = await signInOnSite(store);
    for (const cookie of signedIn.cookies) {
      expect(cookie, cookie.name).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    }
    expect(signedIn.cookies.map((cookie) => cookie.name)).toContain('crate_session');
  });

  it('sets the OAuth provider cookies SameSite=Lax', async () => {
    const response = await store.app.inject({ url: `/oauth/authorize?${authorizationQuery()}` });
    expect(response.statusCode).toBe(303);
    const cookies = response.cookies.filter((cookie) => cookie.name.startsWith('oauth_'));
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies)
      expect(cookie, cookie.name).toMatchObject({
        httpOnly: true,
        sameSite: expect.stringMatching(/^lax$/i),
      });
  });
});

function authorizationQuery() {
  return new URLSearchParams({
    client_id: extensionClient.client_id,
    response_type: 'code',
    redirect_uri: chromeRedirectUri,
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    state: 'state',
  }).toString();
}

describe('behind a TLS-terminating proxy', () => {
  let proxied: TestStore;
  beforeAll(async () => {
    proxied = await startTestStore({
      scale: 100,
      trustProxy: '127.0.0.1',
      config: { baseUrl: 'https://store.example' },
    });
  });
  afterAll(() => proxied?.close());

  const viaProxy = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.7' };

  it("sets the provider's cookies Secure", async () => {
    const response = await proxied.app.inject({
      url: `/oauth/authorize?${authorizationQuery()}`,
      headers: viaProxy,
    });
    expect(response.statusCode).toBe(303);
    const cookies = response.cookies.filter((cookie) => cookie.name.startsWith('oauth_'));
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies)
      expect(cookie, cookie.name).toMatchObject({ secure: true, sameSite: expect.stringMatching(/^lax$/i) });
  });

  it("sets the website's cookies Secure", async () => {
    const signedIn = await signInOnSite(proxied, viaProxy);
    expect(signedIn.statusCode).toBe(303);
    expect(signedIn.cookies.length).toBeGreaterThan(0);
    for (const cookie of signedIn.cookies)
      expect(cookie, cookie.name).toMatchObject({ secure: true, sameSite: 'Lax' });
  });
});
