import type { FastifyInstance } from 'fastify';
import type { StoreContext } from '../context.ts';

// PLACEHOLDER: replaced by the real module.
export function cartRoutes(_app: FastifyInstance, _ctx: StoreContext): void {}
