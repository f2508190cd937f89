import type { Ref } from './wire.ts';

/**
 * The storefront's URL patterns (contract.md section 8). The extension's content script finds
 * tracks and releases by these links, so every page and the client script build them here.
 */

export type PageKind = 'genre' | 'label' | 'artist' | 'chart' | 'release' | 'track';

/**
 * One path segment, strictly: everything but RFC 3986's unreserved characters percent-encoded
 * (encodeURIComponent leaves !'()* alone, which the content script's link parser does not take).
 * A lone surrogate, which no URL can carry, becomes U+FFFD.
 */
const pathSegment = (text: string) =>
  encodeURIComponent(text.toWellFormed()).replace(
    /[!'()*]/g,
    (char) => `%${(char.codePointAt(0) as number).toString(16).toUpperCase()}`,
  );

// Slugs come from the catalog and are URL-safe already; encoding keeps an odd one from breaking out.
// An empty slug or one of dots only (which a browser would resolve away) is written as "-".
export const pageUrl = (kind: PageKind, { slug, id }: Pick<Ref, 'slug' | 'id'>) =>
  `/${kind}/${pathSegment(slug.replace(/^\.*$/, '-'))}/${id}`;

export const trackUrl = (ref: Pick<Ref, 'slug' | 'id'>) => pageUrl('track', ref);
export const releaseUrl = (ref: Pick<Ref, 'slug' | 'id'>) => pageUrl('release', ref);
export const artistUrl = (ref: Pick<Ref, 'slug' | 'id'>) => pageUrl('artist', ref);
export const labelUrl = (ref: Pick<Ref, 'slug' | 'id'>) => pageUrl('label', ref);
export const genreUrl = (ref: Pick<Ref, 'slug' | 'id'>) => pageUrl('genre', ref);
export const chartUrl = (ref: Pick<Ref, 'slug' | 'id'>) => pageUrl('chart', ref);

/** The website's cart page, where checkout happens (the extension opens it for checkout). */
export const cartPageUrl = '/cart';

/** The website's page of one named cart, checked out from there. */
export const namedCartPageUrl = (name: string) => `${cartPageUrl}?cart=${encodeURIComponent(name)}`;

/** The website's sign-out page (the popup offers it after signing out of the extension). */
export const signOutPageUrl = '/sign-out';

/**
 * A track's public 30-second preview (the Track record's `sampleUrl`, served with HTTP ranges).
 * The content script builds it from a row's track id, as store pages do not carry the record.
 */
export const samplePath = (trackId: number) => `/samples/${trackId}.mp3`;
