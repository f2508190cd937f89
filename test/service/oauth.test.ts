import { rmSync } from 'node:fs';
import fc from 'fast-check';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  chromeRedirectUri,
  firefoxRedirectUri,
  oauthClientId,
} from '../../lib/contract/extension-identity.ts';
import { createUser } from '../../server/accounts/users.ts';
import { buildApp } from '../../server/app.ts';
import type { StoreConfig } from '../../server/context.ts';
import { freePort } from '../helpers/free-port.ts';
import { startTestStore, type TestStore, testPasswordCost } from '../helpers/store.ts';
import {
  allowHttp,
  authorize,
  browserFetch,
  CookieJar,
  discover,
  extensionClient,
  followRedirects,
  publicClientAuth,
  refresh,
  revoke,
  signIn,
} from '../helpers/tokens.ts';

/** Starts a listening store with its own users (the OAuth server does not need a catalog). */
async function oauthStore(config: Partial<StoreConfig> = {}): Promise<TestStore> {
  const store = await startTestStore({ seed: false, listen: true, config });
  await createUser(store.ctx.db, 'demo', 'demo', testPasswordCost);
  await createUser(store.ctx.db, 'second', 'second password', testPasswordCost);
  return store;
}

async function authorizationUrl(baseUrl: string, parameters: Record<string, string | undefined>) {
  const as = await discover(baseUrl);
  const url = new URL(as.authorization_endpoint as string);
  for (const [name, value] of Object.entries(parameters))
    if (value !== undefined) url.searchParams.set(name, value);
  return url;
}

/** Authorization parameters the extension sends, with a fresh PKCE pair and state. */
async function extensionRequest(overrides: Record<string, string | undefined> = {}) {
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const parameters: Record<string, string | undefined> = {
    client_id: oauthClientId,
    response_type: 'code',
    redirect_uri: chromeRedirectUri,
    code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state: oauth.generateRandomState(),
    ...overrides,
  };
  return { codeVerifier, parameters };
}

/** Opens the login page the way the sign-in window does. */
async function openLoginPage(
  baseUrl: string,
  jar = new CookieJar(),
  overrides: Record<string, string | undefined> = {},
) {
  const { parameters } = await extensionRequest(overrides);
  const start = await authorizationUrl(baseUrl, parameters);
  const { url, response } = await followRedirects(jar, await browserFetch(jar, start), start);
  return { jar, url, response, html: await response.text() };
}

