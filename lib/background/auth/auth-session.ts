/**
 * The signed-in session as the API client sees it: a valid access token on demand, renewed with
 * the refresh token when it has expired or the store refused it.
 *
 * Refresh is single-flight: every caller that finds the token expired while a refresh runs waits
 * for that refresh, and a caller that arrives just after it finished finds the new token in
 * storage and does not start another. Refresh tokens rotate and a reused one ends the grant, so a
 * second refresh with the old token would sign the person out. The rotated refresh token is
 * stored before anything else, and a refused refresh signs out once, with a message, never looping.
 *
 * The in-flight promise is the only thing held in memory, and only for the length of one refresh;
 * everything else is read from storage on every call, so a stopped worker loses nothing.
 */

import { messages, signedOut } from '../../protocol/store-error.ts';
import { type AccessToken, accessTokenRecord } from '../../storage/access-token.ts';
import type { Grant } from '../../storage/refresh-token-vault.ts';
import type { AccessTokenSource } from '../store-transport.ts';
import type { TokenSet } from './oauth-client.ts';
import { RefreshRefusedError } from './oauth-client.ts';

/** Where the session's tokens live (lib/background/auth/token-store.ts in the extension, memory in tests). */
export interface TokenStore {
  readAccessToken(): Promise<AccessToken | null>;
  writeAccessToken(token: AccessToken): Promise<void>;
  readGrant(): Promise<Grant | null>;
  writeGrant(grant: Grant): Promise<void>;
  /** Forgets both tokens and records why, for the popup. */
  signOut(notice: string | null): Promise<void>;
}

export interface AuthSessionOptions {
  tokens: TokenStore;
  /** The store the extension is configured for; tokens of another store do not count. */
  storeUrl(): Promise<string>;
  /** Trades a refresh token at the store; throws RefreshRefusedError when the store says no. */
  refresh(grant: Grant): Promise<TokenSet>;
  now?: () => number;
}

export function createAuthSession(options: AuthSessionOptions): AccessTokenSource {
  const now = options.now ?? Date.now;
  let inflight: Promise<string> | null = null;

  const usable = (token: AccessToken | null, storeUrl: string): boolean =>
    token !== null && token.storeUrl === storeUrl && token.renewAt > now();

  async function refresh(stale: string | undefined): Promise<string> {
    const storeUrl = await options.storeUrl();
    // Another caller may have refreshed between our read and now.
    const current = await options.tokens.readAccessToken();
    if (current && usable(current, storeUrl) && current.token !== stale) return current.token;

    const grant = await options.tokens.readGrant();
    if (!grant || grant.storeUrl !== storeUrl) throw signedOut();
    let tokens: TokenSet;
    try {
      tokens = await options.refresh(grant);
    } catch (error) {
      if (error instanceof RefreshRefusedError) {
        await options.tokens.signOut(messages.sessionEnded);
        throw signedOut(messages.sessionEnded);
      }
      throw error;
    }
    if (tokens.refreshToken) await options.tokens.writeGrant({ ...grant, refreshToken: tokens.refreshToken });
    await options.tokens.writeAccessToken(
      accessTokenRecord(tokens.accessToken, tokens.expiresIn, storeUrl, now()),
    );
    return tokens.accessToken;
  }

  function renew(stale: string | undefined): Promise<string> {
    inflight ??= refresh(stale).finally(() => {
      inflight = null;
    });
    return inflight;
  }

  return {
    async accessToken() {
      const [current, storeUrl] = await Promise.all([options.tokens.readAccessToken(), options.storeUrl()]);
      if (current && usable(current, storeUrl)) return current.token;
      return renew(current?.token);
    },
    renewAccessToken(rejected: string) {
      return renew(rejected);
    },
  };
}
