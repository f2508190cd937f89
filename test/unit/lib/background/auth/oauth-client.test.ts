import { describe, expect, it, vi } from 'vitest';
import {
  type AuthorizationServer,
  authorizationRequest,
  completeAuthorization,
  discover,
  RefreshRefusedError,
  refreshTokens,
} from '../../../../../lib/background/auth/oauth-client.ts';
import { StoreError } from '../../../../../lib/protocol/store-error.ts';

const redirectUri = 'https://jlapbbmpodlhbnfagmiimaciidliffgp.chromiumapp.org/';

function metadata(issuer: string): AuthorizationServer {
  return {
    issuer,
    authorization_endpoint: `${issuer}/oauth/authorize`,
    token_endpoint: `${issuer}/oauth/token`,
    revocation_endpoint: `${issuer}/oauth/revoke`,
    scopes_supported: ['store', 'openid', 'profile'],
    code_challenge_methods_supported: ['S256'],
  };
}

const answering = (body: unknown, status = 200) =>
  vi.fn(async () => Response.json(body, { status })) as unknown as typeof fetch;

describe('discovery', () => {
  it('reads a loopback store over plain http', async () => {
    const fetch = answering(metadata('http://127.0.0.1:8787'));
    expect((await discover('http://127.0.0.1:8787', { fetch })).token_endpoint).toBe(
      'http://127.0.0.1:8787/oauth/token',
    );
    expect(String(vi.mocked(fetch).mock.calls[0]?.[0])).toBe(
      'http://127.0.0.1:8787/.well-known/oauth-authorization-server',
    );
  });

  it('refuses plain http to any other host without asking it', async () => {
    const fetch = answering(metadata('http://store.example.com'));
    await expect(discover('http://store.example.com', { fetch })).rejects.toThrow(/https/);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses metadata naming another issuer', async () => {
    const fetch = answering(metadata('http://127.0.0.1:9999'));
    await expect(discover('http://127.0.0.1:8787', { fetch })).rejects.toBeInstanceOf(StoreError);
  });

  it('says the store is down when nothing answers', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof globalThis.fetch;
    await expect(discover('http://127.0.0.1:8787', { fetch, isOnline: () => true })).rejects.toMatchObject({
      kind: 'storeDown',
    });
  });

  it('says the browser withholds access, not that the store is down, when host access is missing', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof globalThis.fetch;
    const hasHostAccess = vi.fn(async () => false);
    await expect(discover('http://127.0.0.1:8787', { fetch, hasHostAccess })).rejects.toMatchObject({
      kind: 'noAccess',
      message:
        'Your browser does not let Crate reach http://127.0.0.1:8787. Allow access to it from the Crate popup.',
    });
    expect(hasHostAccess).toHaveBeenCalledWith('http://127.0.0.1:8787');
  });
});

describe('the authorization request', () => {
  it('asks for a code with S256 PKCE, state and the scopes the store offers', async () => {
    const request = await authorizationRequest(metadata('http://127.0.0.1:8787'), redirectUri);
    const url = new URL(request.url);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'crate-extension',
      redirect_uri: redirectUri,
      response_type: 'code',
      code_challenge_method: 'S256',
      state: request.state,
      scope: 'store openid profile',
    });
    expect(url.searchParams.get('code_challenge')).not.toBe(request.codeVerifier);
  });

  it('asks the store for the password (prompt=login) only to sign in as another account', async () => {
    const as = metadata('http://127.0.0.1:8787');
    const usual = new URL((await authorizationRequest(as, redirectUri)).url);
    expect(usual.searchParams.has('prompt')).toBe(false);
    const another = new URL((await authorizationRequest(as, redirectUri, { anotherAccount: true })).url);
    expect(another.searchParams.get('prompt')).toBe('login');
  });

  it('refuses a redirect whose state does not match, before any token request', async () => {
    const as = metadata('http://127.0.0.1:8787');
    const request = await authorizationRequest(as, redirectUri);
    const fetch = answering({});
    const forged = `${redirectUri}?code=stolen&state=someone-else&iss=${encodeURIComponent(as.issuer)}`;
    await expect(completeAuthorization(as, request, forged, { fetch })).rejects.toMatchObject({
      kind: 'invalidResponse',
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('reports a cancelled sign-in', async () => {
    const as = metadata('http://127.0.0.1:8787');
    const request = await authorizationRequest(as, redirectUri);
    const denied = `${redirectUri}?error=access_denied&state=${request.state}&iss=${encodeURIComponent(as.issuer)}`;
    await expect(completeAuthorization(as, request, denied)).rejects.toMatchObject({
      message: 'Sign-in was cancelled.',
    });
  });
});

describe('refresh', () => {
  it('turns invalid_grant into RefreshRefusedError', async () => {
    const fetch = answering({ error: 'invalid_grant', error_description: 'grant request is invalid' }, 400);
    await expect(refreshTokens(metadata('http://127.0.0.1:8787'), 'used', { fetch })).rejects.toBeInstanceOf(
      RefreshRefusedError,
    );
  });

  it('returns the rotated tokens', async () => {
    const fetch = answering({
      access_token: 'a2',
      refresh_token: 'r2',
      token_type: 'Bearer',
      expires_in: 600,
    });
    expect(await refreshTokens(metadata('http://127.0.0.1:8787'), 'r1', { fetch })).toEqual({
      accessToken: 'a2',
      refreshToken: 'r2',
      expiresIn: 600,
    });
  });

  it('keeps the session when the store is busy', async () => {
    const fetch = answering({ error: 'rate_limited' }, 429);
    await expect(refreshTokens(metadata('http://127.0.0.1:8787'), 'r1', { fetch })).rejects.toMatchObject({
      kind: 'rateLimited',
    });
  });

  it('keeps the session when the store fails', async () => {
    const fetch = answering({ error: 'server_error' }, 503);
    const error = await refreshTokens(metadata('http://127.0.0.1:8787'), 'r1', { fetch }).catch(
      (caught) => caught,
    );
    expect(error).not.toBeInstanceOf(RefreshRefusedError);
  });
});
