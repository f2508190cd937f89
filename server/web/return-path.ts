/**
 * Where to go after signing in: only a path on this site, so a crafted link such as
 * `/sign-in?return=//evil.example` cannot send a user elsewhere (an open redirect).
 *
 * Browsers read a Location leniently: they strip tabs and newlines, treat `\` as `/`, and some
 * proxies and servers decode `%2F` and `%5C` again. So a path is taken only when it is plain:
 * one leading `/` then no second slash or backslash at its start, no control characters, no
 * encoded slash, backslash, dot segment or control character anywhere, and it stays the same
 * path once the URL parser has normalized it. Anything else falls back to the safe default.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const controlOrBackslash = /[\u0000-\u001f\u007f-\u009f\\\u2028\u2029]/;
// Encoded `/`, `\`, `.`, `%` (double encoding) and control characters.
const encodedTrouble = /%(2f|5c|2e|25|[01][0-9a-f]|7f)/i;

export function safeReturnPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return fallback;
  if (value[0] !== '/' || value[1] === '/' || value[1] === '\\') return fallback;
  if (controlOrBackslash.test(value) || encodedTrouble.test(value)) return fallback;
  // Dot segments can turn "/.//host" into "//host" once normalized.
  if (/(^|\/)\.{1,2}(\/|$|\?|#)/.test(value)) return fallback;
  const base = 'http://crate.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith('/') || path.startsWith('//')) return fallback;
  return path;
}
