import type { AuthenticatedUser, StoreContext } from '../context.ts';
import { ApiError, badParameter, unauthorized } from './api-error.ts';

/** OAuth scopes of the store API; the extension asks for `store`. */
export const storeScopes = { store: 'Use the cart and the download library as the signed-in user.' } as const;
export type StoreScope = keyof typeof storeScopes;

export const insufficientScope = (scope: StoreScope) =>
  new ApiError(
    403,
    'insufficient_scope',
    `This call needs an access token with the "${scope}" scope; sign in again.`,
    undefined,
    {
      'www-authenticate': `Bearer error="insufficient_scope", scope="${scope}"`,
    },
  );

/**
 * The caller of a cart or download call. The token travels as `Authorization: Bearer` or as an
 * `access_token` parameter ("OAuth headers or parameters"); RFC 6750 forbids using both. A token
 * without the operation's scope is a 403 (RFC 6750 section 3.1).
 */
export async function authenticate(
  ctx: StoreContext,
  header: string | undefined,
  parameter: string | undefined,
  scope: StoreScope,
): Promise<AuthenticatedUser> {
  if (header !== undefined && parameter !== undefined) {
    throw badParameter(
      'access_token',
      'Send the access token once: in the Authorization header or as access_token.',
    );
  }
  let token = parameter;
  if (header !== undefined) {
    const match = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i.exec(header);
    if (!match) throw unauthorized('The Authorization header must be "Bearer <access token>".');
    token = match[1];
  }
  if (!token) throw unauthorized('Sign in: this call needs an access token.');
  const user = await ctx.auth.verifyAccessToken(token);
  if (!user) throw unauthorized();
  if (!user.scopes.includes(scope)) throw insufficientScope(scope);
  return user;
}
