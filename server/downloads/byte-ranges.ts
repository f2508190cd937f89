import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PartedFile } from '../audio/parted-file.ts';
import { ApiError } from '../http/api-error.ts';
import type { FileNetwork } from '../http/file-network.ts';

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

/**
 * Whether a Range request's If-Range (if any) still names this file: only the strong ETag counts.
 * A date is not a strong validator here (a file's tags can change within a second of its
 * Last-Modified), so with one the whole file is sent, as RFC 9110 section 13.1.5 asks.
 */
function ifRangeHolds(ifRange: string | undefined, etag: string): boolean {
  return ifRange === undefined || ifRange.trim() === etag;
}

/** Whether If-None-Match names this file's ETag (or any): the client's copy is current. */
function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const tags = ifNoneMatch.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  return tags.includes('*') || tags.includes(etag);
}

export interface FileResponse {
  file: PartedFile;
  /** Headers of the route's own: Content-Disposition, Cache-Control. */
  headers: Record<string, string>;
  lastModified: Date;
}

/**
 * Sends a file as a store does: streamed in slices made as the client takes them (never whole in
 * memory), with its size, a strong ETag and Last-Modified, `Accept-Ranges: bytes`; a single range
 * (with an If-Range that still holds) is a 206 with exactly those bytes of the whole file, a range
 * past the end a 416 saying the size. Through the demo's shaped network, if it shapes any.
 */
export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  { file, headers, lastModified }: FileResponse,
  /** The demo's shaping, and whether this response may be the one-shot cut (purchased files). */
  network: { network: FileNetwork; cuttable: boolean },
): Promise<FastifyReply> {
  reply
    .headers(headers)
    .header('accept-ranges', 'bytes')
    .header('etag', file.etag)
    .header('last-modified', lastModified.toUTCString());
  if (notModified(request.headers['if-none-match'], file.etag)) return reply.code(304).send();
  const ifRange = request.headers['if-range'];
  // If-Range given twice is no validator this file can hold to: the whole file.
  const holds = typeof ifRange !== 'object' && ifRangeHolds(ifRange, file.etag);
  const range = holds ? requestedRange(request.headers.range, file.size) : undefined;
  if (range === 'unsatisfiable') {
    throw new ApiError(
      416,
      'rangeNotSatisfiable',
      `The range asked for lies outside the ${file.size} bytes of this file.`,
      undefined,
      { 'content-range': `bytes */${file.size}`, 'accept-ranges': 'bytes' },
    );
  }
  const { start, end } = range ?? { start: 0, end: file.size - 1 };
  reply.type(file.contentType).header('content-length', end - start + 1);
  if (range) reply.code(206).header('content-range', `bytes ${start}-${end}/${file.size}`);
  const body = Readable.from(file.chunks(start, end), { objectMode: false });
  const { network: shaped, cuttable } = network;
  if (!shaped.active) return reply.send(body);
  await shaped.delay();
  return reply.send(shaped.shape(body, reply.raw, cuttable));
}
