/**
 * Feature: "Hide what I have". A toggle above the first item list the page shows (outside the
 * page's own grid and flex layouts: page-flow.ts) hides the rows of tracks and releases the DJ
 * owns or has in their collection (issue #26). Each decorated row is marked by what its control
 * knows (control-host.ts); the toggle is one attribute on the document, so hiding a long list is
 * one style change, not a walk over its rows. Rows are marked as they are decorated near the
 * viewport: hidden rows let the next ones come near, so the screen fills with what the DJ does
 * not have. A detail page's own item is never hidden.
 * The choice is remembered (storage.local hideWhatYouHave, lib/storage/items.ts) for every store tab.
 */
import { browser } from 'wxt/browser';
import type { ItemStatus } from './item-state.ts';
import { blockFlowAncestor } from './page-flow.ts';
import { pageStorageKeys } from './page-storage.ts';
import { adoptPageStyleSheet } from './page-stylesheet.ts';
import { observe } from './selector-observer.ts';
import { itemLists, pageHeader } from './selectors.ts';

/** On a row whose item the DJ has: owned here, or in the collection. */
export const haveMark = 'data-crate-have';
/** On the document while the filter hides those rows. */
export const hidingMark = 'data-crate-hide-have';

export const hasIt = (status: Pick<ItemStatus, 'owned' | 'inCollection'>): boolean =>
  status.owned || status.inCollection !== null;

/** Marks a list row by its item's status; the page's own item (its header) stays unmarked. */
export function markRow(row: Element, status: Pick<ItemStatus, 'owned' | 'inCollection'>): void {
  if (row.matches(pageHeader)) return;
  row.toggleAttribute(haveMark, hasIt(status));
}

/** Only a change touches the root's attribute: toggling it restyles the whole document. */
function applyFilter(hide: boolean): void {
  const root = document.documentElement;
  if (root.hasAttribute(hidingMark) !== hide) root.toggleAttribute(hidingMark, hide);
}

/**
 * What the toggle goes before: the first list the page shows (the first at all while none is),
 * or its ancestor that the page's own grid or flex layout places, where the toggle would take
 * the place of the page's items (page-flow.ts). `shown` are the lists the selector observer has
 * reported, in document order once sorted: looking them up in a long page's document took a
 * millisecond each time a list was laid out; the document is asked only when none of them shows.
 */
function toggleAnchor(shown: Set<Element>): Element | null {
  // A list the page took out is forgotten (with its rows), and reported again if it comes back.
  for (const list of shown) if (!list.isConnected) shown.delete(list);
  const inOrder = [...shown].sort((a, b) =>
    a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  );
  let list = inOrder.find((each) => each.checkVisibility());
  if (!list) {
    const lists = [...document.querySelectorAll(itemLists)];
    list = lists.find((each) => each.checkVisibility()) ?? lists[0];
  }
  return list ? blockFlowAncestor(list) : null;
}

export interface FilterToggle {
  element: Element;
  set(hide: boolean): void;
}

/** Calls `then` (always the same) once `list` has been laid out; the tests' DOM lays nothing out and calls at once. */
export type AfterLayout = (list: Element, then: () => void) => void;

/**
 * After the browser's next layout of `list`, before that frame is painted: a ResizeObserver's first
 * answer for an element comes then. Placing the toggle reads the page's style, and read from the
 * selector observer's animationstart (which the browser dispatches before it lays out a frame) it
 * made the browser lay out the page there and then: 50 ms of a 1,000-row chart's first frame
 * counted as the script's (bench/content-script.ts, decorate_ms_1000, 7.5 ms before). Read after
 * layout it costs nothing, and the toggle is still in that first frame.
 */
function afterLayoutOf(signal: AbortSignal): AfterLayout {
  let then = () => {};
  const laidOut = new ResizeObserver((entries) => {
    for (const { target } of entries) laidOut.unobserve(target);
    then();
  });
  signal.addEventListener('abort', () => laidOut.disconnect());
  return (list, next) => {
    then = next;
    // Observed again, to hear of the layout after this one too (a list shown again by a tab).
    laidOut.unobserve(list);
    laidOut.observe(list);
  };
}

/** Starts the filter: its rule, the toggle above the first list, and every tab's choice followed. */
export function startPageFilter(
  hide: boolean,
  createToggle: (hide: boolean, onChange: (hide: boolean) => void) => FilterToggle,
  { signal }: { signal: AbortSignal },
  afterLayout: AfterLayout = afterLayoutOf(signal),
): void {
  adoptPageStyleSheet(`:root[${hidingMark}] [${haveMark}] { display: none !important; }`, { signal });
  applyFilter(hide);
  signal.addEventListener('abort', () => applyFilter(false));
  const toggle = createToggle(hide, (next) => {
    applyFilter(next);
    void browser.storage.local.set({ [pageStorageKeys.hideWhatYouHave]: next });
  });
  signal.addEventListener('abort', () => toggle.element.remove());
  const shown = new Set<Element>();
  const place = () => {
    const before = toggleAnchor(shown);
    if (before && toggle.element.nextElementSibling !== before) before.before(toggle.element);
  };
  const placeAfterLayout = (list: Element) => {
    shown.add(list);
    afterLayout(list, place);
  };
  // A list already there may have sent its observer's event before this listener came (a page
  // from the cache loads before storage is read): placed after its layout, and again whenever a
  // list is shown (a tab, a list that came later, the page's stylesheet applied since).
  for (const list of document.querySelectorAll(itemLists)) placeAfterLayout(list);
  observe(itemLists, placeAfterLayout, { signal });
  const changed = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    const change = changes[pageStorageKeys.hideWhatYouHave];
    if (area !== 'local' || !change) return;
    applyFilter(change.newValue === true);
    toggle.set(change.newValue === true);
  };
  browser.storage.onChanged.addListener(changed);
  signal.addEventListener('abort', () => browser.storage.onChanged.removeListener(changed));
}
