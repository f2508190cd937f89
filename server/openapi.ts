import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';

/**
 * The OpenAPI document, built from the routes' own schemas so that it cannot drift from what the
 * service does. Served at /openapi.json.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Crate store API',
        version: '1',
        description:
          'The music store interface of store-api.md with contract.md: cart (/cart/1/), catalog detail pages and artist catalog (/catalog/3/), downloads (/order/1/). Every JSON response is {metadata, results}; errors carry metadata.error, metadata.message and, when one parameter is at fault, metadata.parameter. Cart and download calls need an OAuth 2.0 access token (see /.well-known/oauth-authorization-server). See docs/api.md for the choices made where the spec is silent.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      tags: [
        { name: 'cart', description: "A user's carts; OAuth" },
        { name: 'catalog', description: 'Public catalog pages and the artist catalog' },
        { name: 'downloads', description: 'The download library; OAuth' },
      ],
    },
    // Only the store API: the website and OAuth routes are documented by their own standards.
    transform: ({ schema, url }) => ({
      schema: /^\/(cart|catalog|order)\//.test(url) ? schema : { ...schema, hide: true },
      url,
    }),
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
