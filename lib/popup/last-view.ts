/**
 * The popup's first paint: each tab as it looked the last time it settled, kept as HTML in
 * synchronous storage (lib/storage/last-view-store.ts), so a classic script in the popup's HTML
 * (entrypoints/popup-first-frame.ts) paints it while the page is still being parsed, before any
 * module loads. It is painted inert over the page and removed as soon as the live popup shows its
 * own data, normally from the same cache, so the swap does not show.
 *
 * The first frame takes clicks on its tabs all the same: a tab clicked there is the tab the live
 * popup opens on (or switches to, when it is already under the picture), and that tab's own last
 * view is painted at once. Other clicks before the live popup is there are dropped (nothing is
 * there to take them); after, they go to the live popup, which the picture gives way to.
 *
 * What is kept is what the popup showed, nothing more: no tokens, no form values, no passing
 * messages. A view is not kept while anything in it loads or while it is scrolled, and signing
 * out forgets every view (forgetLastViews).
 *
 * It depends on nothing but its storage: the first-frame script is built from it alone.
 */
import { readLastView as read, writeLastView as write } from '../storage/last-view-store.ts';

const overlayId = 'last-view';

/** While any of these is in the live popup, it is still loading. */
const loading = '[aria-busy="true"]';
/**
 * Messages that pass: they must not come back with the next popup. Withheld access too: the next
 * popup checks it afresh (host-access-notice.tsx), and it may be granted by then.
 */
const passing = '[role="alert"], [role="alertdialog"], .host-access';
/** Status lines ("Refreshing…"): kept empty, as their space is kept in the live popup too. */
const statusLines = '[role="status"]';
/** About the rows the popup's 580 pixels show (a cart row is 52 px): a list keeps no more, so a 200-item cart paints as fast as an empty one. */
const rowsShown = 11;
/** Where a view scrolls: a scrolled view is not kept (the next popup opens at the top). */
const scrollers = '[role="tabpanel"], .virtual-scroller';

/** Paints the tab's last view over the page, inert, if there is one; says whether there was. */
export function paintLastView(tab: string): boolean {
  const overlay = document.createElement('div');
  overlay.id = overlayId;
  overlay.inert = true;
  overlay.setAttribute('aria-hidden', 'true');
  if (!fill(overlay, tab)) return false;
  document.body.append(overlay);
  for (const type of pointerEvents) addEventListener(type, takeClick, true);
  // Marks for bench/popup.ts and the end-to-end tests: when the last view and the live one came.
  performance.mark('crate:last-view');
  return true;
}

/** Puts the tab's kept view in the overlay; says whether one was kept. */
function fill(overlay: HTMLElement, tab: string): boolean {
  const html = read(tab);
  if (!html) return false;
  // Parsed in a document of its own (inert: no script runs, nothing loads) and moved in, so no
  // HTML string is assigned to the popup's own DOM.
  overlay.replaceChildren(...new DOMParser().parseFromString(html, 'text/html').body.childNodes);
  overlay.dataset.tab = tab;
  return true;
}

/** The tab chosen in the first frame (or the one it opened on), while the first frame shows. */
export function firstFrameTab(): string | null {
  return document.getElementById(overlayId)?.dataset.tab ?? null;
}

/** What a click is made of. */
const pointerEvents = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'dblclick', 'auxclick'];
/** Set while a chosen tab is clicked in the live popup, so that click goes through. */
let forwarding = false;

/** The live popup's tabs: none until its code has run and rendered. */
const liveTabs = () => [...document.querySelectorAll<HTMLElement>('#app [role="tab"]')];

/**
 * Clicks while the last view shows. Before the live popup is there, the picture takes them all: a
 * click on one of its tabs chooses that tab, any other is dropped. Once the live popup is under
 * it, clicks go to the live popup, which the picture then gives way to (a tab clicked in the
 * picture is clicked in the live popup, wherever that draws it). The overlay is inert, so its tabs
 * are found by where they are drawn.
 */
