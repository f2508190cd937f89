import type { FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';
import { ApiError } from './api-error.ts';

const allMethods: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

/** Answers 405 with an Allow header for the methods a known path does not take. */
export function refuseOtherMethods(app: FastifyInstance, url: string, allowed: HTTPMethods[]): void {
  const taken = new Set<HTTPMethods>(allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed);
  const allow = [...taken].join(', ');
  app.route({
    method: allMethods.filter((method) => !taken.has(method)),
    url,
    schema: { hide: true } as FastifySchema,
    handler: async () => {
      throw new ApiError(405, 'methodNotAllowed', `This path takes ${allow} only.`, undefined, { allow });
    },
  });
}
