/**
 * Secrets never reach the store's log: OAuth tokens and codes, passwords, PKCE verifiers, link
 * signatures and cookies are replaced wherever a logged value can hold them.
 */

/** Parameter names whose values are secrets, in a query string or a form. */
const secretParameters = new Set([
  'access_token',
  'refresh_token',
  'id_token',
  'id_token_hint',
  'token',
  'code',
  'code_verifier',
  'client_secret',
  'password',
  'csrf',
  'sig',
  'state',
]);

export const redacted = '[redacted]';

/** The URL with every secret parameter's value replaced. */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const query = url
    .slice(question + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals < 0 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replaceAll('+', ' '));
      } catch {
        // A name that does not decode is logged as sent; it cannot be one of the secret names.
      }
      return secretParameters.has(name.trim().toLowerCase()) && equals >= 0 ? `${rawName}=${redacted}` : pair;
    })
    .join('&');
  return `${url.slice(0, question)}?${query}`;
}

/** pino paths redacted in every log line (objects logged with a request, reply or error). */
export const redactedLogPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'body.password',
  'body.csrf',
  'body.access_token',
  'body.refresh_token',
  'body.code',
  'body.code_verifier',
  '*.password',
  '*.access_token',
  '*.refresh_token',
  '*.code_verifier',
];

/** What Fastify logs of a request and a reply: no headers, no body, the URL without secrets. */
export const logSerializers = {
  req: (request: { method: string; url: string; host?: string; ip?: string }) => ({
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  }),
  res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
};
