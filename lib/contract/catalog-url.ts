/**
 * Track and release ids from the store's page URLs (`/track/<slug>/<id>`, `/release/<slug>/<id>`,
 * contract.md section 8). Strict on purpose: the content script decorates links by these ids, and
 * anything that only looks like a catalog URL must not become a cart item.
 */
import type { ItemType } from './wire.ts';

export interface CatalogItemRef {
  type: ItemType;
  id: number;
}

// One slug segment of unreserved or percent-encoded characters (the store slugs names; the slug
// itself is decoration, the id is what counts), then a positive id without leading zeros.
const catalogPath = /^\/(track|release)\/([A-Za-z0-9._~%-]+)\/([1-9][0-9]{0,15})\/?$/;

/** The item a path such as `/track/strobe-original-mix/42` names, or null. */
export function parseCatalogPath(pathname: string): CatalogItemRef | null {
  const match = catalogPath.exec(pathname);
  if (!match) return null;
  const id = Number(match[3]);
  if (!Number.isSafeInteger(id)) return null;
  return { type: match[1] as ItemType, id };
}

/**
 * The item a link names, when it points into the store at `storeOrigin`. Relative hrefs resolve
 * against `base` (the page's URL); query and fragment do not matter.
 */
export function parseCatalogUrl(href: string, storeOrigin: string, base?: string): CatalogItemRef | null {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  if (url.origin !== storeOrigin) return null;
  return parseCatalogPath(url.pathname);
}
