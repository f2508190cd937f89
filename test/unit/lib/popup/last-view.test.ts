import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followLiveView, paintLastView } from '../../../../lib/popup/last-view.ts';
import { forgetLastViews } from '../../../../lib/storage/last-view-store.ts';

const key = (tab: string) => `crate:last-view:${tab}`;
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));

function liveApp(panel: string): HTMLElement {
  document.body.innerHTML = `<main id="app"><div class="popup">
    <div role="tablist"><button role="tab" id="tab-cart" aria-selected="true">Cart</button>
      <button role="tab" id="tab-library" aria-selected="false">Library</button></div>
    <div role="tabpanel" id="panel-cart">${panel}</div>
    <div role="tabpanel" id="panel-library" hidden><p>Library rows</p></div>
  </div></main>`;
  return document.getElementById('app') as HTMLElement;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('the last view', () => {
  it('is painted inert over the page when one was kept, and not otherwise', () => {
    paintLastView('cart');
    expect(document.getElementById('last-view')).toBeNull();
    localStorage.setItem(key('cart'), '<p class="cart-summary">4 items</p>');
    paintLastView('cart');
    const overlay = document.getElementById('last-view') as HTMLElement;
    expect(overlay.textContent).toBe('4 items');
    expect(overlay.inert).toBe(true);
    expect(overlay.getAttribute('aria-hidden')).toBe('true');
  });

  it('keeps the settled view: no alerts, empty status lines, short lists, other panels empty', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => `<li>row ${i}</li>`).join('');
    const app = liveApp(
      `<div class="refresh-status" role="status">Refreshing…</div><p role="alert">Failed</p><p>4 items</p><ul>${rows}</ul>`,
    );
    followLiveView(app);
    app.querySelector('p')?.append('!');
    await vi.waitFor(() => expect(localStorage.getItem(key('cart'))).toContain('4 items'));
    const kept = document.createElement('div');
    kept.innerHTML = localStorage.getItem(key('cart')) as string;
    expect(kept.querySelector('[role="alert"]')).toBeNull();
    expect(kept.querySelector('[role="status"]')?.textContent).toBe('');
    expect(kept.querySelectorAll('li')).toHaveLength(11);
    expect(kept.querySelector('#panel-library')?.textContent).toBe('');
  });

  it('is not kept while something loads', async () => {
    const app = liveApp('<div aria-busy="true">Loading your cart…</div>');
    followLiveView(app);
    app.querySelector('[aria-busy]')?.append('.');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(localStorage.getItem(key('cart'))).toBeNull();
  });

  it('gives way to the live popup once nothing in it loads', async () => {
    const app = liveApp('<div aria-busy="true">Loading your cart…</div>');
    localStorage.setItem(key('cart'), '<p>old</p>');
    paintLastView('cart');
    followLiveView(app);
    await nextFrame();
    await nextFrame();
    expect(document.getElementById('last-view')).not.toBeNull();
    app.querySelector('[aria-busy]')?.remove();
    await vi.waitFor(() => expect(document.getElementById('last-view')).toBeNull());
  });

  it('is forgotten on sign-out, for every tab', () => {
    localStorage.setItem(key('cart'), '<p>cart</p>');
    localStorage.setItem(key('library'), '<p>library</p>');
    localStorage.setItem('other', 'stays');
    forgetLastViews();
    expect(Object.keys(localStorage)).toEqual(['other']);
  });
});
