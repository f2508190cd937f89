import type { FastifyInstance } from 'fastify';
import type { Authenticator, StoreContext } from '../context.ts';

// PLACEHOLDER: replaced by the real module.
export async function registerOAuth(_app: FastifyInstance, _ctx: StoreContext): Promise<Authenticator> {
  return { verifyAccessToken: async () => null };
}
