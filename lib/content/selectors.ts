/**
 * Everything the content script knows about the store's markup, in one place: another store's
 * URL shapes or row markup are a change here (and in lib/contract/catalog-url.ts, which parses the ids).
 */
import { type CatalogItemRef, parseCatalogPath, parseCatalogUrl } from '../contract/catalog-url.ts';

/**
 * Links that may name a track or release: a cheap substring match, then the href is parsed
 * strictly (itemOfLink). A row's first link that parses names the row's item.
 */
export const itemLinks = 'a[href*="/track/"], a[href*="/release/"]';

/**
 * Lists of items: track lists and release grids. Their children are the rows (those matching
 * `itemContainers` are items), watched as they come, Load more and infinite scroll included.
 */
export const itemLists = '.track-list, .release-grid';

/** The element that is one item: a track row, a release tile, a detail page's hero. */
export const itemContainers = '.track-row, .release-tile, .hero';

/** A detail page's header, where the page's own item gets its control. */
export const pageHeader = '.hero';

/** Where in its container the control goes; the container itself when none matches. */
export const controlSlots = '.track-main, .hero-price';

/**
 * How each row of a long list keeps its control's height (`size`) free until the control is
 * there (lib/content/control-space.ts). `undecorated` is the selector suffix of a row without one.
 */
export const controlSpaceRules: readonly ((undecorated: string, size: string) => string)[] = [
  // The track row's middle column is a grid without gaps: its padding is where the control goes.
  (undecorated, size) => `.track-row${undecorated} .track-main { padding-block-end: ${size}; }`,
  // A tile is a grid with gaps: a box as tall as the control holds its place.
  (undecorated, size) =>
    `.release-tile${undecorated}::after { content: ""; display: block; block-size: ${size}; }`,
];

/** The item's name, for the buttons' accessible names; the link's text when none matches. */
export const itemTitles = '.track-title, .release-name, h1';

/**
 * A track's recording as the row names it, for "In your collection": its artists (not its
 * remixers), and its title element, whose mix name is its own element.
 */
export const itemArtists = '.track-artists > a, .hero-artists > a';
export const recordingTitles = '.track-title, .hero h1';
export const mixNames = '.mix-name';

/** A track row's tempo ("128 BPM") and key ("F# Minor"), which the control repeats in the person's notation. */
export const itemBpms = '.bpm';
export const itemKeys = '.key';

/** The price a row shows: the item's price in its base format (MP3). */
export const itemPrices = '.price';

/** The store marks a promotional (free) track's price so; it has no price to pay, only a download. */
export const freeMarker = '.price.free';

/** Pages that list catalog items. The cart, sign-in and checkout pages are left alone. */
const catalogPages = /^\/(?:$|charts\/?$|(?:genre|label|artist|chart|release|track)\/)/;
export const isCatalogPage = (path: string): boolean => catalogPages.test(path);

/** The item a link names, when it points into this store. */
export const itemOfLink = (link: HTMLAnchorElement, storeOrigin: string): CatalogItemRef | null =>
  parseCatalogUrl(link.href, storeOrigin);

/** The item a track or release page is about. */
export const itemOfPage = (path: string): CatalogItemRef | null => parseCatalogPath(path);
