/**
 * Where to go after signing in: only a path on this site, so a crafted link such as
 * `/sign-in?return=//evil.example` cannot send a user elsewhere (an open redirect).
 */
export function safeReturnPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > 2000) return fallback;
  // Browsers treat "//host" and "/\host" as another origin, and strip tabs and newlines first.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(value) || value.startsWith('//')) return fallback;
  const base = 'http://crate.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
