import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelopeOf, PurchasedCrate } from '../../lib/contract/wire.ts';
import type { StoreContext } from '../context.ts';
import { apiRoute } from '../http/api-route.ts';
import { envelope } from '../http/envelope.ts';
import { component } from '../http/openapi-schemas.ts';
import { accessTokenParam } from '../http/param-schemas.ts';
import { purchasedCrates } from './crates.ts';

const cratesResponse = component(envelopeOf(z.array(PurchasedCrate)), 'PurchasedCratesResponse');

/** What a checkout leaves besides the library: the named carts bought, as crates (docs/api.md). */
export function orderRoutes(app: FastifyInstance, ctx: StoreContext): void {
  apiRoute(app, ctx, {
    method: 'GET',
    url: '/order/1/crates',
    operationId: 'listPurchasedCrates',
    summary: 'List the named carts bought, as crates',
    description:
      'Each named cart (not the default one) the user checked out, by its name, with its items in the order the cart held them and the price paid; a name bought from again is one crate, its new items after the old and each item once. The most recently bought first. An extension of the contract (issue #50).',
    tag: 'downloads',
    scope: 'store',
    params: z.object({ ...accessTokenParam }),
    response: cratesResponse,
    handler: async ({ user }) => envelope(await purchasedCrates(ctx, user.userId)),
  });
}
