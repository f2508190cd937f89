import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelopeOf, Release } from '../../lib/contract/wire.ts';
import type { StoreContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { apiRoute } from '../http/api-route.ts';
import { envelope } from '../http/envelope.ts';
import { refuseOtherMethods } from '../http/methods.ts';
import { wholeNumber } from '../http/param-schemas.ts';
import { checkOperator } from './operator-token.ts';
import { maxPublishedTracks, publishRelease } from './publish.ts';

export const publishUrl = '/operator/1/releases';

/** The operator's calls: not part of the public API (left out of /openapi.json), token-guarded. */
export function operatorRoutes(app: FastifyInstance, ctx: StoreContext): void {
  // Before anything is parsed: without the token, no parameter is even looked at.
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith(publishUrl))
      checkOperator(ctx.config.operatorToken, request.headers.authorization);
  });
  apiRoute(app, ctx, {
    method: 'POST',
    url: publishUrl,
    operationId: 'publishRelease',
    summary: 'Publish a new release now (operator only)',
    tag: 'catalog',
    scope: undefined,
    params: z.object({
      artistId: wholeNumber(
        'The artist credited; with no label, on the label of their newest release.',
      ).optional(),
      labelId: wholeNumber(
        'The label it comes out on; with no artist, by its newest release artist.',
      ).optional(),
      tracks: wholeNumber('How many tracks it holds.', { max: maxPublishedTracks }).optional(),
    }),
    response: envelopeOf(Release),
    errors: [401, 403, 404],
    handler: async ({ params }) => {
      if (params.artistId === undefined && params.labelId === undefined) {
        throw badArtistOrLabel();
      }
      return envelope(
        await publishRelease(ctx, {
          artistId: params.artistId,
          labelId: params.labelId,
          tracks: params.tracks ?? 3,
        }),
      );
    },
  });
  refuseOtherMethods(app, publishUrl, ['POST']);
}

const badArtistOrLabel = () =>
  new ApiError(
    400,
    'invalidParameter',
    'Name the artist (artistId) or the label (labelId) it is by.',
    'artistId',
  );
