/**
 * The extension as an OAuth 2.0 public client of the store (contract.md section 3), on top of
 * oauth4webapi: discovery (RFC 8414), authorization code with PKCE (S256) and state, refresh,
 * revocation (RFC 7009) and the username from the userinfo endpoint.
 */

import * as oauth from 'oauth4webapi';
import { i18n } from '#i18n';
import { oauthClientId } from '../../contract/extension-identity.ts';
import { isLoopbackHost } from '../../contract/store-hosts.ts';
import { messages, noAccess, StoreError, unreachable } from '../../protocol/store-error.ts';

export type AuthorizationServer = oauth.AuthorizationServer;

export interface TokenSet {
  accessToken: string;
  /** Absent when the store did not rotate it; the old one stays valid then. */
  refreshToken?: string;
  /** Seconds. */
  expiresIn: number;
}

/** The store refused the refresh token (used, revoked, expired): the session is over. */
export class RefreshRefusedError extends Error {
  constructor(readonly oauthError: string) {
    super(`The store refused the refresh token (${oauthError}).`);
    this.name = 'RefreshRefusedError';
  }
}

/** Token endpoint errors that mean this refresh token will never work again (RFC 6749 5.2). */
const refusals = new Set(['invalid_grant', 'invalid_client', 'unauthorized_client']);

const client: oauth.Client = { client_id: oauthClientId, token_endpoint_auth_method: 'none' };
const clientAuth = oauth.None();
const requestTimeoutMs = 10_000;

/**
 * Scopes asked for, each only when the store's metadata lists it: `store` (the cart and download
 * API), `openid` and `profile` (the username from userinfo), `offline_access` (a refresh token,
 * where a store issues one only on request).
 */
const wantedScopes = ['store', 'openid', 'profile', 'offline_access'];

export interface OAuthOptions {
  fetch?: typeof fetch;
  isOnline?: () => boolean;
  /** Whether the browser lets the extension reach the store (lib/permissions/host-access.ts). */
  hasHostAccess?: (storeUrl: string) => Promise<boolean>;
}

/**
 * oauth4webapi refuses plain http; the local store speaks it on the loopback interface, where
 * nothing travels over a network. Any other http store stays refused.
 */
function requestOptions(storeUrl: string, options: OAuthOptions) {
  const url = new URL(storeUrl);
  return {
    [oauth.allowInsecureRequests]: url.protocol === 'http:' && isLoopbackHost(url.hostname),
    ...(options.fetch ? { [oauth.customFetch]: options.fetch } : {}),
    signal: () => AbortSignal.timeout(requestTimeoutMs),
  };
}

/** Runs an OAuth request, turning network failures into the same errors the API client gives. */
async function reach<T>(storeUrl: string, options: OAuthOptions, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new StoreError({ kind: 'timeout', message: messages.timeout });
    }
    if (error instanceof TypeError && !('code' in error)) {
      // Blocked by the browser for want of host access: not a store that does not answer.
      if (options.hasHostAccess && !(await options.hasHostAccess(storeUrl).catch(() => true))) {
        throw noAccess(storeUrl);
      }
      throw unreachable(storeUrl, (options.isOnline ?? (() => globalThis.navigator?.onLine !== false))());
    }
    throw error;
  }
}

/** The store's authorization server metadata; fails with a readable message for a non-store. */
export async function discover(storeUrl: string, options: OAuthOptions = {}): Promise<AuthorizationServer> {
  const issuer = new URL(storeUrl);
  if (issuer.protocol === 'http:' && !isLoopbackHost(issuer.hostname)) {
    throw new StoreError({
      kind: 'badRequest',
      message: i18n.t('storeErrors.needsHttps'),
    });
  }
  return reach(storeUrl, options, async () => {
    try {
      const response = await oauth.discoveryRequest(issuer, {
        algorithm: 'oauth2',
        ...requestOptions(storeUrl, options),
      });
      return await oauth.processDiscoveryResponse(issuer, response);
    } catch (error) {
      if (error instanceof oauth.OperationProcessingError) {
        throw new StoreError({
          kind: 'invalidResponse',
          message: `${storeUrl} does not look like a store: its sign-in settings (/.well-known/oauth-authorization-server) are missing or wrong.`,
        });
      }
      throw error;
    }
  });
}

export interface AuthorizationRequest {
  url: string;
  state: string;
  codeVerifier: string;
  redirectUri: string;
}

