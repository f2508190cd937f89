/**
 * Finding each item's row and decorating it once. A row may hold several links to its item (a
 * cover and a title, say) and an element shown again is reported again, so the row carries a
 * marker: the first report decorates it, every later one is a single attribute check.
 */
import type { CatalogItemRef } from '../catalog-url.ts';
import { controlSlots, freeMarker, itemContainers, itemOfLink, itemTitles } from './selectors.ts';

/** Set on a decorated row, holding its item (`track:42`). */
export const decoratedMark = 'data-crate-item';

export interface PageItem extends CatalogItemRef {
  /** What the row calls the item, for accessible names. */
  title: string;
  /** A promotional track: downloaded free, never bought. */
  free: boolean;
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

/** The row of an item, given its container and what it names. */
export function rowOf(row: Element, ref: CatalogItemRef, titleFallback: Element = row): FoundRow {
  return {
    row,
    slot: row.querySelector(controlSlots) ?? row,
    item: {
      ...ref,
      title: titleOf(row, titleFallback),
      free: ref.type === 'track' && row.querySelector(freeMarker) !== null,
    },
  };
}

/** The row a link to an item sits in, or null for links outside any item container. */
export function rowOfLink(link: HTMLAnchorElement, storeOrigin: string): FoundRow | null {
  const ref = itemOfLink(link, storeOrigin);
  if (ref === null) return null;
  const row = link.closest(itemContainers);
  return row === null ? null : rowOf(row, ref, link);
}

/** Runs `mount` for a row that is not decorated yet; returns whether it did. */
export function decorateOnce(found: FoundRow, mount: (found: FoundRow) => void): boolean {
  if (found.row.hasAttribute(decoratedMark)) return false;
  found.row.setAttribute(decoratedMark, `${found.item.type}:${found.item.id}`);
  mount(found);
  return true;
}
