import type { FastifyInstance } from 'fastify';
import type { StoreContext } from '../context.ts';
import { notFound } from '../http/api-error.ts';
import { refuseOtherMethods } from '../http/methods.ts';
import { type CoverSize, coverSizes } from './cover-paths.ts';
import { coverEtag, coverFile, coverSpec } from './release-art.ts';

const coverFileName = /^([1-9][0-9]{0,15})(?:-([0-9]{1,4}))?\.jpg$/;

/** Release covers (contract.md section 5, `image`): public, cacheable JPEGs. */
export function artworkRoutes(app: FastifyInstance, ctx: StoreContext): void {
  app.get<{ Params: { file: string } }>('/images/release/:file', {
    schema: { hide: true },
    handler: async (request, reply) => {
      const match = coverFileName.exec(request.params.file);
      const size = Number(match?.[2] ?? coverSizes[0]) as CoverSize;
      if (!match || !coverSizes.includes(size)) {
        throw notFound(
          `Covers are at /images/release/<release id>.jpg (or -${coverSizes.slice(1).join('/-')}.jpg).`,
        );
      }
      const spec = await coverSpec(ctx, Number(match[1]));
      if (!spec) throw notFound(`Release ${match[1]} does not exist.`);
      // A cover changes only when its release is renamed; the ETag tells, so a day of caching is safe.
      const etag = coverEtag(spec, size);
      reply.headers({ etag, 'cache-control': 'public, max-age=86400' });
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      const { bytes } = coverFile(spec, size);
      return reply
        .type('image/jpeg')
        .header('content-length', bytes.length)
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
    },
  });
  refuseOtherMethods(app, '/images/release/:file', ['GET']);
}
