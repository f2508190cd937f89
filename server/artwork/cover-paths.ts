/**
 * Where release covers are served, in which sizes. Kept free of Node modules: the website's
 * components that use it are also bundled for the browser.
 */

/** The full picture's width and height: what the API's `image` describes. */
export const coverSize = 600;

/** Sizes a cover is served in: the full picture, and thumbnails for the website's tiles and rows. */
export const coverSizes = [coverSize, 250, 88] as const;
export type CoverSize = (typeof coverSizes)[number];

export function coverPath(releaseId: number, size: CoverSize = coverSize): string {
  return size === coverSize ? `/images/release/${releaseId}.jpg` : `/images/release/${releaseId}-${size}.jpg`;
}
