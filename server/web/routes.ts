import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { StoreContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { accountRoutes } from './account-routes.tsx';
import { prepareAssets, siteAssets } from './assets.ts';
import { cartRoutes } from './cart-routes.tsx';
import { fromThisSite } from './csrf.ts';
import type { PageShell } from './layout.tsx';
import { pageRoutes } from './page-routes.tsx';
import { errorView, notFoundView } from './pages/error-pages.tsx';
import { sendPage } from './render.ts';
import { pageShell } from './shell.ts';

// The store each app (and the website's own context in it) serves, for the not-found page,
// which the app's shared not-found handler calls with only the request.
const stores = new WeakMap<FastifyInstance, StoreContext>();

/** The store's website (contract.md section 8): catalog pages, sign-in, cart and checkout. */
export function websiteRoutes(app: FastifyInstance, ctx: StoreContext): void {
  stores.set(app, ctx);
  app.addHook('onReady', async () => {
    await prepareAssets();
  });

  // An encapsulated context, so the website answers its own failures with pages, not JSON.
  app.register(async (site) => {
    stores.set(site, ctx);
    site.setErrorHandler(async (error: FastifyError, request, reply) => {
      const code = error instanceof ApiError ? error.status : (error.statusCode ?? 500);
      const status = code >= 400 && code < 600 ? code : 500;
      if (status >= 500) request.log.error({ err: error }, 'website error');
      return sendPage(reply, errorView(await pageShell(ctx, request), status), status);
    });

    // Every website POST changes something (sign-in, sign-out, checkout): only from this site.
    site.addHook('preHandler', async (request) => {
      if (request.method === 'POST' && !fromThisSite(ctx, request)) {
        throw new ApiError(403, 'crossSite', 'This form was sent from another site.');
      }
    });

    site.get<{ Params: { file: string } }>('/static/:file', async (request, reply) => {
      const file = siteAssets().files.get(request.params.file);
      if (!file) return notFoundPage(request, reply);
      return reply
        .type(file.type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(file.body);
    });
    pageRoutes(site, ctx, notFoundPage);
    accountRoutes(site, ctx);
    cartRoutes(site, ctx);
  });
}

/** The HTML 404 page, for unknown paths and for ids that name nothing. */
export async function notFoundPage(request: FastifyRequest, reply: FastifyReply) {
  const ctx = stores.get(request.server);
  const shell: PageShell = ctx
    ? await pageShell(ctx, request)
    : { viewer: { signedIn: undefined }, assets: siteAssets(), path: request.url };
  return sendPage(reply, notFoundView(shell), 404);
}

/** The website's error page for a status, for failures raised before any website route runs. */
export function errorPage(_request: FastifyRequest, reply: FastifyReply, status: number) {
  // Before routing, cookies are not read: the page is the signed-out one.
  const shell: PageShell = { viewer: { signedIn: undefined }, assets: siteAssets(), path: '/' };
  return sendPage(reply, errorView(shell, status), status);
}
