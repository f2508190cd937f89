/**
 * The popup's first paint: each tab as it looked the last time it settled, kept as HTML in
 * synchronous storage (lib/storage/last-view-store.ts), so it is painted as soon as the small
 * entry chunk runs, while the rest of the popup's code still loads. It is painted inert over the page and removed
 * as soon as the live popup shows its own data, normally from the same cache, so the swap does
 * not show.
 *
 * What is kept is what the popup showed, nothing more: no tokens, no form values, no passing
 * messages. A view is not kept while anything in it loads or while it is scrolled, and signing
 * out forgets every view (forgetLastViews).
 *
 * It depends on nothing but its storage (lib/storage/last-view-store.ts): it is most of the
 * popup's entry chunk (entrypoints/popup/main.tsx), whose size the first paint waits for.
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
  const html = read(tab);
  if (!html) return false;
  const overlay = document.createElement('div');
  overlay.id = overlayId;
  overlay.inert = true;
  overlay.setAttribute('aria-hidden', 'true');
  // Parsed in a document of its own (inert: no script runs, nothing loads) and moved in, so no
  // HTML string is assigned to the popup's own DOM.
  overlay.append(...new DOMParser().parseFromString(html, 'text/html').body.childNodes);
  document.body.append(overlay);
  // Marks for bench/popup.ts and the end-to-end tests: when the last view and the live one came.
  performance.mark('crate:last-view');
  return true;
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
  const reveal = () => {
    if (app.querySelector(loading) && performance.now() - started < maxWaitMs) {
      requestAnimationFrame(reveal);
      return;
    }
    document.getElementById(overlayId)?.remove();
    performance.mark('crate:live-view');
  };
  requestAnimationFrame(reveal);

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
