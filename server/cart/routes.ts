import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type CartNameIssue, cartNameIssue, maxCartNameLength } from '../../lib/contract/cart-name.ts';
import {
  type AudioFormat,
  Cart,
  CartAddResult,
  CartChangeResult,
  type CartItemInput,
  CartSummary,
  envelopeOf,
} from '../../lib/contract/wire.ts';
import { audioFormatFees } from '../catalog/records.ts';
import type { StoreContext } from '../context.ts';
import { badParameter } from '../http/api-error.ts';
import { apiRoute } from '../http/api-route.ts';
import { envelope } from '../http/envelope.ts';
import { refuseOtherMethods } from '../http/methods.ts';
import { component } from '../http/openapi-schemas.ts';
import { accessTokenParam, flag, oneOf, text } from '../http/param-schemas.ts';
import { answeredNotModified, requiredVersion } from '../http/preconditions.ts';
import {
  addItems,
  cartVersion,
  defaultCartName,
  emptyCart,
  loadCart,
  removeItems,
  setCartFormat,
  setItemFormats,
  type Versioned,
  versionedSummary,
} from './cart-store.ts';
import { itemsParam } from './items-param.ts';

// Documented without the trailing slash (Redocly's no-path-trailing-slash); both spellings answer.
const url = '/cart/1';

const CartMetadata = z.object({
  audioFormats: z.array(z.string()),
  cartVersion: z
    .string()
    .describe(
      'The version of the cart this answer shows or leaves (also the `ETag` of a read): send it as `If-None-Match` to read only when the cart changed, or as `If-Match` to change it only while it is unchanged.',
    ),
});
const responses = {
  view: component(envelopeOf(z.union([Cart, CartSummary]), CartMetadata), 'CartViewResponse'),
  add: component(envelopeOf(CartAddResult, CartMetadata), 'CartAddResponse'),
  change: component(envelopeOf(CartChangeResult, CartMetadata), 'CartChangeResponse'),
};

/** The store's words for a cart name it refuses (the API speaks English). */
const cartNameSentences: Record<CartNameIssue, string> = {
  empty: 'Give the cart a name.',
  tooLong: `A cart name has at most ${maxCartNameLength} characters.`,
  controlCharacters: 'A cart name cannot hold control characters.',
};

/** Parameters of every cart call. */
const common = {
  sourceType: text(100, 'Identifier of the calling application, 1 to 100 characters.'),
  name: z
    .string()
    .superRefine((name, check) => {
      const issue = cartNameIssue(name);
      if (issue) check.addIssue({ code: 'custom', message: cartNameSentences[issue] });
    })
    .describe(
      `Cart name, 1 to ${maxCartNameLength} characters, not only spaces, without control characters; absent: the cart named "default".`,
    )
    .optional(),
  ...accessTokenParam,
};

/** A format change names the whole cart's format or listed items' formats: exactly one of them. */
function requireOneChange(params: { audioFormat?: unknown; items?: unknown }): void {
  if ((params.audioFormat === undefined) === (params.items === undefined)) {
    throw badParameter(
      params.audioFormat === undefined ? 'audioFormat' : 'items',
      'Send either audioFormat (the whole cart) or items (listed items), not both and not neither.',
    );
  }
}

/** What every cart route shares: the formats sold, the answer's envelope, the cart a call names. */
function cartRouting(ctx: StoreContext) {
  const formats = audioFormatFees(ctx.db).map((fee) => fee.name) as [AudioFormat, ...AudioFormat[]];
  return {
    formats,
    itemsWithFormat: itemsParam(formats),
    answer: <T>({ result, version }: Versioned<T>) =>
      envelope(result, {
        audioFormats: audioFormatFees(ctx.db).map((fee) => fee.name),
        cartVersion: version,
      }),
    cartName: (name: string | undefined) => name ?? defaultCartName,
  };
}
type CartRouting = ReturnType<typeof cartRouting>;

export function cartRoutes(app: FastifyInstance, ctx: StoreContext): void {
  const routing = cartRouting(ctx);
  viewRoute(app, ctx, routing);
  addRoute(app, ctx, routing);
  formatRoute(app, ctx, routing);
  removeRoute(app, ctx, routing);
  refuseOtherMethods(app, url, ['GET', 'POST', 'PUT', 'DELETE']);
}

