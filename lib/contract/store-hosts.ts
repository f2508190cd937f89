/**
 * Which stores the extension reaches, and how. The local store: loopback hosts, where plain http never leaves the machine. The extension
 * allows http only there (OAuth and the options page); the manifest grants the two names a
 * match pattern can write (patterns ignore ports, so they cover every local port).
 */
export const loopbackHosts = ['127.0.0.1', 'localhost', '[::1]'] as const;

export const isLoopbackHost = (hostname: string): boolean =>
  loopbackHosts.includes(hostname as (typeof loopbackHosts)[number]);

/** The manifest's content_scripts matches and host_permissions for the local store. */
export const manifestStoreMatches = ['http://127.0.0.1/*', 'http://localhost/*'];

/** A store's match pattern (permissions, content scripts): scheme and host, since patterns cannot name a port. */
export function storeMatchPattern(storeUrl: string): string {
  const url = new URL(storeUrl);
  return `${url.protocol}//${url.hostname}/*`;
}
