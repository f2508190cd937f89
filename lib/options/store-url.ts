/**
 * Store URLs as the options page takes them: a person types something URL-like, the extension
 * keeps only the origin, and knows whether the manifest already grants access to it.
 */
import { isLoopbackHost, manifestStoreMatches, storeMatchPattern } from '../contract/store-hosts.ts';

export type StoreUrlCheck = { ok: true; storeUrl: string } | { ok: false; message: string };

/** The origin a typed store URL names; the store's paths are fixed, so a path is dropped. */
export function normalizeStoreUrl(input: string): StoreUrlCheck {
  const trimmed = input.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, message: 'Enter the store address, e.g. http://127.0.0.1:8787.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, message: 'The store address must start with http:// or https://.' };
  }
  if (url.username || url.password) {
    return { ok: false, message: 'Leave the user name and password out of the store address.' };
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return { ok: false, message: 'Use https:// for a store that is not on this computer.' };
  }
  return { ok: true, storeUrl: url.origin };
}

/** The manifest's host_permissions cover loopback stores (match patterns ignore ports). */
export function isBuiltInStore(storeUrl: string): boolean {
  return manifestStoreMatches.includes(storeMatchPattern(storeUrl));
}
