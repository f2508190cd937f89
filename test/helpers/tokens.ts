/**
 * Real OAuth tokens for service tests: the extension's authorization code flow with PKCE, run
 * over HTTP with oauth4webapi (the library the extension uses) against a listening test store.
 */
import * as oauth from 'oauth4webapi';
import { chromeRedirectUri, oauthClientId } from '../../lib/contract/extension-identity.ts';

export const extensionClient: oauth.Client = { client_id: oauthClientId, token_endpoint_auth_method: 'none' };
export const publicClientAuth = oauth.None();
/** Test stores listen on http://127.0.0.1; oauth4webapi wants HTTPS unless told otherwise. */
export const allowHttp = { [oauth.allowInsecureRequests]: true } as const;

const discovered = new Map<string, Promise<oauth.AuthorizationServer>>();

/** The store's RFC 8414 metadata, fetched once per store. */
export function discover(baseUrl: string): Promise<oauth.AuthorizationServer> {
  let metadata = discovered.get(baseUrl);
  if (!metadata) {
    const issuer = new URL(baseUrl);
    metadata = oauth
      .discoveryRequest(issuer, { algorithm: 'oauth2', ...allowHttp })
      .then((response) => oauth.processDiscoveryResponse(issuer, response));
    metadata.catch(() => discovered.delete(baseUrl));
    discovered.set(baseUrl, metadata);
  }
  return metadata;
}

/** The cookies of one browser window, sent to the store only. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key, date] = attribute.trim().split('=');
        return key?.toLowerCase() === 'expires' && date !== undefined && Date.parse(date) <= Date.now();
      });
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** A browser-like request that keeps cookies and does not follow redirects. */
export async function browserFetch(
  jar: CookieJar,
  url: string | URL,
  init: RequestInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.header();
  if (cookie) headers.set('cookie', cookie);
  const response = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar.store(response);
  return response;
}

/**
 * Follows redirects on the store until one leaves it (the redirect URI, which is never fetched)
 * or a page answers. Returns that final URL and the last response.
 */
export async function followRedirects(
  jar: CookieJar,
  response: Response,
  from: string | URL,
): Promise<{ url: URL; response: Response }> {
  let url = new URL(from);
  for (let hops = 0; hops < 10; hops++) {
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return { url, response };
    await response.body?.cancel();
    const next = new URL(location, url);
    if (next.origin !== url.origin) return { url: next, response };
    url = next;
    response = await browserFetch(jar, url);
  }
  throw new Error(`Too many redirects, the last to ${url}`);
}

export interface SignInOptions {
  redirectUri?: string;
  scope?: string;
}

/**
 * Runs the authorization step the way the extension's sign-in window does, and returns the URL
 * the store finally redirects to (carrying `code` and `state`, or an OAuth error).
 * Throws with the login page's text when the store shows the form again.
 */
export async function authorize(
  baseUrl: string,
  username: string,
  password: string,
  parameters: Record<string, string>,
): Promise<URL> {
  const as = await discover(baseUrl);
  const authorizationUrl = new URL(as.authorization_endpoint as string);
  for (const [name, value] of Object.entries(parameters)) authorizationUrl.searchParams.set(name, value);

  const jar = new CookieJar();
  const login = await followRedirects(jar, await browserFetch(jar, authorizationUrl), authorizationUrl);
  if (login.url.origin !== new URL(baseUrl).origin) return login.url;
  if (login.response.status !== 200) {
    throw new Error(`The store answered the authorization request with ${login.response.status}.`);
  }
  await login.response.body?.cancel();

  const submitted = await browserFetch(jar, login.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }),
  });
  const done = await followRedirects(jar, submitted, login.url);
  if (done.url.origin === new URL(baseUrl).origin) {
    const page = await done.response.text();
    const message = /role="alert"[^>]*>([^<]*)</.exec(page)?.[1];
    throw new Error(
      `Sign-in as ${username} failed (${done.response.status}): ${message ?? page.slice(0, 200)}`,
    );
  }
  return done.url;
}

/** Signs in with username and password and returns the extension's tokens. */
export async function signIn(
  baseUrl: string,
  username = 'demo',
  password = 'demo',
  { redirectUri = chromeRedirectUri, scope }: SignInOptions = {},
): Promise<{ accessToken: string; refreshToken: string }> {
  const as = await discover(baseUrl);
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const callbackUrl = await authorize(baseUrl, username, password, {
    client_id: extensionClient.client_id,
    response_type: 'code',
    redirect_uri: redirectUri,
    code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    ...(scope ? { scope } : {}),
  });

  const callbackParameters = oauth.validateAuthResponse(as, extensionClient, callbackUrl, state);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    extensionClient,
    publicClientAuth,
    callbackParameters,
    redirectUri,
    codeVerifier,
    allowHttp,
  );
  const tokens = await oauth.processAuthorizationCodeResponse(as, extensionClient, response);
  if (!tokens.refresh_token) throw new Error('The store issued no refresh token.');
  return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token };
}

/** Exchanges a refresh token for new tokens (the store rotates the refresh token each time). */
export async function refresh(
  baseUrl: string,
  refreshToken: string,
): Promise<{ accessToken: string; refreshToken: string }> {
  const as = await discover(baseUrl);
  const response = await oauth.refreshTokenGrantRequest(
    as,
    extensionClient,
    publicClientAuth,
    refreshToken,
    allowHttp,
  );
  const tokens = await oauth.processRefreshTokenResponse(as, extensionClient, response);
  if (!tokens.refresh_token) throw new Error('The store issued no refresh token.');
  return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token };
}

/** Revokes a token at the store's revocation endpoint (RFC 7009). */
export async function revoke(baseUrl: string, token: string): Promise<void> {
  const as = await discover(baseUrl);
  const response = await oauth.revocationRequest(as, extensionClient, publicClientAuth, token, allowHttp);
  await oauth.processRevocationResponse(response);
}
