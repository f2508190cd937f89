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
import {
  addItems,
  cartSummary,
  defaultCartName,
  emptyCart,
  loadCart,
  removeItems,
  setCartFormat,
  setItemFormats,
} from './cart-store.ts';
import { itemsParam } from './items-param.ts';

// Documented without the trailing slash (Redocly's no-path-trailing-slash); both spellings answer.
const url = '/cart/1';

const CartMetadata = z.object({ audioFormats: z.array(z.string()) });
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

export function cartRoutes(app: FastifyInstance, ctx: StoreContext): void {
  const formats = audioFormatFees(ctx.db).map((fee) => fee.name) as [AudioFormat, ...AudioFormat[]];
  const metadata = () => ({ audioFormats: audioFormatFees(ctx.db).map((fee) => fee.name) });
  const itemsWithFormat = itemsParam(formats);
  const cartName = (name: string | undefined) => name ?? defaultCartName;

  apiRoute(app, ctx, {
    method: 'GET',
    url,
    operationId: 'viewCart',
    summary: 'View a cart (summary=true: counts and total only)',
    tag: 'cart',
    scope: 'store',
    params: z.object({ ...common, summary: flag('true: counts and total, without the items.').optional() }),
    response: responses.view,
    handler: async ({ params, user }) => {
      const name = cartName(params.name);
      return envelope(
        params.summary ? await cartSummary(ctx, user.userId, name) : await loadCart(ctx, user.userId, name),
        metadata(),
      );
    },
  });

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
    errors: [409],
    handler: async ({ params, user }) =>
      envelope(
        await addItems(
          ctx,
          user.userId,
          cartName(params.name),
          params.items as CartItemInput[],
          params.alreadyPurchasedOverride ?? false,
        ),
        metadata(),
      ),
  });

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
    handler: async ({ params, user }) => {
      const name = cartName(params.name);
      requireOneChange(params);
      const result = params.audioFormat
        ? await setCartFormat(ctx, user.userId, name, params.audioFormat)
        : await setItemFormats(ctx, user.userId, name, params.items as CartItemInput[]);
      return envelope(result, metadata());
    },
  });

  apiRoute(app, ctx, {
    method: 'DELETE',
    url,
    operationId: 'removeFromCart',
    summary: 'Empty the cart, or remove the listed items',
    tag: 'cart',
    scope: 'store',
    params: z.object({ ...common, items: itemsParam().optional() }),
    response: responses.change,
    handler: async ({ params, user }) => {
      const name = cartName(params.name);
      return envelope(
        params.items
          ? await removeItems(ctx, user.userId, name, params.items)
          : await emptyCart(ctx, user.userId, name),
        metadata(),
      );
    },
  });

  refuseOtherMethods(app, url, ['GET', 'POST', 'PUT', 'DELETE']);
}
