import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DownloadLink, envelopeOf, LibraryEntry, PagingMetadata } from '../../lib/contract/wire.ts';
import { audioFormatFees, loadTracks } from '../catalog/records.ts';
import type { StoreContext } from '../context.ts';
import { notFound } from '../http/api-error.ts';
import { apiRoute } from '../http/api-route.ts';
import { envelope, pagingMetadata } from '../http/envelope.ts';
import { refuseOtherMethods } from '../http/methods.ts';
import { component } from '../http/openapi-schemas.ts';
import { accessTokenParam, idList, oneOf, paging, pagingParams, wholeNumber } from '../http/param-schemas.ts';
import { fileRoutes } from './file-routes.ts';
import {
  type DownloadRow,
  initiateDownloads,
  initiatePromoDownload,
  type LibraryStatus,
  libraryPage,
  libraryStatuses,
} from './library.ts';
import { downloadLink } from './links.ts';

/** `status`: one status or several, comma-separated, each at most once in the result. */
const statusList = z
  .string()
  .max(100, 'must be at most 100 characters long')
  .regex(
    new RegExp(`^(${libraryStatuses.join('|')})(,(${libraryStatuses.join('|')}))*$`),
    `must be one or more of ${libraryStatuses.join(', ')}, comma-separated`,
  )
  .transform((value) => [...new Set(value.split(',') as LibraryStatus[])])
  .describe('One or more of `available`, `downloaded`, `re-download`, comma-separated.');

const responses = {
  library: component(envelopeOf(z.array(LibraryEntry), PagingMetadata), 'LibraryResponse'),
  links: component(envelopeOf(z.array(DownloadLink)), 'DownloadLinksResponse'),
  link: component(envelopeOf(DownloadLink), 'DownloadLinkResponse'),
};

/** Download links for library rows, in the rows' order. */
async function linksFor(ctx: StoreContext, rows: DownloadRow[]) {
  const tracks = await loadTracks(
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
  const formats = audioFormatFees(ctx.db).map((fee) => fee.name as DownloadRow['audio_format']) as [
    DownloadRow['audio_format'],
    ...DownloadRow['audio_format'][],
  ];

  apiRoute(app, ctx, {
    method: 'GET',
    url: '/order/1/downloads',
    operationId: 'listDownloads',
    summary: 'List the download library',
    description:
      'One entry per track and format the user owns (a bought release gives one per track), newest purchase first. `status` keeps only entries never downloaded (`available`), downloaded with a link still valid (`downloaded`), or downloaded before with the last link expired (`re-download`); comma-separate several.',
    tag: 'downloads',
    scope: 'store',
    params: z.object({
      ...pagingParams,
      status: statusList.optional(),
      ...accessTokenParam,
    }),
    response: responses.library,
    handler: async ({ params, user }) => {
      const paged = paging(params);
      const { count, entries } = await libraryPage(ctx, user.userId, paged, params.status);
      return envelope(entries, pagingMetadata(paged, count));
    },
  });

  apiRoute(app, ctx, {
    method: 'POST',
    url: '/order/1/downloads',
    operationId: 'startDownloads',
    summary: 'Start downloads from the library',
    description: `Marks each entry downloaded (setting lastInitiatedAt) and returns a signed link per entry, valid for ${ctx.config.downloadLinkTtlSeconds} seconds by default; fetching it needs no token. An id that is not in the caller's library fails the call with 404 and marks none.`,
    tag: 'downloads',
    scope: 'store',
    params: z.object({
      downloadIds: idList('Comma-separated library entry ids (at most 150), e.g. `12,15`.', 150),
      ...accessTokenParam,
    }),
    response: responses.links,
    errors: [404],
    handler: async ({ params, user }) =>
      envelope(await linksFor(ctx, await initiateDownloads(ctx, user.userId, params.downloadIds))),
  });

  apiRoute(app, ctx, {
    method: 'POST',
    url: '/order/1/promo-downloads',
    operationId: 'downloadPromotion',
    summary: 'Download a free promotional track',
    description:
      'Adds the track to the library (once per format) and returns its signed link, like starting a download. Only tracks whose saleType is `promotion`; any other track is a 403 `notPromotional`.',
    tag: 'downloads',
    scope: 'store',
    params: z.object({
      trackId: wholeNumber('The promotional track.'),
      audioFormat: oneOf(formats, 'A format the store sells; default `mp3`.').optional(),
      ...accessTokenParam,
    }),
    response: responses.link,
    errors: [404],
    handler: async ({ params, user }) => {
      const [link] = await linksFor(ctx, [
        await initiatePromoDownload(ctx, user.userId, params.trackId, params.audioFormat ?? 'mp3'),
      ]);
      if (!link) throw notFound(`Track ${params.trackId} does not exist.`);
      return envelope(link);
    },
  });

  refuseOtherMethods(app, '/order/1/downloads', ['GET', 'POST']);
  refuseOtherMethods(app, '/order/1/promo-downloads', ['POST']);
  fileRoutes(app, ctx);
}
