import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Track } from '../../lib/contract/wire.ts';
import { trackAnalysisIfAny } from '../analysis/track-analyses.ts';
import { sampleFileOffThread, trackFileOffThread } from '../audio/audio-file.ts';
import { loadTracks } from '../catalog/records.ts';
import type { StoreContext } from '../context.ts';
import { notFound } from '../http/api-error.ts';
import { refuseOtherMethods } from '../http/methods.ts';
import { sendFile } from './byte-ranges.ts';
import { audioTrackOf } from './file-tags.ts';
import { attachmentDisposition, downloadFilename } from './filename.ts';
import { findDownload } from './library.ts';
import { verifyLink } from './links.ts';

const positiveId = /^[1-9][0-9]{0,15}$/;

/** A signed link's parameters; a repeated one is refused like any parameter given twice. */
const signedLinkParams = z.object({
  expires: z.string().max(20, 'must be at most 20 characters long').optional(),
  sig: z.string().max(100, 'must be at most 100 characters long').optional(),
});

async function trackById(ctx: StoreContext, id: number): Promise<Track> {
  const track = (await loadTracks(ctx, [id])).get(id);
  if (!track) throw notFound(`Track ${id} does not exist.`);
  return track;
}

/** A file's Last-Modified: when its track came out (a demo track dated ahead counts from now). */
const published = (track: Track) => new Date(Math.min(Date.parse(track.publishDate), Date.now()));

/** The files behind signed download links, and the public samples the track records point to. */
export function fileRoutes(app: FastifyInstance, ctx: StoreContext): void {
  app.get<{ Params: { downloadId: string }; Querystring: { expires?: string; sig?: string } }>(
    '/downloads/file/:downloadId',
    {
      schema: { hide: true, querystring: signedLinkParams },
      handler: async (request, reply) => {
        const raw = request.params.downloadId;
        if (!positiveId.test(raw)) throw notFound('There is no such download.');
        const downloadId = Number(raw);
        verifyLink(ctx, downloadId, request.query.expires, request.query.sig);
        const download = await findDownload(ctx, downloadId);
        if (!download) throw notFound('There is no such download.');
        const track = await trackById(ctx, download.track_id);
        // The purchased file carries the track's analysis: its tempo with decimals, Serato's cues and grid.
        const audio = await audioTrackOf(ctx, track, { withCover: true });
        const file = await trackFileOffThread(
          { ...audio, analysis: await trackAnalysisIfAny(ctx, track) },
          download.audio_format,
        );
        const headers = {
          'content-disposition': attachmentDisposition(downloadFilename(track, file.extension)),
          'cache-control': 'private, no-store',
        };
        return sendFile(
          request,
          reply,
          { file, headers, lastModified: published(track) },
          { network: ctx.fileNetwork, cuttable: true },
        );
      },
    },
  );

  app.get<{ Params: { file: string } }>('/samples/:file', {
    schema: { hide: true },
    handler: async (request, reply) => {
      const match = /^([1-9][0-9]{0,15})\.mp3$/.exec(request.params.file);
      if (!match) throw notFound('Samples are at /samples/<track id>.mp3.');
      const track = await trackById(ctx, Number(match[1]));
      const file = await sampleFileOffThread(await audioTrackOf(ctx, track, { withCover: false }));
      // A sample never changes for a track, so browsers may keep it; players seek with ranges.
      return sendFile(
        request,
        reply,
        { file, headers: { 'cache-control': 'public, max-age=86400' }, lastModified: published(track) },
        { network: ctx.fileNetwork, cuttable: false },
      );
    },
  });

  refuseOtherMethods(app, '/downloads/file/:downloadId', ['GET']);
  refuseOtherMethods(app, '/samples/:file', ['GET']);
}
