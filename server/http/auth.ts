import type { FastifyRequest } from 'fastify';
import type { AuthenticatedUser, StoreContext } from '../context.ts';
import { badParameter, unauthorized } from './api-error.ts';
import type { Params } from './params.ts';

/**
 * The caller of a cart or download call. The token travels as `Authorization: Bearer` or as an
 * `access_token` parameter ("OAuth headers or parameters"); RFC 6750 forbids using both.
 */
export async function requireUser(
  ctx: StoreContext,
  request: FastifyRequest,
  params: Params,
): Promise<AuthenticatedUser> {
  const header = request.headers.authorization;
  const parameter = params.string('access_token', { max: 2048 });
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
  return user;
}
