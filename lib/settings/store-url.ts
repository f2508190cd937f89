/**
 * Store URLs as the options page takes them: a person types something URL-like, the extension
 * keeps only the origin, and knows whether the manifest already grants access to it.
 */
import { i18n } from '#i18n';
import { isLoopbackHost, manifestStoreMatches, storeMatchPattern } from '../contract/store-hosts.ts';

export type StoreUrlCheck = { ok: true; storeUrl: string } | { ok: false; message: string };

/** The origin a typed store URL names; the store's paths are fixed, so a path is dropped. */
export function normalizeStoreUrl(input: string): StoreUrlCheck {
  const trimmed = input.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, message: i18n.t('options.problem.storeAddress') };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, message: i18n.t('options.problem.storeScheme') };
  }
  if (url.username || url.password) {
    return { ok: false, message: i18n.t('options.problem.storeCredentials') };
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return { ok: false, message: i18n.t('options.problem.storeHttps') };
  }
  return { ok: true, storeUrl: url.origin };
}

/** The manifest's host_permissions cover loopback stores (match patterns ignore ports). */
export function isBuiltInStore(storeUrl: string): boolean {
  return manifestStoreMatches.includes(storeMatchPattern(storeUrl));
}