function postForm(jar: CookieJar, url: URL, fields: Record<string, string>) {
  return browserFetch(jar, url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
}

const expectOAuthError = async (promise: Promise<unknown>, error: string) => {
  await expect(promise).rejects.toMatchObject({ error });
};

describe('OAuth authorization server', () => {
  let store: TestStore;
  let baseUrl: string;

  beforeAll(async () => {
    store = await oauthStore();
    baseUrl = store.baseUrl;
  });
  afterAll(() => store?.close());

  describe('discovery', () => {
    it('publishes RFC 8414 metadata naming every endpoint under /oauth/', async () => {
      const response = await fetch(`${baseUrl}/.well-known/oauth-authorization-server`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      const metadata = await response.json();
      expect(metadata).toMatchObject({
        issuer: baseUrl,
        authorization_endpoint: `${baseUrl}/oauth/authorize`,
        token_endpoint: `${baseUrl}/oauth/token`,
        revocation_endpoint: `${baseUrl}/oauth/revoke`,
        jwks_uri: `${baseUrl}/oauth/jwks`,
        userinfo_endpoint: `${baseUrl}/oauth/userinfo`,
        code_challenge_methods_supported: ['S256'],
        response_types_supported: ['code'],
      });
      expect(metadata.grant_types_supported).toEqual(
        expect.arrayContaining(['authorization_code', 'refresh_token']),
      );
      expect(metadata.token_endpoint_auth_methods_supported).toContain('none');
      expect(metadata.scopes_supported).toEqual(expect.arrayContaining(['store', 'openid', 'profile']));
      for (const [name, value] of Object.entries(metadata)) {
        if (name.endsWith('_endpoint') || name === 'jwks_uri') expect(value).toMatch(`${baseUrl}/oauth/`);
      }
    });

    it('keeps the OpenID configuration document, with the same issuer', async () => {
      const response = await fetch(`${baseUrl}/.well-known/openid-configuration`);
      expect(response.status).toBe(200);
      expect((await response.json()).issuer).toBe(baseUrl);
    });

    it('is what oauth4webapi discovers', async () => {
      const as = await discover(baseUrl);
      expect(as.issuer).toBe(baseUrl);
    });

    it('serves a public signing key set and no private key material', async () => {
      const jwks = await (await fetch(`${baseUrl}/oauth/jwks`)).json();
      expect(jwks.keys.length).toBeGreaterThan(0);
      for (const key of jwks.keys) expect(key).not.toHaveProperty('d');
    });
  });

  describe('sign-in', () => {
    it('completes the code flow with PKCE through the login page', async () => {
      const tokens = await signIn(baseUrl);
      expect(tokens.accessToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
      expect(tokens.refreshToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
      const user = await store.ctx.auth.verifyAccessToken(tokens.accessToken);
      expect(user).toMatchObject({ username: 'demo' });
      expect(user?.userId).toEqual(expect.any(Number));
    });

    it('accepts the Firefox redirect URI and the OpenID scopes the extension asks for', async () => {
      const tokens = await signIn(baseUrl, 'second', 'second password', {
        redirectUri: firefoxRedirectUri,
        scope: 'openid profile',
      });
      const response = await fetch(`${baseUrl}/oauth/userinfo`, {
        headers: { authorization: `Bearer ${tokens.accessToken}` },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ preferred_username: 'second' });
    });

    it('round-trips state and names the issuer in the redirect', async () => {
      const { parameters } = await extensionRequest({ state: 'state-with.odd~chars_123' });
      const callback = await authorize(baseUrl, 'demo', 'demo', parameters as Record<string, string>);
      expect(callback.origin + callback.pathname).toBe(chromeRedirectUri);
      expect(callback.searchParams.get('state')).toBe('state-with.odd~chars_123');
      expect(callback.searchParams.get('iss')).toBe(baseUrl);
      expect(callback.searchParams.get('code')).toBeTruthy();
    });

    it('shows a login form with username, password and one submit button, with a CSP', async () => {
      const { url, response, html } = await openLoginPage(baseUrl);
      expect(response.status).toBe(200);
      expect(url.pathname).toMatch(/^\/oauth\/interaction\/[\w-]+$/);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain('https://jlapbbmpodlhbnfagmiimaciidliffgp.chromiumapp.org');
      expect(html).toMatch(/^<!DOCTYPE html>/);
      expect(html).toMatch(/<form method="post"/);
      expect(html).toMatch(/<input[^>]*name="username"/);
      expect(html).toMatch(
        /<input[^>]*name="password"[^>]*type="password"|<input[^>]*type="password"[^>]*name="password"/,
      );
      expect(html.match(/<button/g)).toHaveLength(1);
      expect(html).toContain('prefers-color-scheme: dark');
      expect(html).toContain('name="viewport"');
    });

    it('shows the form again (200, so the browser auth flow goes on) with a message and the username kept after a wrong password', async () => {
      const { jar, url } = await openLoginPage(baseUrl);
      const response = await postForm(jar, url, { username: 'demo', password: 'not the password' });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toMatch(/role="alert"[^>]*>Wrong username or password/);
      expect(html).toMatch(/name="username"[^>]*value="demo"|value="demo"[^>]*name="username"/);
      expect(html).not.toContain('not the password');

      // The same window can then sign in with the right password.
      const done = await followRedirects(
        jar,
        await postForm(jar, url, { username: 'demo', password: 'demo' }),
        url,
      );
      expect(done.url.searchParams.get('code')).toBeTruthy();
    });

    it('shows the form with a message for an unknown user or missing fields', async () => {
      const { jar, url } = await openLoginPage(baseUrl);
      const attempts: Record<string, string>[] = [
        { username: 'nobody', password: 'demo' },
        { username: '<script>', password: 'x' },
        { username: 'demo' },
        { password: 'demo' },
        {},
      ];
      for (const fields of attempts) {
        const response = await postForm(jar, url, fields);
        expect(response.status).toBe(200);
        const html = await response.text();
        expect(html).toMatch(/role="alert"/);
        expect(html).toMatch(/<form method="post"/);
        expect(html).not.toContain('<script>');
      }
    });

    it('asks for the password again when the client asks to sign in afresh (prompt=login), even with the session cookies', async () => {
      const jar = new CookieJar();
      const first = await openLoginPage(baseUrl, jar);
      await followRedirects(
        jar,
        await postForm(jar, first.url, { username: 'demo', password: 'demo' }),
        first.url,
      );
      const again = await openLoginPage(baseUrl, jar, { prompt: 'login' });
      expect(again.url.pathname).toMatch(/^\/oauth\/interaction\//);
      expect(again.html).toMatch(/name="password"/);
    });

    it('signs in once: the OAuth login also signs in on the website, and the next authorization needs no password', async () => {
      const jar = new CookieJar();
      const first = await openLoginPage(baseUrl, jar);
      await followRedirects(
        jar,
        await postForm(jar, first.url, { username: 'demo', password: 'demo' }),
        first.url,
      );
      const site = await browserFetch(jar, `${baseUrl}/`);
      expect(await site.text()).toMatch(/<span class="username"[^>]*>demo</);

      const start = await authorizationUrl(baseUrl, (await extensionRequest()).parameters);
      const again = await followRedirects(jar, await browserFetch(jar, start), start);
      expect(again.url.origin + again.url.pathname).toBe(chromeRedirectUri);
      expect(again.url.searchParams.get('code')).toBeTruthy();
    });

    it('signs in once: a browser signed in on the website gets a code without the password', async () => {
      const jar = new CookieJar();
      const form = await browserFetch(jar, `${baseUrl}/sign-in`);
      const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())?.[1] as string;
      const signedIn = await postForm(jar, new URL(`${baseUrl}/sign-in`), {
        username: 'second',
        password: 'second password',
        csrf,
        return: '/',
      });
      expect(signedIn.status).toBe(303);

      const { codeVerifier, parameters } = await extensionRequest();
      const start = await authorizationUrl(baseUrl, parameters);
      const done = await followRedirects(jar, await browserFetch(jar, start), start);
      expect(done.url.origin + done.url.pathname).toBe(chromeRedirectUri);
      const as = await discover(baseUrl);
      const callback = oauth.validateAuthResponse(as, extensionClient, done.url, parameters.state);
      const tokens = await oauth.processAuthorizationCodeResponse(
        as,
        extensionClient,
        await oauth.authorizationCodeGrantRequest(
          as,
          extensionClient,
          publicClientAuth,
          callback,
          chromeRedirectUri,
          codeVerifier,
          allowHttp,
        ),
      );
      expect(await store.ctx.auth.verifyAccessToken(tokens.access_token)).toMatchObject({
        username: 'second',
      });
    });

    it('lets a second user sign in in the same browser window', async () => {
      const jar = new CookieJar();
      const first = await openLoginPage(baseUrl, jar);
      const firstDone = await followRedirects(
        jar,
        await postForm(jar, first.url, { username: 'demo', password: 'demo' }),
        first.url,
      );
      expect(firstDone.url.searchParams.get('code')).toBeTruthy();

      const second = await openLoginPage(baseUrl, jar, { prompt: 'login' });
      let step = await followRedirects(
        jar,
        await postForm(jar, second.url, { username: 'second', password: 'second password' }),
        second.url,
      );
      // oidc-provider ends the first user's session with an auto-submitted form, then resumes.
      if (step.url.origin === baseUrl && step.response.status === 200) {
        const html = await step.response.text();
        const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] as string;
        const fields = Object.fromEntries(
          [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]),
        );
        const target = new URL(action.replaceAll('&amp;', '&'), step.url);
        step = await followRedirects(jar, await postForm(jar, target, fields), target);
      }
      expect(step.url.origin + step.url.pathname).toBe(chromeRedirectUri);
      expect(step.url.searchParams.get('code')).toBeTruthy();
    });

    it('answers an expired or unknown interaction with a page, not an error', async () => {
      const response = await fetch(`${baseUrl}/oauth/interaction/does-not-exist`);
      expect(response.status).toBe(400);
      expect(await response.text()).toMatch(/expired/);
      const posted = await fetch(`${baseUrl}/oauth/interaction/does-not-exist`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'username=demo&password=demo',
      });
      expect(posted.status).toBe(400);
    });
  });

  describe('authorization request checks', () => {
    async function firstHop(parameters: Record<string, string | undefined>) {
      const url = await authorizationUrl(baseUrl, parameters);
      const response = await fetch(url, { redirect: 'manual' });
      const location = response.headers.get('location');
      return { response, location: location ? new URL(location, baseUrl) : undefined };
    }

    it('refuses a request without PKCE', async () => {
      const { parameters } = await extensionRequest({
        code_challenge: undefined,
        code_challenge_method: undefined,
      });
      const { location } = await firstHop(parameters);
      expect(location?.origin + (location?.pathname ?? '')).toBe(chromeRedirectUri);
      expect(location?.searchParams.get('error')).toBe('invalid_request');
      expect(location?.searchParams.get('state')).toBe(parameters.state);
    });

    it('refuses the plain PKCE method', async () => {
      const { parameters } = await extensionRequest({
        code_challenge: 'a'.repeat(43),
        code_challenge_method: 'plain',
      });
      const { location } = await firstHop(parameters);
      expect(location?.searchParams.get('error')).toBe('invalid_request');
    });

    it('refuses an unknown redirect URI without redirecting to it', async () => {
      const { parameters } = await extensionRequest({ redirect_uri: 'https://evil.example/callback' });
      const { response, location } = await firstHop(parameters);
      expect(response.status).toBe(400);
      expect(location).toBeUndefined();
      const html = await response.text();
      expect(html).toContain('redirect_uri');
      expect(html).not.toMatch(/\.js:\d+|node_modules/);
    });

    it('refuses an unknown client', async () => {
      const { parameters } = await extensionRequest({ client_id: 'someone-else' });
      const { response } = await firstHop(parameters);
      expect(response.status).toBe(400);
    });

    it('refuses response types other than code', async () => {
      const { parameters } = await extensionRequest({ response_type: 'token' });
      const { location } = await firstHop(parameters);
      // Implicit-style responses carry their parameters in the fragment.
      expect(new URLSearchParams(location?.hash.slice(1)).get('error')).toBe('unsupported_response_type');
    });

    it('refuses a code exchanged with the wrong verifier', async () => {
      const { parameters } = await extensionRequest();
      const callback = await authorize(baseUrl, 'demo', 'demo', parameters as Record<string, string>);
      const as = await discover(baseUrl);
      const params = oauth.validateAuthResponse(as, extensionClient, callback, parameters.state as string);
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        extensionClient,
        publicClientAuth,
        params,
        chromeRedirectUri,
        oauth.generateRandomCodeVerifier(),
        allowHttp,
      );
      await expectOAuthError(
        oauth.processAuthorizationCodeResponse(as, extensionClient, response),
        'invalid_grant',
      );
    });
  });

  describe('tokens', () => {
    it('rotates the refresh token on every use', async () => {
      const first = await signIn(baseUrl);
      const second = await refresh(baseUrl, first.refreshToken);
      expect(second.refreshToken).not.toBe(first.refreshToken);
      expect(second.accessToken).not.toBe(first.accessToken);
      expect(await store.ctx.auth.verifyAccessToken(second.accessToken)).toMatchObject({ username: 'demo' });
      const third = await refresh(baseUrl, second.refreshToken);
      expect(await store.ctx.auth.verifyAccessToken(third.accessToken)).toMatchObject({ username: 'demo' });
    });

    it('revokes the whole grant when a used refresh token comes back', async () => {
      const first = await signIn(baseUrl);
      const second = await refresh(baseUrl, first.refreshToken);
      await expectOAuthError(refresh(baseUrl, first.refreshToken), 'invalid_grant');
      // The thief's replay also ends the legitimate holder's tokens.
      expect(await store.ctx.auth.verifyAccessToken(second.accessToken)).toBeNull();
      expect(await store.ctx.auth.verifyAccessToken(first.accessToken)).toBeNull();
      await expectOAuthError(refresh(baseUrl, second.refreshToken), 'invalid_grant');
    });

    it('leaves other sign-ins alone when one grant is revoked', async () => {
      const other = await signIn(baseUrl);
      const victim = await signIn(baseUrl);
      await refresh(baseUrl, victim.refreshToken);
      await expectOAuthError(refresh(baseUrl, victim.refreshToken), 'invalid_grant');
      expect(await store.ctx.auth.verifyAccessToken(other.accessToken)).toMatchObject({ username: 'demo' });
      await refresh(baseUrl, other.refreshToken);
    });

    it('ends the grant when the refresh token is revoked (sign-out)', async () => {
      const tokens = await signIn(baseUrl);
      await revoke(baseUrl, tokens.refreshToken);
      await expectOAuthError(refresh(baseUrl, tokens.refreshToken), 'invalid_grant');
      expect(await store.ctx.auth.verifyAccessToken(tokens.accessToken)).toBeNull();
    });

    it('revokes an access token, and with it the tokens of its grant (RFC 7009 section 2.1)', async () => {
      const tokens = await signIn(baseUrl);
      await revoke(baseUrl, tokens.accessToken);
      expect(await store.ctx.auth.verifyAccessToken(tokens.accessToken)).toBeNull();
      await expectOAuthError(refresh(baseUrl, tokens.refreshToken), 'invalid_grant');
    });

    it('answers revocation of an unknown token with success (RFC 7009)', async () => {
      await revoke(baseUrl, 'no-such-token');
    });

    it('does not accept refresh tokens, codes or garbage as access tokens', async () => {
      const tokens = await signIn(baseUrl);
      for (const value of [tokens.refreshToken, '', 'x', 'a'.repeat(5000), `${tokens.accessToken}x`]) {
        expect(await store.ctx.auth.verifyAccessToken(value)).toBeNull();
      }
    });

    it('refuses a refresh token of another client', async () => {
      const tokens = await signIn(baseUrl);
      const as = await discover(baseUrl);
      const response = await oauth.refreshTokenGrantRequest(
        as,
        { client_id: 'someone-else', token_endpoint_auth_method: 'none' },
        publicClientAuth,
        tokens.refreshToken,
        allowHttp,
      );
      expect(response.status).toBe(401);
      expect((await response.json()).error).toBe('invalid_client');
    });
  });

  describe('robustness', () => {
    const endpoints = [
      'authorize',
      'token',
      'revoke',
      'jwks',
      'userinfo',
      'end-session',
      'interaction/x',
      'nope',
    ];
    const bodies = fc.oneof(
      fc.string(),
      fc
        .dictionary(
          fc.constantFrom(
            'grant_type',
            'code',
            'refresh_token',
            'token',
            'client_id',
            'redirect_uri',
            'code_verifier',
            'username',
            'password',
            'scope',
            'state',
            'response_type',
          ),
          fc.oneof(
            fc.string(),
            fc.constantFrom('authorization_code', 'refresh_token', oauthClientId, chromeRedirectUri, 'S256'),
          ),
        )
        .map((fields) => new URLSearchParams(fields).toString()),
    );

    it('never answers 500 or shows internals, whatever arrives', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...endpoints),
          fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'),
          fc.constantFrom(
            'application/x-www-form-urlencoded',
            'application/json',
            'text/plain',
            'multipart/form-data',
          ),
          bodies,
          async (endpoint, method, contentType, body) => {
            const url = `${baseUrl}/oauth/${endpoint}${method === 'GET' ? `?${body}` : ''}`;
            const response = await fetch(url, {
              method,
              redirect: 'manual',
              headers: { 'content-type': contentType, authorization: `Bearer ${body.slice(0, 40)}` },
              body: method === 'GET' ? undefined : body,
            });
            const text = await response.text();
            expect(response.status, `${method} ${url} ${body}`).toBeLessThan(500);
            expect(text).not.toMatch(/\.js:\d+|node_modules|SQLITE/);
          },
        ),
        { numRuns: 150 },
      );
    });

    it('survives malformed requests to the token endpoint', async () => {
      const cases: RequestInit[] = [
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"grant_type":' },
        { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '%%%' },
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'a'.repeat(200_000),
        },
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `grant_type=refresh_token&client_id=${oauthClientId}&refresh_token=${'x'.repeat(3000)}`,
        },
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `grant_type=authorization_code&grant_type=refresh_token&client_id=${oauthClientId}`,
        },
      ];
      for (const init of cases) {
        const response = await fetch(`${baseUrl}/oauth/token`, init);
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
        const body = await response.text();
        if (response.headers.get('content-type')?.includes('json'))
          expect(JSON.parse(body)).toHaveProperty('error');
      }
    });

    it('refuses a garbage bearer token at userinfo with 401', async () => {
      const response = await fetch(`${baseUrl}/oauth/userinfo`, {
        headers: { authorization: 'Bearer garbage' },
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/invalid_token/);
    });
  });
});

