import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StoreContext } from '../context.ts';
import { cookieOptions, randomToken, type WebSession } from './session.ts';

/**
 * CSRF tokens for every form that changes something. A signed-in user's forms carry their
 * session's token. The sign-in form, shown before any session exists, carries a token that must
 * match a cookie of its own (double submit), so another site cannot sign a browser into an
 * account of its choosing.
 */

export const csrfField = 'csrf';
const visitorCookie = 'crate_csrf';

/** The token a visitor's sign-in form carries; sets its cookie on first use. */
export function visitorCsrfToken(ctx: StoreContext, request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[visitorCookie];
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const token = randomToken();
  reply.setCookie(visitorCookie, token, cookieOptions(ctx));
  return token;
}

function sameToken(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

const formToken = (request: FastifyRequest) =>
  (request.body as Record<string, unknown> | undefined)?.[csrfField];

export const visitorCsrfValid = (request: FastifyRequest) => {
  const cookie = request.cookies[visitorCookie];
  return cookie !== undefined && sameToken(cookie, formToken(request));
};

export const sessionCsrfValid = (request: FastifyRequest, session: WebSession) =>
  sameToken(session.csrfToken, formToken(request));

/**
 * Whether a state-changing request comes from the store's own pages. Browsers say where a request
 * comes from in Sec-Fetch-Site, and older ones in Origin; either naming another site refuses the
 * request before its form is read. A client that sends neither (not a browser) is left to the
 * CSRF token, which every form carries as well.
 */
export function fromThisSite(ctx: StoreContext, request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  const origin = request.headers.origin;
  if (origin !== undefined) return origin === new URL(ctx.config.baseUrl).origin;
  return true;
}
