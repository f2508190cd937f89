/**
 * Finding each item's row and decorating it once. A row may hold several links to its item (a
 * cover and a title, say) and an element shown again is reported again, so the row carries a
 * marker: the first report decorates it, every later one is a single attribute check.
 */

import {
  type AudioFormat,
  formatOfPriceAttribute,
  priceCurrencyAttribute,
} from '../contract/audio-formats.ts';
import type { CatalogItemRef } from '../contract/catalog-url.ts';
import { itemKey } from '../contract/item-key.ts';
import type { Recording } from '../contract/recording-match.ts';
import { isBpm } from '../contract/track-display.ts';
import { pagePrice } from './page-prices.ts';
import {
  controlSlots,
  freeMarker,
  itemArtists,
  itemBpms,
  itemContainers,
  itemKeys,
  itemLinks,
  itemOfLink,
  itemPrices,
  itemTitles,
  mixNames,
  recordingTitles,
} from './selectors.ts';

/** Set on a decorated row, holding its item (`track:42`). */
export const decoratedMark = 'data-crate-item';

export interface PageItem extends CatalogItemRef {
  /** What the row calls the item, for accessible names. */
  title: string;
  /** A promotional track: downloaded free, never bought. */
  free: boolean;
  /**
   * A track's tempo and key as the row shows them: null for a missing or nonsensical value,
   * absent when the row has no place for them.
   */
  bpm?: number | null;
  key?: string | null;
  /**
   * The row's (MP3) price, for saying what buying again costs: in the DJ's language ("1,49 $")
   * where the row marks its amount, else as the row writes it; null when none.
   */
  price: string | null;
  /**
   * The price in each format the row marks, in the store's order and the DJ's language
   * (formatPriceAttribute); these are the formats the row's buttons offer. Absent: not said.
   */
  prices?: Partial<Record<AudioFormat, string>>;
  /** A track's artists, title and mix as the row names them; absent when it names none. */
  recording?: Recording;
}

export interface FoundRow {
  row: Element;
  /** Where the control goes. */
  slot: Element;
  item: PageItem;
}

const titleOf = (row: Element, fallback: Element): string =>
  (row.querySelector(itemTitles) ?? fallback).textContent?.replace(/\s+/g, ' ').trim().slice(0, 120) ||
  'this item';

/** A row without tempo and key elements (a page's header) repeats neither: nothing is shown. */
function trackFacts(row: Element): { bpm?: number | null; key?: string | null } {
  const bpmElement = row.querySelector(itemBpms);
  const keyElement = row.querySelector(itemKeys);
  if (!bpmElement && !keyElement) return {};
  const bpm = Number.parseInt(bpmElement?.textContent ?? '', 10);
  return {
    bpm: isBpm(bpm) ? bpm : null,
    key: keyElement?.textContent?.trim() || null,
  };
}

const spaced = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** The artists, title and mix a track's row names; absent when it names no artist or title. */
function recordingOf(row: Element): { recording?: Recording } {
  const titleElement = row.querySelector(recordingTitles);
  const artists = [...row.querySelectorAll(itemArtists)].map((link) => spaced(link.textContent));
  if (!titleElement || artists.length === 0) return {};
  const mix = spaced(titleElement.querySelector(mixNames)?.textContent);
  const whole = spaced(titleElement.textContent);
  const title = mix && whole.endsWith(mix) ? whole.slice(0, -mix.length).trim() : whole;
  return { recording: { artists, title, mix } };
}

/**
 * The price element's price in every format it marks, written in the DJ's language. Whatever
 * formats the store sells are marked (issue #49); a format whose amount is missing or broken is
 * left out, so its button is too.
 */
function pricesOf(element: Element | null): { price: string | null; prices?: PageItem['prices'] } {
  const shown = element?.textContent?.trim() || null;
  const currency = element?.getAttribute(priceCurrencyAttribute);
  if (shown === null || !element || !currency) return { price: shown };
  const prices: Record<AudioFormat, string> = {};
  for (const { name, value } of element.attributes) {
    const format = formatOfPriceAttribute(name);
    const amount = Number.parseFloat(value);
    if (format === null || !Number.isFinite(amount) || amount < 0) continue;
    try {
      prices[format] = pagePrice({ value: amount, currency });
    } catch {
      // Not a currency Intl knows: the row's own words are all there is.
      return { price: shown };
    }
  }
  if (Object.keys(prices).length === 0) return { price: shown };
  return { price: prices.mp3 ?? shown, prices };
}

/** The row of an item, given its container and what it names. */
export function rowOf(row: Element, ref: CatalogItemRef, titleFallback: Element = row): FoundRow {
  const item: PageItem = {
    ...ref,
    title: titleOf(row, titleFallback),
    free: ref.type === 'track' && row.querySelector(freeMarker) !== null,
    ...pricesOf(row.querySelector(itemPrices)),
    ...(ref.type === 'track' ? trackFacts(row) : {}),
  };
  // Read when first asked, which is only when a collection is imported: no cost to pages without one.
  if (ref.type === 'track') {
    let read: { recording?: Recording } | undefined;
    Object.defineProperty(item, 'recording', {
      get: () => {
        read ??= recordingOf(row);
        return read.recording;
      },
      enumerable: false,
    });
  }
  return { row, slot: row.querySelector(controlSlots) ?? row, item };
}

/**
 * A row of an item list, with the item its first link into the store names; null for anything
 * else (a chart tile, a row without such a link).
 */
export function listRowOf(row: Element, storeOrigin: string): FoundRow | null {
  if (!row.matches(itemContainers)) return null;
  for (const link of row.querySelectorAll<HTMLAnchorElement>(itemLinks)) {
    const ref = itemOfLink(link, storeOrigin);
    if (ref !== null) return rowOf(row, ref, link);
  }
  return null;
}

/** Runs `mount` for a row that is not decorated yet; returns whether it did. */
export function decorateOnce(found: FoundRow, mount: (found: FoundRow) => void): boolean {
  if (found.row.hasAttribute(decoratedMark)) return false;
  found.row.setAttribute(decoratedMark, itemKey(found.item));
  mount(found);
  return true;
}
