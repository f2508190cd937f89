import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error.ts';
import type { FileNetwork } from './file-network.ts';

/** A satisfiable byte range, both ends inclusive. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The single range a `Range` header asks of a body of `length` bytes (RFC 9110 section 14):
 * undefined to send the whole body (no header, another unit, a malformed header or several
 * ranges, which a server may answer in full); 'unsatisfiable' when it starts past the end.
 */
export function requestedRange(
  header: string | undefined,
  length: number,
): ByteRange | 'unsatisfiable' | undefined {
  const match = header && /^bytes=\s*([0-9]*)-([0-9]*)\s*$/.exec(header);
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    // "-N": the last N bytes.
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, length - suffix), end: length - 1 };
  }
  const start = Number(first);
  const end = last === '' ? length - 1 : Math.min(Number(last), length - 1);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= length) return 'unsatisfiable';
  return { start, end };
}

/** Sends a file's bytes through the demo's shaped network, if it shapes any (server/downloads/file-network.ts). */
export async function sendShaped(
  reply: FastifyReply,
  network: FileNetwork,
  bytes: Uint8Array,
  cuttable: boolean,
): Promise<FastifyReply> {
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (!network.shaping) return reply.send(body);
  await network.delay();
  return reply.send(network.shape(Readable.from([body]), reply.raw, cuttable));
}

/** Sends a body whole (200) or the range the request asks for (206), saying ranges are accepted. */
export function sendWithRanges(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { bytes: Uint8Array; contentType: string; headers: Record<string, string> },
  /** The demo's shaping, and whether this response may be the one-shot cut (purchased files). */
  network: { shaping: FileNetwork; cuttable: boolean },
): Promise<FastifyReply> {
  const { bytes, contentType, headers } = file;
  const range = requestedRange(request.headers.range, bytes.length);
  if (range === 'unsatisfiable') {
    throw new ApiError(
      416,
      'rangeNotSatisfiable',
      `The range asked for lies outside the ${bytes.length} bytes of this file.`,
      undefined,
      { 'content-range': `bytes */${bytes.length}`, 'accept-ranges': 'bytes' },
    );
  }
  const body = range ? bytes.subarray(range.start, range.end + 1) : bytes;
  reply
    .headers(headers)
    .header('accept-ranges', 'bytes')
    .type(contentType)
    .header('content-length', body.length);
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${bytes.length}`);
  return sendShaped(reply, network.shaping, body, network.cuttable);
}
