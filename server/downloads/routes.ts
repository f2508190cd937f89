import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DownloadLink, envelopeOf, LibraryEntry, PagingMetadata } from '../../lib/contract/wire.ts';
import { audioFormatFees, loadTracks } from '../catalog/records.ts';
import type { StoreContext } from '../context.ts';
import { badParameter } from '../http/api-error.ts';
import { requireUser } from '../http/auth.ts';
import { envelope, pagingMetadata } from '../http/envelope.ts';
import { refuseOtherMethods } from '../http/methods.ts';
import { Params } from '../http/params.ts';
import { fileRoutes } from './file-routes.ts';
import {
  type DownloadRow,
  initiateDownloads,
  initiatePromoDownload,
  libraryPage,
  libraryStatuses,
} from './library.ts';
import { downloadLink } from './links.ts';

const security = [{ bearer: [] }];
const tokenParameter = {
  access_token: { type: 'string', description: 'The access token, when it is not sent as a Bearer header.' },
};
const json = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'output' });

/** Download links for library rows, in the rows' order. */
function linksFor(ctx: StoreContext, rows: DownloadRow[]) {
  const tracks = loadTracks(
    ctx,
    rows.map((row) => row.track_id),
  );
  return rows.flatMap((row) => {
    const track = tracks.get(row.track_id);
    return track ? [downloadLink(ctx, row, track)] : [];
  });
}

/** The download library (contract.md section 7), its signed file links and the public samples. */
export function downloadRoutes(app: FastifyInstance, ctx: StoreContext): void {
  app.get('/order/1/downloads', {
    schema: {
      summary: 'List the download library',
      description:
        'One entry per track and format the user owns (a bought release gives one per track), newest purchase first. `status` keeps only entries not yet downloaded (`available`) or already started (`downloaded`).',
      tags: ['downloads'],
      security,
      querystring: {
        type: 'object',
        properties: {
          page: { type: 'integer', minimum: 1, default: 1 },
          perPage: { type: 'integer', minimum: 1, maximum: 150, default: 25 },
          status: { type: 'string', enum: [...libraryStatuses] },
          ...tokenParameter,
        },
      },
      response: { 200: json(envelopeOf(z.array(LibraryEntry), PagingMetadata)) },
    },
    handler: async (request) => {
      const params = new Params(request);
      const user = await requireUser(ctx, request, params);
      const paging = params.paging();
      const status = params.choice('status', libraryStatuses);
      const { count, entries } = libraryPage(ctx, user.userId, paging, status);
      return envelope(entries, pagingMetadata(paging, count));
    },
  });

  app.post('/order/1/downloads', {
    schema: {
      summary: 'Start downloads from the library',
      description: `Marks each entry downloaded (setting lastInitiatedAt) and returns a signed link per entry, valid for ${ctx.config.downloadLinkTtlSeconds} seconds by default; fetching it needs no token. An id that is not in the caller's library fails the call with 404 and marks none.`,
      tags: ['downloads'],
      security,
      querystring: {
        type: 'object',
        properties: {
          downloadIds: { type: 'string', description: 'Comma-separated library entry ids, e.g. `12,15`.' },
          ...tokenParameter,
        },
        required: ['downloadIds'],
      },
      response: { 200: json(envelopeOf(z.array(DownloadLink))) },
    },
    handler: async (request) => {
      const params = new Params(request);
      const user = await requireUser(ctx, request, params);
      const ids = params.idList('downloadIds', 150);
      if (!ids) throw badParameter('downloadIds', 'Parameter "downloadIds" is required.');
      return envelope(linksFor(ctx, initiateDownloads(ctx, user.userId, ids)));
    },
  });

  app.post('/order/1/promo-downloads', {
    schema: {
      summary: 'Download a free promotional track',
      description:
        'Adds the track to the library (once per format) and returns its signed link, like starting a download. Only tracks whose saleType is `promotion`; any other track is a 403 `notPromotional`.',
      tags: ['downloads'],
      security,
      querystring: {
        type: 'object',
        properties: {
          trackId: { type: 'integer', minimum: 1 },
          audioFormat: { type: 'string', description: 'A format the store sells; default `mp3`.' },
          ...tokenParameter,
        },
        required: ['trackId'],
      },
      response: { 200: json(envelopeOf(DownloadLink)) },
    },
    handler: async (request) => {
      const params = new Params(request);
      const user = await requireUser(ctx, request, params);
      const trackId = params.int('trackId', { required: true });
      const formats = audioFormatFees(ctx.db).map((fee) => fee.name as DownloadRow['audio_format']);
      const format = params.choice('audioFormat', formats) ?? 'mp3';
      const [link] = linksFor(ctx, [initiatePromoDownload(ctx, user.userId, trackId, format)]);
      return envelope(link);
    },
  });

  refuseOtherMethods(app, '/order/1/downloads', ['GET', 'POST']);
  refuseOtherMethods(app, '/order/1/promo-downloads', ['POST']);
  fileRoutes(app, ctx);
}
