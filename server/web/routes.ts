import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { StoreContext } from '../context.ts';

// PLACEHOLDER: replaced by the real module.
export function websiteRoutes(_app: FastifyInstance, _ctx: StoreContext): void {}
export function notFoundPage(_request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).type('text/html').send('<h1>Not found</h1>');
}