function takeClick(event: Event): void {
  const overlay = document.getElementById(overlayId);
  if (!overlay || forwarding || !(event instanceof MouseEvent)) return;
  const live = liveTabs();
  if (live.length > 0 && event.type !== 'click') return;
  const tab = tabAt(overlay, event.clientX, event.clientY);
  if (live.length === 0) {
    event.preventDefault();
    event.stopPropagation();
    if (event.type === 'click' && tab && tab !== overlay.dataset.tab) showChosenTab(overlay, tab);
    return;
  }
  const liveTab = tab ? live.find((button) => button.id === `tab-${tab}`) : undefined;
  if (liveTab && !liveTab.contains(event.target as Node)) {
    event.preventDefault();
    event.stopPropagation();
    forwarding = true;
    try {
      liveTab.click();
    } finally {
      forwarding = false;
    }
  }
  // The picture of a tab just chosen stays until the live one has its data; anything else the
  // person does is done on the live popup, which shows from now on.
  if (!(tab && tab !== overlay.dataset.tab && fill(overlay, tab))) removeLastView();
}

function tabAt(overlay: HTMLElement, x: number, y: number): string | null {
  for (const button of overlay.querySelectorAll('[role="tab"]')) {
    const box = button.getBoundingClientRect();
    if (x >= box.left && x < box.right && y >= box.top && y < box.bottom)
      return button.id.replace(/^tab-/, '');
  }
  return null;
}

/** Before the live popup: the tab's last view if one was kept, else its tab marked chosen over an empty panel. */
function showChosenTab(overlay: HTMLElement, tab: string): void {
  if (fill(overlay, tab)) return;
  overlay.dataset.tab = tab;
  for (const button of overlay.querySelectorAll('[role="tab"]'))
    button.setAttribute('aria-selected', String(button.id === `tab-${tab}`));
  for (const panel of overlay.querySelectorAll<HTMLElement>('[role="tabpanel"]')) {
    panel.hidden = panel.id !== `panel-${tab}`;
    panel.replaceChildren();
  }
}

function removeLastView(): void {
  document.getElementById(overlayId)?.remove();
  for (const type of pointerEvents) removeEventListener(type, takeClick, true);
}

/** The tab the live popup shows. */
const selectedTab = (app: HTMLElement) =>
  app.querySelector('[role="tab"][aria-selected="true"]')?.id.replace(/^tab-/, '') ?? null;

/** The view worth keeping, or null while it loads or is scrolled. */
function settledView(app: HTMLElement): string | null {
  if (app.querySelector(loading)) return null;
  for (const scroller of app.querySelectorAll(scrollers)) if (scroller.scrollTop > 0) return null;
  const copy = app.cloneNode(true) as HTMLElement;
  for (const part of copy.querySelectorAll(passing)) part.remove();
  for (const line of copy.querySelectorAll(statusLines)) line.replaceChildren();
  for (const list of copy.querySelectorAll('ul, ol')) {
    while (list.children.length > rowsShown) list.lastElementChild?.remove();
  }
  // Other tabs' panels are hidden behind the selected one: only their frame is kept.
  for (const panel of copy.querySelectorAll('[role="tabpanel"][hidden]')) panel.replaceChildren();
  return copy.innerHTML;
}

/**
 * Once the live popup has nothing loading (or after `maxWaitMs` at most), removes the last view
 * it was painted under; from then on keeps the selected tab's view whenever it settles.
 */
export function followLiveView(app: HTMLElement, { maxWaitMs = 600 } = {}): void {
  const started = performance.now();
  const reveal = (laidOut = false) => {
    if (app.querySelector(loading) && performance.now() - started < maxWaitMs) {
      requestAnimationFrame(() => reveal());
      return;
    }
    // One frame more under the first frame: what the live popup changed last is laid out while
    // hidden, so the DJ sees no shift of it (bench/popup.ts, popup_layout_shift).
    if (!laidOut) {
      requestAnimationFrame(() => reveal(true));
      return;
    }
    removeLastView();
    performance.mark('crate:live-view');
  };
  requestAnimationFrame(() => reveal());

  let timer: ReturnType<typeof setTimeout> | undefined;
  const keep = () => {
    const tab = selectedTab(app);
    const view = tab ? settledView(app) : null;
    if (tab && view !== null) write(tab, view);
  };
  // Saved after a quiet moment, not on every change (a refresh changes the view several times),
  // and when the popup closes.
  new MutationObserver(() => {
    clearTimeout(timer);
    timer = setTimeout(keep, 150);
  }).observe(app, { subtree: true, childList: true, characterData: true, attributes: true });
  addEventListener('pagehide', keep);
}
