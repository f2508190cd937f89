import type { FastifyReply } from 'fastify';
import type { VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';

/**
 * Scripts and styles only from the site's own files: no inline script can run even if some text
 * ever escaped its escaping. Forms may only post back to the store.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "object-src 'none'",
].join('; ');

/** Sends a rendered page. Pages show who is signed in and carry CSRF tokens, so none is cached. */
export function sendPage(reply: FastifyReply, page: VNode, status = 200) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', contentSecurityPolicy)
    .header('cache-control', 'no-store')
    .send(`<!doctype html>${renderToString(page)}`);
}
