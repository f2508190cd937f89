import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Track } from '../../lib/contract/wire.ts';
import { type AudioFile, type AudioTrack, sampleFile, trackFile } from '../audio/audio-file.ts';
import { loadTracks } from '../catalog/records.ts';
import type { StoreContext } from '../context.ts';
import { notFound } from '../http/api-error.ts';
import { refuseOtherMethods } from '../http/methods.ts';
import { Params } from '../http/params.ts';
import { attachmentDisposition, downloadFilename } from './filename.ts';
import { findDownload } from './library.ts';
import { verifyLink } from './links.ts';

const positiveId = /^[1-9][0-9]{0,15}$/;

/** What goes into a file's tags and sound. */
const audioTrackOf = (track: Track): AudioTrack => ({
  id: track.id,
  title: `${track.name} (${track.mixName})`,
  artists: track.artists.map((artist) => artist.name),
  remixers: track.remixers.map((artist) => artist.name),
  album: track.release.name,
  bpm: track.bpm,
  key: track.key,
  isrc: track.isrc,
  genre: track.genre.name,
  label: track.label.name,
});

function trackById(ctx: StoreContext, id: number): Track {
  const track = loadTracks(ctx, [id]).get(id);
  if (!track) throw notFound(`Track ${id} does not exist.`);
  return track;
}

const sendFile = (reply: FastifyReply, file: AudioFile, headers: Record<string, string>) =>
  reply
    .headers(headers)
    .type(file.contentType)
    .header('content-length', file.bytes.length)
    .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.length));

/** The files behind signed download links, and the public samples the track records point to. */
export function fileRoutes(app: FastifyInstance, ctx: StoreContext): void {
  app.get<{ Params: { downloadId: string } }>('/downloads/file/:downloadId', {
    schema: { hide: true },
    handler: async (request, reply) => {
      const params = new Params(request);
      const raw = request.params.downloadId;
      if (!positiveId.test(raw)) throw notFound('There is no such download.');
      const downloadId = Number(raw);
      verifyLink(ctx, downloadId, params.string('expires', { max: 20 }), params.string('sig', { max: 100 }));
      const download = findDownload(ctx, downloadId);
      if (!download) throw notFound('There is no such download.');
      const track = trackById(ctx, download.track_id);
      const file = trackFile(audioTrackOf(track), download.audio_format);
      return sendFile(reply, file, {
        'content-disposition': attachmentDisposition(downloadFilename(track, file.extension)),
        'cache-control': 'private, no-store',
      });
    },
  });

  app.get<{ Params: { file: string } }>('/samples/:file', {
    schema: { hide: true },
    handler: async (request, reply) => {
      const match = /^([1-9][0-9]{0,15})\.mp3$/.exec(request.params.file);
      if (!match) throw notFound('Samples are at /samples/<track id>.mp3.');
      const file = sampleFile(audioTrackOf(trackById(ctx, Number(match[1]))));
      // A sample never changes for a track, so browsers may keep it.
      return sendFile(reply, file, { 'cache-control': 'public, max-age=86400' });
    },
  });

  refuseOtherMethods(app, '/downloads/file/:downloadId', ['GET']);
  refuseOtherMethods(app, '/samples/:file', ['GET']);
}
