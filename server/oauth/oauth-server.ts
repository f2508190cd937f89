import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findUserById } from '../accounts/users.ts';
import type { Authenticator, StoreContext } from '../context.ts';
import { interactionRoutes } from './interaction-routes.ts';
import { createProvider, providerPaths } from './provider.ts';

// oidc-provider's opaque tokens are 43 characters; anything far longer is not one of ours.
const maxTokenLength = 256;

/**
 * The store's OAuth 2.0 authorization server (contract.md section 3): oidc-provider under
 * /oauth/, its metadata at /.well-known/, and the login page. Returns how the store API checks
 * the access tokens it issues.
 */
export async function registerOAuth(app: FastifyInstance, ctx: StoreContext): Promise<Authenticator> {
  const provider = await createProvider(ctx);
  provider.on('server_error', (_octx, error) => app.log.error({ err: error }, 'OAuth server error'));
  const handle = provider.callback();

  await app.register(async (scope) => {
    // oidc-provider reads request bodies itself; Fastify must leave the stream untouched.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    const toProvider = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      // Fastify's onSend hooks do not run for a hijacked reply; keep the store's baseline headers.
      reply.raw.setHeader('x-content-type-options', 'nosniff');
      reply.raw.setHeader('referrer-policy', 'same-origin');
      await handle(request.raw, reply.raw);
    };
    // Only the provider's own endpoints: any other path under /oauth/ is the store's 404 envelope.
    for (const path of providerPaths) scope.all(path, toProvider);
    scope.get('/.well-known/oauth-authorization-server', toProvider);
    scope.get('/.well-known/openid-configuration', toProvider);
  });

  // A sibling scope, so that the login form's body is parsed like any other form.
  await app.register(async (scope) => interactionRoutes(scope, provider, ctx));

  return {
    async verifyAccessToken(value) {
      if (value.length > maxTokenLength) return null;
      const token = await provider.AccessToken.find(value);
      // find() allows oidc-provider's clock tolerance; an access token ends at its exp exactly.
      if (!token || token.isExpired) return null;
      const user = await findUserById(ctx.db, Number(token.accountId));
      return user
        ? { userId: user.id, username: user.username, scopes: (token.scope ?? '').split(' ') }
        : null;
    },
  };
}
