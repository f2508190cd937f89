import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { defaultSignInLimits } from './accounts/password-sign-in.ts';
import { artworkRoutes } from './artwork/routes.ts';
import { cartRoutes } from './cart/routes.ts';
import { catalogRoutes } from './catalog/routes.ts';
import type { StoreConfig, StoreContext } from './context.ts';
import { Database } from './db/database.ts';
import { downloadRoutes } from './downloads/routes.ts';
import { installErrorHandling } from './http/errors.ts';
import { registerOAuth } from './oauth/oauth-server.ts';
import { registerOpenApi } from './openapi.ts';
import { notFoundPage, websiteRoutes } from './web/routes.ts';

export const defaultPort = 8787;

export const defaultConfig = (baseUrl = `http://127.0.0.1:${defaultPort}`): StoreConfig => ({
  baseUrl,
  accessTokenTtlSeconds: 600,
  refreshTokenTtlSeconds: 30 * 24 * 3600,
  downloadLinkTtlSeconds: 900,
  currency: 'USD',
  extensionRedirectUris: [],
  signInLimits: defaultSignInLimits,
});

export interface AppOptions {
  dbPath: string;
  config?: Partial<StoreConfig>;
  /** pino level for the store's log; none when absent. */
  logLevel?: string;
  /**
   * Addresses (or CIDR ranges, comma-separated) of reverse proxies whose X-Forwarded-For is
   * believed: the client's address then comes from it (sign-in limits count per address).
   */
  trustProxy?: string;
}

export interface StoreApp {
  app: FastifyInstance;
  ctx: StoreContext;
}

/** The whole store: API, OAuth server and website, on one SQLite database. */
export async function buildApp({ dbPath, config, logLevel, trustProxy }: AppOptions): Promise<StoreApp> {
  const db = new Database(dbPath);
  const app = Fastify({
    logger: logLevel ? { level: logLevel } : false,
    ...(trustProxy ? { trustProxy } : {}),
    bodyLimit: 64 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  const ctx: StoreContext = {
    db,
    config: { ...defaultConfig(), ...config },
    auth: { verifyAccessToken: async () => null },
  };

  // Route schemas document the API (OpenAPI); parameters are checked by Params, so that every
  // 400 names its parameter the same way, and responses are plain JSON.
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
  });

  await app.register(formbody, { bodyLimit: 64 * 1024 });
  await app.register(cookie);
  await registerOpenApi(app);

  ctx.auth = await registerOAuth(app, ctx);
  cartRoutes(app, ctx);
  catalogRoutes(app, ctx);
  downloadRoutes(app, ctx);
  artworkRoutes(app, ctx);
  websiteRoutes(app, ctx);
  installErrorHandling(app, notFoundPage);

  app.addHook('onClose', async () => db.close());
  return { app, ctx };
}
