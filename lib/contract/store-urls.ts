import type { Ref } from './wire.ts';

/**
 * The storefront's URL patterns (contract.md section 8). The extension's content script finds
 * tracks and releases by these links, so every page and the client script build them here.
 */

export type PageKind = 'genre' | 'label' | 'artist' | 'chart' | 'release' | 'track';

// Slugs come from the catalog and are URL-safe already; encoding keeps an odd one from breaking out.
export const pageUrl = (kind: PageKind, { slug, id }: Pick<Ref, 'slug' | 'id'>) =>
  `/${kind}/${encodeURIComponent(slug || '-')}/${id}`;

export const trackUrl = (ref: Pick<Ref, 'slug' | 'id'>) => pageUrl('track', ref);
export const releaseUrl = (ref: Pick<Ref, 'slug' | 'id'>) => pageUrl('release', ref);
export const artistUrl = (ref: Pick<Ref, 'slug' | 'id'>) => pageUrl('artist', ref);
export const labelUrl = (ref: Pick<Ref, 'slug' | 'id'>) => pageUrl('label', ref);
export const genreUrl = (ref: Pick<Ref, 'slug' | 'id'>) => pageUrl('genre', ref);
export const chartUrl = (ref: Pick<Ref, 'slug' | 'id'>) => pageUrl('chart', ref);
