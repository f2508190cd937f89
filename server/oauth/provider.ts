import Provider, { type Configuration, interactionPolicy, type KoaContextWithOIDC } from 'oidc-provider';
import {
  chromeExtensionId,
  chromeRedirectUri,
  firefoxRedirectUri,
  oauthClientId,
} from '../../lib/contract/extension-identity.ts';
import { findUserById } from '../accounts/users.ts';
import type { StoreContext } from '../context.ts';
import { cookieKeys, signingAlgorithm, signingKeys } from './keys.ts';
import { type HtmlPage, messagePage, signOutPage } from './pages.tsx';
import { sqliteAdapter } from './sqlite-adapter.ts';

/** Every path the authorization server answers under, besides the two discovery documents. */
export const oauthPrefix = '/oauth/';

// Every endpoint of the enabled features; the resume and sign-out confirmation steps live below these.
const routes = {
  authorization: `${oauthPrefix}authorize`,
  token: `${oauthPrefix}token`,
  revocation: `${oauthPrefix}revoke`,
  jwks: `${oauthPrefix}jwks`,
  userinfo: `${oauthPrefix}userinfo`,
  end_session: `${oauthPrefix}end-session`,
};

/** The paths oidc-provider answers: its endpoints, the authorization's resume step and sign-out's steps. */
export const providerPaths = [
  ...Object.values(routes),
  `${routes.authorization}/:uid`,
  `${routes.end_session}/confirm`,
  `${routes.end_session}/success`,
];

export const interactionPath = (uid: string) => `${oauthPrefix}interaction/${uid}`;

/** Use of the store API (cart, downloads) as the signed-in user. */
const storeScope = 'store';

// Long enough to type a password, short enough that abandoned sign-ins do not pile up.
const interactionTtlSeconds = 60 * 60;

function sendPage(octx: KoaContextWithOIDC, page: HtmlPage) {
  octx.type = 'html';
  octx.set('content-security-policy', page.contentSecurityPolicy);
  octx.set('cache-control', 'no-store');
  octx.body = page.html;
}

/**
 * Sends every authorization request to the store's login step (interaction-routes.ts), even when
 * the browser still has a session with the authorization server: the website's session decides
 * there who is signed in, so that signing out of the website is signing out of the store.
 */
function signInEveryTime() {
  const policy = interactionPolicy.base();
  policy
    .get('login')
    ?.checks.add(
      new interactionPolicy.Check(
        'sign_in_every_time',
        "The store's login step decides every sign-in",
        (octx) =>
          octx.oidc.result?.login
            ? interactionPolicy.Check.NO_NEED_TO_PROMPT
            : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );
  return policy;
}

/** What the provider does beyond the code flow, and what it leaves out. */
const features: Configuration['features'] = {
  devInteractions: { enabled: false },
  dPoP: { enabled: false },
  pushedAuthorizationRequests: { enabled: false },
  // The store is the only resource server and checks tokens itself (verifyAccessToken).
  resourceIndicators: { enabled: false },
  userinfo: { enabled: true },
  revocation: {
    enabled: true,
    // A client may revoke only its own tokens.
    allowedPolicy: async (_octx: unknown, client: { clientId: string }, token: { clientId: string }) =>
      token.clientId === client.clientId,
  },
  // Also needed when a different user signs in while the browser still holds a session.
  rpInitiatedLogout: {
    enabled: true,
    logoutSource: async (octx: KoaContextWithOIDC, form: string) => sendPage(octx, signOutPage(form)),
    postLogoutSuccessSource: async (octx: KoaContextWithOIDC) =>
      sendPage(
        octx,
        messagePage('Signed out', 'You are signed out of the store. You can close this window.'),
      ),
  },
};

/** oidc-provider, configured as the store's OAuth 2.0 authorization server for the extension. */
export async function createProvider({ db, config }: StoreContext): Promise<Provider> {
  const configuration: Configuration = {
    adapter: sqliteAdapter(db),
    clients: [
      {
        client_id: oauthClientId,
        client_name: 'Crate',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [...new Set([chromeRedirectUri, firefoxRedirectUri, ...config.extensionRedirectUris])],
        id_token_signed_response_alg: signingAlgorithm,
      },
    ],
    // Only public clients exist: the extension cannot keep a secret.
    clientAuthMethods: ['none'],
    // An extension without host permission for the store calls it cross-origin. Firefox gives
    // each installation its own random moz-extension:// origin, which no web page can have.
    clientBasedCORS: (_octx, origin) =>
      origin === `chrome-extension://${chromeExtensionId}` || origin.startsWith('moz-extension://'),
    claims: { openid: ['sub'], profile: ['preferred_username'] },
    scopes: [storeScope, 'openid', 'profile'],
    cookies: {
      keys: await cookieKeys(db),
      // Distinct from the storefront's own session cookie on the same origin.
      names: { session: 'oauth_session', interaction: 'oauth_interaction', resume: 'oauth_resume' },
      // Never sent along with another site's requests; Secure is added on HTTPS (see proxy below).
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    jwks: await signingKeys(db),
    enabledJWA: { idTokenSigningAlgValues: [signingAlgorithm] },
    responseTypes: ['code'],
    pkce: { required: () => true },
    routes,
    features,
    interactions: {
      policy: signInEveryTime(),
      url: (_octx, interaction) => interactionPath(interaction.uid),
    },
    findAccount: async (_octx, sub) => {
      const user = /^[1-9][0-9]{0,15}$/.test(sub) ? await findUserById(db, Number(sub)) : undefined;
      if (!user) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, preferred_username: user.username }),
      };
    },
    // The extension always gets a refresh token, without asking for offline_access and consent.
    issueRefreshToken: (_octx, client) => client.grantTypeAllowed('refresh_token'),
    // Every refresh returns a new refresh token; oidc-provider then treats presenting a used one
    // as theft and revokes the whole grant (RFC 9700 section 4.14.2).
    rotateRefreshToken: true,
    // Tokens outlive the browser session with the authorization server, which only serves sign-in.
    expiresWithSession: () => false,
    renderError: (octx, out) => {
      // The OAuth error code and description only: never a stack or internal detail.
      const description =
        out.error === 'server_error' ? 'Something went wrong in the store.' : out.error_description;
      sendPage(octx, messagePage('Sign-in failed', `${description ?? out.error} (${out.error})`));
    },
    ttl: {
      AccessToken: config.accessTokenTtlSeconds,
      IdToken: config.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      // A sign-in lasts refreshTokenTtlSeconds: a rotated refresh token keeps the time its
      // predecessor had left, and the grant expires with the last of them.
      RefreshToken: (octx) =>
        octx?.oidc.entities.RotatedRefreshToken?.remainingTTL ?? config.refreshTokenTtlSeconds,
      Grant: config.refreshTokenTtlSeconds,
      Interaction: interactionTtlSeconds,
      Session: interactionTtlSeconds,
    },
  };
  const provider = new Provider(config.baseUrl, configuration);
  // Behind a TLS-terminating proxy (--trust-proxy), X-Forwarded-Proto tells the provider that the
  // browser speaks HTTPS, so its cookies are Secure.
  provider.proxy = config.trustProxy === true;

  // oidc-provider denies a request that asks for no scope; RFC 6749 section 3.3 lets the server
  // use a default instead. Browser-based clients send the authorization request as a GET; one
  // without scope gets the store scope. (A POSTed request is read later, by the provider.)
  provider.use(async (octx, next) => {
    if (octx.method === 'GET' && octx.path === routes.authorization && !octx.query.scope) {
      octx.query = { ...octx.query, scope: storeScope };
    }
    await next();
  });
  return provider;
}
