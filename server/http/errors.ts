import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/database.ts';
import { ApiError } from './api-error.ts';
import { envelope } from './envelope.ts';

const apiPrefixes = [
  '/cart/',
  '/catalog/',
  '/order/',
  '/oauth/',
  '/.well-known/',
  '/openapi',
  '/downloads/',
  '/samples/',
];
export const isApiPath = (url: string) => {
  const path = `${url.split('?')[0]}/`;
  return apiPrefixes.some((prefix) => path.startsWith(prefix));
};

const errorBody = (error: ApiError) => {
  const metadata: Record<string, string> = { error: error.code, message: error.message };
  if (error.parameter) metadata.parameter = error.parameter;
  return envelope(null, metadata);
};

function sendError(reply: FastifyReply, error: ApiError) {
  return reply
    .code(error.status)
    .headers(error.headers)
    .type('application/json; charset=utf-8')
    .send(errorBody(error));
}

/** A zod issue of the merged parameters (api-route.ts) as the contract's 400 naming the parameter. */
function parameterError(error: FastifyError, request: FastifyRequest): ApiError {
  const [issue] = error.validation ?? [];
  const path = (issue?.instancePath ?? '').split('/').filter(Boolean);
  const key = path[0] ?? 'parameters';
  const given = (request.query as Record<string, unknown> | undefined)?.[key];
  // `facets[]` is the repeatable spelling of `facets`: errors name the parameter.
  const name = key.replace(/\[\]$/, '');
  if (given === undefined)
    return new ApiError(400, 'invalidParameter', `Parameter "${name}" is required.`, name);
  const where = path.length > 1 ? ` (at ${path.slice(1).join('.')})` : '';
  const message = issue?.message ?? 'is not valid';
  // A whole sentence (from a parse function) stands as it is; a schema's fragment follows the name.
  const sentence = /^[A-Z]/.test(message) ? message : `Parameter "${name}" ${message}${where}.`;
  return new ApiError(400, 'invalidParameter', sentence, name);
}

/** Errors Fastify and its parsers raise before a handler runs, by code. */
const frameworkErrors: Record<string, () => ApiError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: () => new ApiError(413, 'bodyTooLarge', 'The request body is over 64 KiB.'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    new ApiError(
      415,
      'unsupportedMediaType',
      'Send parameters in the query string or as a form (application/x-www-form-urlencoded).',
    ),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () =>
    new ApiError(400, 'badRequest', 'The Content-Length header does not match the body.'),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => new ApiError(400, 'badRequest', 'The body is empty.'),
  FST_ERR_BAD_URL: () => new ApiError(400, 'badRequest', 'The path is not a valid URL.'),
};

/** Any failure as an ApiError: what the client did wrong, or a bug that reveals nothing. */
export function toApiError(error: FastifyError, request: FastifyRequest): ApiError {
  if (error instanceof ApiError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) return parameterError(error, request);
  const known = error.code ? frameworkErrors[error.code] : undefined;
  if (known) return known();
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return new ApiError(
      503,
      'unavailable',
      'The store cannot reach its database right now; try again shortly.',
    );
  }
  const status = error.statusCode ?? 500;
  if (status === 414) return new ApiError(414, 'uriTooLong', 'The request URL is too long.');
  if (status >= 400 && status < 500)
    return new ApiError(status, 'badRequest', 'The request could not be read.');
  request.log.error({ err: error }, 'unhandled error');
  return new ApiError(500, 'internalError', 'Something went wrong in the store; try again.');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The path of a request the parser refused, from its first line when that much arrived. */
function refusedPath(error: Error & { rawPacket?: Buffer }): string | undefined {
  const firstLine = error.rawPacket?.subarray(0, 4096).toString('latin1').split('\r\n')[0] ?? '';
  return /^[A-Z]+ (\/\S*) HTTP\/1\.[01]$/.exec(firstLine)?.[1];
}

/**
 * What Node's HTTP parser refuses before any route is found (headers over 16 KiB: 431, a broken
 * request line: 400): the error envelope, or a small HTML page when the path was a website one.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'HPE_URI_TOO_LONG' ? 414 : 400;
  const apiError =
    status === 431
      ? new ApiError(431, 'headersTooLarge', 'The request headers are too large.')
      : status === 414
        ? new ApiError(414, 'uriTooLong', 'The request URL is too long.')
        : new ApiError(400, 'badRequest', 'The request could not be read as HTTP.');
  const reason = { 400: 'Bad Request', 414: 'URI Too Long', 431: 'Request Header Fields Too Large' }[status];
  const path = refusedPath(error as Error & { rawPacket?: Buffer });
  const website = path !== undefined && !isApiPath(path);
  const [type, body] = website
    ? [
        'text/html; charset=utf-8',
        `<!doctype html><html lang="en"><meta charset="utf-8"><title>${reason} · Crate</title><h1>${reason}</h1><p>${escapeHtml(apiError.message)} <a href="/">Go to the store's home page</a>.</p></html>`,
      ]
    : ['application/json; charset=utf-8', JSON.stringify(errorBody(apiError))];
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Errors the router raises before any route runs (a path that does not decode, a path segment
 * over maxParamLength): the envelope on API paths, the website's error page elsewhere.
 */
export function routerErrorHandler(
  htmlError: (request: FastifyRequest, reply: FastifyReply, status: number) => unknown,
) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const apiError =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? new ApiError(414, 'uriTooLong', 'A part of the path is too long.')
        : new ApiError(400, 'badRequest', 'The path is not a valid URL.');
    if (isApiPath(request.url)) return sendError(reply, apiError);
    return htmlError(request, reply, apiError.status);
  };
}

/** Maps every failure to the contract's error envelope; nothing internal ever reaches a client. */
export function installErrorHandling(
  app: FastifyInstance,
  htmlNotFound: (request: FastifyRequest, reply: FastifyReply) => unknown,
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => sendError(reply, toApiError(error, request)));

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) {
      return sendError(
        reply,
        new ApiError(404, 'notFound', `There is nothing at ${request.url.split('?')[0]}.`),
      );
    }
    return htmlNotFound(request, reply);
  });
}