function viewRoute(app: FastifyInstance, ctx: StoreContext, { answer, cartName }: CartRouting): void {
  apiRoute(app, ctx, {
    method: 'GET',
    url,
    operationId: 'viewCart',
    summary: 'View a cart (summary=true: counts and total only)',
    tag: 'cart',
    scope: 'store',
    description:
      "Answers with an `ETag` naming the cart's version; with `If-None-Match` naming the current one, a 304 and no body.",
    params: z.object({ ...common, summary: flag('true: counts and total, without the items.').optional() }),
    response: responses.view,
    conditional: true,
    handler: async ({ params, user, request, reply }) => {
      const name = cartName(params.name);
      // The cheap read first: a client whose copy is current gets a 304 for one small query.
      if (answeredNotModified(request, reply, await cartVersion(ctx, user.userId, name))) return reply;
      const read = params.summary
        ? await versionedSummary(ctx, user.userId, name)
        : await loadCart(ctx, user.userId, name);
      reply.header('etag', `"${read.version}"`);
      return answer(read);
    },
  });
}

function addRoute(app: FastifyInstance, ctx: StoreContext, routing: CartRouting): void {
  const { answer, cartName, itemsWithFormat } = routing;
  apiRoute(app, ctx, {
    method: 'POST',
    url,
    operationId: 'addToCart',
    summary:
      'Add items; owned items come back as alreadyPurchased warnings unless alreadyPurchasedOverride=true',
    description: `Creates the named cart on first add. A user has at most ${ctx.config.cartLimits.cartsPerUser} carts and a cart at most ${ctx.config.cartLimits.itemsPerCart} items by default; past either, a 409 (\`tooManyCarts\`, \`cartFull\`) that changes nothing.`,
    tag: 'cart',
    scope: 'store',
    params: z.object({
      ...common,
      items: itemsWithFormat,
      alreadyPurchasedOverride: flag('true: add items the user already owns.').optional(),
    }),
    response: responses.add,
    errors: [409, 412],
    handler: async ({ params, user, request }) =>
      answer(
        await addItems(
          ctx,
          user.userId,
          cartName(params.name),
          params.items as CartItemInput[],
          params.alreadyPurchasedOverride ?? false,
          { expectedVersion: requiredVersion(request) },
        ),
      ),
  });
}

function formatRoute(app: FastifyInstance, ctx: StoreContext, routing: CartRouting): void {
  const { answer, cartName, formats, itemsWithFormat } = routing;
  apiRoute(app, ctx, {
    method: 'PUT',
    url,
    operationId: 'changeCartFormats',
    summary: 'Change the format of the whole cart (audioFormat) or of listed items (items)',
    description: 'Exactly one of audioFormat and items.',
    tag: 'cart',
    scope: 'store',
    params: z.object({
      ...common,
      audioFormat: oneOf(formats, 'The format every item of the cart gets.').optional(),
      items: itemsWithFormat.optional(),
    }),
    response: responses.change,
    errors: [412],
    handler: async ({ params, user, request }) => {
      const name = cartName(params.name);
      requireOneChange(params);
      const options = { expectedVersion: requiredVersion(request) };
      return answer(
        params.audioFormat
          ? await setCartFormat(ctx, user.userId, name, params.audioFormat, options)
          : await setItemFormats(ctx, user.userId, name, params.items as CartItemInput[], options),
      );
    },
  });
}

function removeRoute(app: FastifyInstance, ctx: StoreContext, { answer, cartName }: CartRouting): void {
  apiRoute(app, ctx, {
    method: 'DELETE',
    url,
    operationId: 'removeFromCart',
    summary: 'Empty the cart, or remove the listed items',
    tag: 'cart',
    scope: 'store',
    params: z.object({ ...common, items: itemsParam().optional() }),
    response: responses.change,
    errors: [412],
    handler: async ({ params, user, request }) => {
      const name = cartName(params.name);
      const options = { expectedVersion: requiredVersion(request) };
      return answer(
        params.items
          ? await removeItems(ctx, user.userId, name, params.items, options)
          : await emptyCart(ctx, user.userId, name, options),
      );
    },
  });
}
