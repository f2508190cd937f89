import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { defaultCartLimits } from '../lib/contract/cart-limits.ts';
import { defaultSignInLimits } from './accounts/password-sign-in.ts';
import { analysisRoutes } from './analysis/routes.ts';
import { artworkRoutes } from './artwork/routes.ts';
import { cartRoutes } from './cart/routes.ts';
import { followCatalogWrites } from './catalog/catalog-changes.ts';
import { loadAudioFormatFees } from './catalog/records.ts';
import { catalogRoutes } from './catalog/routes.ts';
import type { StoreConfig, StoreContext } from './context.ts';
import { Database, type DatabaseOptions } from './db/database.ts';
import { loadLinkSecret } from './downloads/links.ts';
import { downloadRoutes } from './downloads/routes.ts';
import { clientErrorHandler, installErrorHandling, routerErrorHandler } from './http/errors.ts';
import { FileNetwork } from './http/file-network.ts';
import { logSerializers, redactedLogPaths } from './http/log-redaction.ts';
import { serializerCompiler } from './http/serializer.ts';
import { registerOAuth } from './oauth/oauth-server.ts';
import { registerOpenApi } from './openapi.ts';
import { operatorRoutes } from './operator/routes.ts';
import { orderRoutes } from './orders/routes.ts';
import { defaultPort } from './runtime/store-command.ts';
import { tracklistRoutes } from './tracklist/routes.ts';
import { errorPage, notFoundPage, websiteRoutes } from './web/routes.ts';

export const defaultConfig = (baseUrl = `http://127.0.0.1:${defaultPort}`): StoreConfig => ({
  baseUrl,
  accessTokenTtlSeconds: 600,
  refreshTokenTtlSeconds: 30 * 24 * 3600,
  downloadLinkTtlSeconds: 900,
  currency: 'USD',
  extensionRedirectUris: [],
  signInLimits: defaultSignInLimits,
  cartLimits: { ...defaultCartLimits },
});

/** How long closing lets the files being sent finish (AppOptions.closeGraceMs). */
export const defaultCloseGraceMs = 10_000;

export interface AppOptions {
  /** A SQLite file path, or a postgres:// URL. */
  dbPath: string;
  /** PostgreSQL pool and statement timeout. */
  dbOptions?: DatabaseOptions;
  config?: Partial<StoreConfig>;
  /** pino level for the store's log; none when absent. */
  logLevel?: string;
  /** Where the log goes (standard output when absent); tests read it. */
  logStream?: { write(line: string): void };
  /**
   * Addresses (or CIDR ranges, comma-separated) of reverse proxies whose X-Forwarded-For is
   * believed: the client's address then comes from it (sign-in limits count per address).
   */
  trustProxy?: string;
  /**
   * How long closing waits for responses still being sent before cutting their connections: a
   * client that stops reading would otherwise hold the store open for ever (defaultCloseGraceMs
   * when absent; a cut download resumes with a Range).
   */
  closeGraceMs?: number;
}

export interface StoreApp {
  app: FastifyInstance;
  ctx: StoreContext;
}

/** The whole store: API, OAuth server and website, on one SQLite or PostgreSQL database. */
export async function buildApp({
  dbPath,
  dbOptions,
  config,
  logLevel,
  logStream,
  trustProxy,
  closeGraceMs = defaultCloseGraceMs,
}: AppOptions): Promise<StoreApp> {
  const db = await Database.open(dbPath, dbOptions);
  await loadAudioFormatFees(db);
  const app = Fastify({
    logger: logLevel
      ? {
          level: logLevel,
          // Tokens, codes, passwords and cookies never reach the log (server/http/log-redaction.ts).
          redact: { paths: redactedLogPaths, censor: '[redacted]' },
          serializers: logSerializers,
          ...(logStream ? { stream: logStream } : {}),
        }
      : false,
    ...(trustProxy ? { trustProxy } : {}),
    bodyLimit: 64 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    clientErrorHandler,
    frameworkErrors: routerErrorHandler(errorPage),
  });
  const ctx: StoreContext = {
    db,
    config: { ...defaultConfig(), ...config, trustProxy: Boolean(trustProxy) },
    auth: { verifyAccessToken: async () => null },
    fileNetwork: new FileNetwork(config?.fileNetwork),
  };

  // One zod schema per API route validates its parameters, types its handler, documents it in
  // /openapi.json and checks its response (server/http/api-route.ts).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Parameters come as a query string or a form; any other body is a 415, never parsed.
  app.removeAllContentTypeParsers();
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
  });

  await app.register(formbody, { bodyLimit: 64 * 1024 });
  await app.register(cookie);
  await registerOpenApi(app, ctx.config.baseUrl);

  await loadLinkSecret(ctx);
  ctx.auth = await registerOAuth(app, ctx);
  cartRoutes(app, ctx);
  catalogRoutes(app, ctx);
  analysisRoutes(app, ctx);
  tracklistRoutes(app, ctx);
  downloadRoutes(app, ctx);
  orderRoutes(app, ctx);
  artworkRoutes(app, ctx);
  operatorRoutes(app, ctx);
  websiteRoutes(app, ctx);
  installErrorHandling(app, notFoundPage);

  // Other instances' catalog writes (PostgreSQL): this one's caches drop what they hold.
  const stopFollowing = await followCatalogWrites(db);
  let cutOpenResponses: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    cutOpenResponses = setTimeout(() => app.server.closeAllConnections(), closeGraceMs);
  });
  app.addHook('onClose', async () => {
    clearTimeout(cutOpenResponses);
    await stopFollowing();
    await db.close();
  });
  return { app, ctx };
}
