/**
 * Signing in and out, in the background worker: the OAuth code flow through
 * identity.launchWebAuthFlow, the tokens into their stores, revocation on sign-out. Each call reads
 * what it needs from storage, so the worker can be stopped between any two of them.
 */

import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import { StoreError } from '../../protocol/store-error.ts';
import { accessTokenRecord } from '../../storage/access-token.ts';
import { discoveryItem, signInNoticeItem, storeUrlSetting } from '../../storage/items.ts';
import type { Grant } from '../../storage/refresh-token-vault.ts';
import { type AuthSessionOptions, createAuthSession, type TokenStore } from './auth-session.ts';
import {
  type AuthorizationServer,
  authorizationRequest,
  completeAuthorization,
  discover,
  fetchUsername,
  type OAuthOptions,
  refreshTokens,
  revoke,
} from './oauth-client.ts';

export interface AuthServiceOptions extends OAuthOptions {
  tokens: TokenStore;
  /** identity.launchWebAuthFlow: resolves with the URL the store redirected to. */
  launchWebAuthFlow?: (url: string) => Promise<string | undefined>;
  redirectUri?: () => string;
  /** The configured store (the worker's kept setting, worker-storage.ts); storage when not given. */
  storeUrl?: () => Promise<string>;
  now?: AuthSessionOptions['now'];
}

const cancelled = () => new StoreError({ kind: 'forbidden', message: 'Sign-in was cancelled.' });

export function createAuthService(options: AuthServiceOptions) {
  const { tokens } = options;
  const launch =
    options.launchWebAuthFlow ??
    ((url: string) => browser.identity.launchWebAuthFlow({ url, interactive: true }));
  const redirectUri = options.redirectUri ?? (() => browser.identity.getRedirectURL());
  const configuredStore = options.storeUrl ?? (() => storeUrlSetting.getValue());

  async function authorizationServer(storeUrl: string, { fresh = false } = {}): Promise<AuthorizationServer> {
    const cached = await discoveryItem.getValue();
    if (!fresh && cached?.storeUrl === storeUrl) return cached.metadata;
    const metadata = await discover(storeUrl, options);
    await discoveryItem.setValue({ storeUrl, metadata });
    return metadata;
  }

  const session = createAuthSession({
    tokens,
    storeUrl: configuredStore,
    refresh: async (grant: Grant) =>
      refreshTokens(await authorizationServer(grant.storeUrl), grant.refreshToken, options),
    now: options.now,
  });

  /** The grant for the configured store, or null when nobody is signed in to it. */
  async function currentGrant(): Promise<Grant | null> {
    const [grant, storeUrl] = await Promise.all([tokens.readGrant(), configuredStore()]);
    return grant?.storeUrl === storeUrl ? grant : null;
  }

  async function signIn({ anotherAccount = false } = {}): Promise<Grant> {
    const storeUrl = await storeUrlSetting.getValue();
    const as = await authorizationServer(storeUrl, { fresh: true });
    const request = await authorizationRequest(as, redirectUri(), { anotherAccount });
    let redirectedTo: string | undefined;
    try {
      redirectedTo = await launch(request.url);
    } catch {
      // The browser rejects alike when the person closes the window and when the store's page
      // does not load: asking the store again tells the two apart (this throws when it is down).
      await authorizationServer(storeUrl, { fresh: true });
      throw cancelled();
    }
    if (!redirectedTo) throw cancelled();
    const issued = await completeAuthorization(as, request, redirectedTo, options);
    const username = (await fetchUsername(as, issued.accessToken, issued.subject, options)) ?? 'unknown';
    const grant: Grant = { refreshToken: issued.refreshToken, storeUrl, username };
    await tokens.writeGrant(grant);
    await tokens.writeAccessToken(
      accessTokenRecord(issued.accessToken, issued.expiresIn, storeUrl, (options.now ?? Date.now)()),
    );
    await signInNoticeItem.removeValue();
    return grant;
  }

  /**
   * Ends the grant at the store, then forgets it here. When the store cannot be reached the local
   * tokens are forgotten anyway (the person asked to be signed out) and the error is reported.
   */
  async function signOut(): Promise<void> {
    const grant = await tokens.readGrant();
    try {
      if (grant) await revoke(await authorizationServer(grant.storeUrl), grant.refreshToken, options);
    } finally {
      await tokens.signOut(null);
    }
  }

  /** Null when the store's discovery document answers; otherwise the reason it does not. */
  async function storeProblem(storeUrl: string): Promise<string | null> {
    try {
      await authorizationServer(storeUrl, { fresh: true });
      return null;
    } catch (error) {
      return error instanceof StoreError ? error.message : i18n.t('storeErrors.unreachable', [storeUrl]);
    }
  }

  return { session, signIn, signOut, currentGrant, storeProblem };
}

export type AuthService = ReturnType<typeof createAuthService>;
