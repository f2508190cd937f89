import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './api-error.ts';
import { envelope } from './envelope.ts';

const apiPrefixes = ['/cart/', '/catalog/', '/order/', '/oauth/', '/.well-known/', '/openapi', '/downloads/'];
export const isApiPath = (url: string) => apiPrefixes.some((prefix) => url.startsWith(prefix));

function sendError(reply: FastifyReply, error: ApiError) {
  const metadata: Record<string, string> = { error: error.code, message: error.message };
  if (error.parameter) metadata.parameter = error.parameter;
  return reply.code(error.status).headers(error.headers).send(envelope(null, metadata));
}

/** Maps every failure to the contract's error envelope; nothing internal ever reaches a client. */
export function installErrorHandling(
  app: FastifyInstance,
  htmlNotFound: (request: FastifyRequest, reply: FastifyReply) => unknown,
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) return sendError(reply, error);
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendError(reply, new ApiError(413, 'bodyTooLarge', 'The request body is too large.'));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendError(
        reply,
        new ApiError(415, 'unsupportedMediaType', 'Send parameters in the query string or as a form.'),
      );
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendError(reply, new ApiError(status, 'badRequest', 'The request could not be read.'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(
      reply,
      new ApiError(500, 'internalError', 'Something went wrong in the store; try again.'),
    );
  });

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