describe('OAuth token lifetimes', () => {
  let store: TestStore;
  // Token times are whole seconds, so a token lives between TTL - 1 and TTL seconds: a TTL of 2
  // keeps a fresh one valid for the checks right after it is issued.
  // The store's clock is faked (Date only: its timers and sockets run as ever) and moved on.
  const later = (ms: number) => vi.setSystemTime(Date.now() + ms);
  beforeAll(async () => {
    store = await oauthStore({ accessTokenTtlSeconds: 2, refreshTokenTtlSeconds: 4 });
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await store?.close();
  });

  it('refuses an access token once it expires', async () => {
    const tokens = await signIn(store.baseUrl);
    expect(await store.ctx.auth.verifyAccessToken(tokens.accessToken)).not.toBeNull();
    later(2100);
    expect(await store.ctx.auth.verifyAccessToken(tokens.accessToken)).toBeNull();
    const response = await fetch(`${store.baseUrl}/oauth/userinfo`, {
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(response.status).toBe(401);
  });

  it('refuses a refresh token once the sign-in expires, rotation or not', async () => {
    const tokens = await signIn(store.baseUrl);
    later(1100);
    const renewed = await refresh(store.baseUrl, tokens.refreshToken);
    expect(await store.ctx.auth.verifyAccessToken(renewed.accessToken)).not.toBeNull();
    later(3000);
    await expectOAuthError(refresh(store.baseUrl, renewed.refreshToken), 'invalid_grant');
  });
});

describe('OAuth login attempts', () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await oauthStore({ signInLimits: { windowSeconds: 60, perAccount: 2, perAddress: 10 } });
  });
  afterAll(() => store?.close());

  it('keeps the form (200, with Retry-After) and says when to try again, after too many wrong passwords', async () => {
    const { jar, url } = await openLoginPage(store.baseUrl);
    for (let i = 0; i < 2; i++) {
      const wrong = await postForm(jar, url, { username: 'demo', password: `guess ${i}` });
      expect(wrong.status).toBe(200);
      expect(await wrong.text()).toMatch(/role="alert"[^>]*>Wrong username or password/);
    }
    const held = await postForm(jar, url, { username: 'demo', password: 'demo' });
    expect(held.status).toBe(200);
    // The right password is refused while held: no code comes back.
    expect(held.headers.get('location')).toBeNull();
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(held.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    const html = await held.text();
    expect(html).toMatch(/role="alert"[^>]*>Too many attempts to sign in\. Try again in a minute\./);
    expect(html).toMatch(/<form method="post"/);
    expect(html).toMatch(/name="username"[^>]*value="demo"|value="demo"[^>]*name="username"/);

    // Another account is not held up by demo's attempts.
    const second = await openLoginPage(store.baseUrl);
    const done = await followRedirects(
      second.jar,
      await postForm(second.jar, second.url, { username: 'second', password: 'second password' }),
      second.url,
    );
    expect(done.url.searchParams.get('code')).toBeTruthy();
  });
});

describe('OAuth server state', () => {
  it('keeps its keys and tokens across a restart, and makes new keys for a new store', async () => {
    const store = await oauthStore();
    const tokens = await signIn(store.baseUrl);
    const jwks = await (await fetch(`${store.baseUrl}/oauth/jwks`)).json();
    const other = await oauthStore();
    const otherJwks = await (await fetch(`${other.baseUrl}/oauth/jwks`)).json();
    await other.close();
    expect(otherJwks.keys[0].kid).not.toBe(jwks.keys[0].kid);

    await store.app.close();
    // A new port: the test's HTTP client would otherwise reuse sockets of the closed server.
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const restarted = await buildApp({ dbPath: store.dbPath, config: { ...store.ctx.config, baseUrl } });
    try {
      await restarted.app.listen({ port, host: '127.0.0.1' });
      expect(await restarted.ctx.auth.verifyAccessToken(tokens.accessToken)).toMatchObject({
        username: 'demo',
      });
      expect(await (await fetch(`${baseUrl}/oauth/jwks`)).json()).toEqual(jwks);
      await refresh(baseUrl, tokens.refreshToken);
    } finally {
      await restarted.app.close();
      rmSync(store.dir, { recursive: true, force: true });
    }
  });
});
