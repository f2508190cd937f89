/**
 * Conditional requests on a resource whose state has a version (RFC 9110 sections 8.8.3 and 13.1):
 * `ETag` names the version, `If-None-Match` makes a read that answers 304 when nothing changed, and
 * `If-Match` makes a change that is refused (412) when the resource changed since the client read it.
 * Versions are strong entity tags; a weak tag (`W/"…"`) never matches `If-Match`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, badParameter } from './api-error.ts';

const entityTag = /^\s*(W\/)?"([\x21\x23-\x7e]*)"\s*$/;

/** The tags a header lists, or `*`; a malformed header is a 400 naming it. */
function tagsIn(header: string, name: string): { weak: boolean; tag: string }[] | '*' {
  if (header.trim() === '*') return '*';
  return header.split(',').map((part) => {
    const match = entityTag.exec(part);
    if (!match) throw badParameter(name, `${name} must list entity tags such as "abc123" (quoted).`);
    return { weak: match[1] !== undefined, tag: match[2] as string };
  });
}

const headerOf = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(',') : value;
};

/**
 * Sets `ETag` to `version`; when the request's If-None-Match names it, answers 304 (no body) and
 * returns true: the caller sends nothing more.
 */
export function answeredNotModified(request: FastifyRequest, reply: FastifyReply, version: string): boolean {
  reply.header('etag', `"${version}"`);
  const header = headerOf(request, 'If-None-Match');
  if (header === undefined) return false;
  const tags = tagsIn(header, 'If-None-Match');
  // Weak comparison, as RFC 9110 section 13.1.2 asks of If-None-Match.
  if (tags !== '*' && !tags.some(({ tag }) => tag === version)) return false;
  void reply.code(304).send();
  return true;
}

/** The version a change's If-Match names (absent or `*`: none, the change is unconditional). */
export function requiredVersion(request: FastifyRequest): string | undefined {
  const header = headerOf(request, 'If-Match');
  if (header === undefined) return undefined;
  const tags = tagsIn(header, 'If-Match');
  if (tags === '*') return undefined;
  const strong = tags.filter(({ weak }) => !weak);
  if (strong.length !== 1)
    throw badParameter('If-Match', 'If-Match names exactly one strong entity tag, the version last read.');
  return strong[0]?.tag;
}

/** What a change answers when the version it was made against is no longer the current one. */
export const versionChanged = (what: string) =>
  new ApiError(
    412,
    `${what}Changed`,
    `The ${what} changed since you last read it (If-Match): read it again, then retry. Nothing was changed.`,
  );
