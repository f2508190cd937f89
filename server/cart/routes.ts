import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { audioFormats } from '../../lib/contract/audio-formats.ts';
import { Cart, CartAddResult, CartChangeResult, CartSummary, envelopeOf } from '../../lib/contract/wire.ts';
import { audioFormatFees } from '../catalog/records.ts';
import type { StoreContext } from '../context.ts';
import { badParameter } from '../http/api-error.ts';
import { requireUser } from '../http/auth.ts';
import { envelope } from '../http/envelope.ts';
import { refuseOtherMethods } from '../http/methods.ts';
import { Params } from '../http/params.ts';
import {
  addItems,
  cartNameParam,
  cartSummary,
  emptyCart,
  loadCart,
  removeItems,
  setCartFormat,
  setItemFormats,
} from './cart-store.ts';
import { audioFormatParam, itemRefsParam, itemsWithFormatParam } from './items-param.ts';

const url = '/cart/1/';

const common = {
  sourceType: { type: 'string', description: 'Identifier of the calling application.' },
  name: { type: 'string', description: 'Cart name (1-64 characters); omitted: the cart named "default".' },
  access_token: {
    type: 'string',
    description: 'OAuth access token, when not sent as Authorization: Bearer.',
  },
};
const itemsDoc = (withFormat: boolean) => ({
  type: 'string',
  description: `JSON array of {id, type: "track"|"release"${withFormat ? ', audioFormat: "mp3"|"wav"|"aiff"' : ''}}, 1-100 items.`,
});
const schema = (
  summary: string,
  properties: Record<string, object>,
  required: string[],
  results: z.ZodType,
) => ({
  summary,
  tags: ['cart'],
  security: [{ bearer: [] }],
  querystring: {
    type: 'object',
    properties: { ...common, ...properties },
    required: ['sourceType', ...required],
  },
  response: { 200: z.toJSONSchema(envelopeOf(results), { io: 'output' }) },
});

export function cartRoutes(app: FastifyInstance, ctx: StoreContext): void {
  /** Every cart call: the caller, its parameters, `sourceType` and the addressed cart's name. */
  async function cartCall(request: FastifyRequest) {
    const params = new Params(request);
    const user = await requireUser(ctx, request, params);
    params.string('sourceType', { required: true, max: 100 });
    return { params, userId: user.userId, name: cartNameParam(params) };
  }
  const formatsMetadata = () => ({ audioFormats: audioFormatFees(ctx.db).map((fee) => fee.name) });

  app.get(url, {
    schema: schema(
      'View a cart (summary=true: counts and total only)',
      { summary: { type: 'string', enum: ['true', 'false'] } },
      [],
      z.union([Cart, CartSummary]),
    ),
    handler: async (request) => {
      const { params, userId, name } = await cartCall(request);
      const summary = params.bool('summary') ?? false;
      return envelope(
        summary ? cartSummary(ctx, userId, name) : loadCart(ctx, userId, name),
        formatsMetadata(),
      );
    },
  });

  app.post(url, {
    schema: schema(
      'Add items; owned items come back as alreadyPurchased warnings unless alreadyPurchasedOverride=true',
      { items: itemsDoc(true), alreadyPurchasedOverride: { type: 'string', enum: ['true', 'false'] } },
      ['items'],
      CartAddResult,
    ),
    handler: async (request) => {
      const { params, userId, name } = await cartCall(request);
      const items = itemsWithFormatParam(params, ctx.db);
      const override = params.bool('alreadyPurchasedOverride') ?? false;
      return envelope(addItems(ctx, userId, name, items, override), formatsMetadata());
    },
  });

  app.put(url, {
    schema: schema(
      'Change the format of the whole cart (audioFormat) or of listed items (items)',
      { audioFormat: { type: 'string', enum: [...audioFormats] }, items: itemsDoc(true) },
      [],
      CartChangeResult,
    ),
    handler: async (request) => {
      const { params, userId, name } = await cartCall(request);
      const hasFormat = params.has('audioFormat');
      if (hasFormat === params.has('items')) {
        throw badParameter(
          hasFormat ? 'items' : 'audioFormat',
          'Send either audioFormat (the whole cart) or items (listed items), not both and not neither.',
        );
      }
      const result = hasFormat
        ? setCartFormat(ctx, userId, name, audioFormatParam(params, ctx.db) as string)
        : setItemFormats(ctx, userId, name, itemsWithFormatParam(params, ctx.db));
      return envelope(result, formatsMetadata());
    },
  });

  app.delete(url, {
    schema: schema(
      'Empty the cart, or remove the listed items',
      { items: itemsDoc(false) },
      [],
      CartChangeResult,
    ),
    handler: async (request) => {
      const { params, userId, name } = await cartCall(request);
      const result = params.has('items')
        ? removeItems(ctx, userId, name, itemRefsParam(params))
        : emptyCart(ctx, userId, name);
      return envelope(result, formatsMetadata());
    },
  });

  refuseOtherMethods(app, url, ['GET', 'POST', 'PUT', 'DELETE']);
}
