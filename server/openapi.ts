import type { FastifyInstance } from 'fastify';

// PLACEHOLDER: replaced by the real module.
export async function registerOpenApi(_app: FastifyInstance): Promise<void> {}