/** Where to send the person to sign in, with fresh PKCE and state values. */
export async function authorizationRequest(
  as: AuthorizationServer,
  redirectUri: string,
  { anotherAccount = false } = {},
): Promise<AuthorizationRequest> {
  if (!as.authorization_endpoint)
    throw new StoreError({ kind: 'invalidResponse', message: messages.invalidResponse });
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint);
  url.searchParams.set('client_id', client.client_id);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', state);
  const scopes = wantedScopes.filter((scope) => as.scopes_supported?.includes(scope));
  if (scopes.length > 0) url.searchParams.set('scope', scopes.join(' '));
  // Otherwise the store may sign in whoever is signed in on its website (docs/api.md).
  if (anotherAccount) url.searchParams.set('prompt', 'login');
  return { url: url.href, state, codeVerifier, redirectUri };
}

function tokenSet(response: oauth.TokenEndpointResponse): TokenSet {
  return {
    accessToken: response.access_token,
    refreshToken: response.refresh_token,
    expiresIn: response.expires_in ?? 600,
  };
}

/** Checks the redirect (state, error) and trades the code for tokens. */
export async function completeAuthorization(
  as: AuthorizationServer,
  request: AuthorizationRequest,
  redirectedTo: string,
  options: OAuthOptions = {},
): Promise<TokenSet & { refreshToken: string; subject?: string }> {
  let callback: URLSearchParams;
  try {
    callback = oauth.validateAuthResponse(as, client, new URL(redirectedTo), request.state);
  } catch (error) {
    const refused = error instanceof oauth.AuthorizationResponseError && error.error === 'access_denied';
    throw new StoreError({
      kind: refused ? 'forbidden' : 'invalidResponse',
      message: refused ? i18n.t('storeErrors.signInCancelled') : i18n.t('storeErrors.signInMismatch'),
    });
  }
  const storeUrl = as.issuer;
  return reach(storeUrl, options, async () => {
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      clientAuth,
      callback,
      request.redirectUri,
      request.codeVerifier,
      requestOptions(storeUrl, options),
    );
    const result = await oauth.processAuthorizationCodeResponse(as, client, response);
    if (!result.refresh_token) {
      throw new StoreError({
        kind: 'invalidResponse',
        message: i18n.t('storeErrors.noLastingSignIn'),
      });
    }
    return {
      ...tokenSet(result),
      refreshToken: result.refresh_token,
      subject: oauth.getValidatedIdTokenClaims(result)?.sub,
    };
  });
}

/** A new access token (and, with rotation, a new refresh token). */
export async function refreshTokens(
  as: AuthorizationServer,
  refreshToken: string,
  options: OAuthOptions = {},
): Promise<TokenSet> {
  return reach(as.issuer, options, async () => {
    const response = await oauth.refreshTokenGrantRequest(
      as,
      client,
      clientAuth,
      refreshToken,
      requestOptions(as.issuer, options),
    );
    try {
      return tokenSet(await oauth.processRefreshTokenResponse(as, client, response));
    } catch (error) {
      if (error instanceof oauth.ResponseBodyError && refusals.has(error.error)) {
        throw new RefreshRefusedError(error.error);
      }
      if (error instanceof oauth.ResponseBodyError && response.status === 429) {
        throw new StoreError({ kind: 'rateLimited', message: messages.rateLimited(60), status: 429 });
      }
      if (error instanceof oauth.OperationProcessingError && response.status >= 500) {
        throw new StoreError({
          kind: 'storeDown',
          message: messages.storeDown(as.issuer),
          status: response.status,
        });
      }
      throw error;
    }
  });
}

/** Ends the grant at the store (RFC 7009). */
export async function revoke(as: AuthorizationServer, refreshToken: string, options: OAuthOptions = {}) {
  if (!as.revocation_endpoint) return;
  await reach(as.issuer, options, async () => {
    const response = await oauth.revocationRequest(as, client, clientAuth, refreshToken, {
      ...requestOptions(as.issuer, options),
      additionalParameters: { token_type_hint: 'refresh_token' },
    });
    await oauth.processRevocationResponse(response);
  });
}

/**
 * The name to show for the signed-in person: `preferred_username`, else `name`, else `sub`, from
 * the userinfo endpoint; null when the store has none.
 */
export async function fetchUsername(
  as: AuthorizationServer,
  accessToken: string,
  subject: string | undefined,
  options: OAuthOptions = {},
): Promise<string | null> {
  if (!as.userinfo_endpoint) return null;
  return reach(as.issuer, options, async () => {
    const response = await oauth.userInfoRequest(as, client, accessToken, requestOptions(as.issuer, options));
    const info = await oauth.processUserInfoResponse(as, client, subject ?? oauth.skipSubjectCheck, response);
    const name = info.preferred_username ?? info.name ?? info.sub;
    return typeof name === 'string' ? name : null;
  });
}
