// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstFrameTab, followLiveView, paintLastView } from '../../../../lib/popup/last-view.ts';
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

/** A kept view with the popup's tabs, `tab` selected, and `text` in its panel. */
function keptView(tab: string, text: string): string {
  const tabs = ['cart', 'library', 'artists']
    .map((id) => `<button role="tab" id="tab-${id}" aria-selected="${id === tab}">${id}</button>`)
    .join('');
  const panels = ['cart', 'library', 'artists']
    .map(
      (id) =>
        `<div role="tabpanel" id="panel-${id}"${id === tab ? '' : ' hidden'}>${id === tab ? text : ''}</div>`,
    )
    .join('');
  return `<div class="popup"><div role="tablist">${tabs}</div>${panels}</div>`;
}

/** Where the first frame draws each tab: 100 px wide, side by side, 40 to 70 px from the top. */
function layOutTabs(): void {
  for (const [index, button] of document.querySelectorAll('#last-view [role="tab"]').entries())
    (button as HTMLElement).getBoundingClientRect = () => new DOMRect(index * 100, 40, 100, 30);
}

/** A person's click at (x, y): it lands on what is under the inert picture (the body, or the live popup). */
function clickAt(x: number, y: number, target: Element = document.body): void {
  for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click'])
    target.dispatchEvent(
      new (type.startsWith('pointer') ? PointerEvent : MouseEvent)(type, {
        bubbles: true,
        cancelable: true,
        clientX: x,
        clientY: y,
      }),
    );
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
    const kept = vi.spyOn(Storage.prototype, 'setItem');
    followLiveView(app);
    const loading = app.querySelector('[aria-busy]') as HTMLElement;
    loading.append('.');
    // Then it loads: the view kept is the loaded one, and the loading one never was.
    loading.removeAttribute('aria-busy');
    loading.textContent = '4 items';
    await vi.waitFor(() => expect(localStorage.getItem(key('cart'))).toContain('4 items'));
    expect(kept.mock.calls.filter(([, value]) => String(value).includes('Loading'))).toEqual([]);
  });

  it('gives way to the live popup once nothing in it loads', async () => {
    const app = liveApp('<div aria-busy="true">Loading your cart…</div>');
    localStorage.setItem(key('cart'), '<p>old</p>');
    paintLastView('cart');
    followLiveView(app, { maxWaitMs: 60_000 }); // a loaded machine may take 600 ms for two frames
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

  it('opens on the tab clicked in the first frame, painting its view, before the live popup is there', () => {
    localStorage.setItem(key('cart'), keptView('cart', '4 items'));
    localStorage.setItem(key('library'), keptView('library', '10,000 entries'));
    paintLastView('cart');
    expect(firstFrameTab()).toBe('cart');
    layOutTabs();
    clickAt(150, 55);
    expect(firstFrameTab()).toBe('library');
    const overlay = document.getElementById('last-view') as HTMLElement;
    expect(overlay.textContent).toContain('10,000 entries');
    expect(overlay.textContent).not.toContain('4 items');
  });

  it('marks a clicked tab with no kept view chosen, over an empty panel', () => {
    localStorage.setItem(key('cart'), keptView('cart', '4 items'));
    paintLastView('cart');
    layOutTabs();
    clickAt(250, 55);
    expect(firstFrameTab()).toBe('artists');
    const overlay = document.getElementById('last-view') as HTMLElement;
    expect(overlay.querySelector('[aria-selected="true"]')?.id).toBe('tab-artists');
    expect((overlay.querySelector('#panel-cart') as HTMLElement).hidden).toBe(true);
    expect((overlay.querySelector('#panel-artists') as HTMLElement).hidden).toBe(false);
    expect(overlay.textContent).not.toContain('4 items');
  });

  it('gives the clicked tab to the live popup when it is already under the picture, and nothing else', () => {
    const app = liveApp('<button id="remove">Remove</button>');
    const clicked: string[] = [];
    for (const button of app.querySelectorAll('button'))
      button.addEventListener('click', () => clicked.push(button.id));
    localStorage.setItem(key('cart'), keptView('cart', '4 items'));
    paintLastView('cart');
    layOutTabs();
    // Under the picture's Library tab lies the live popup's Remove button: it must not get the click.
    clickAt(150, 55, app.querySelector('#remove') as HTMLElement);
    expect(clicked).toEqual(['tab-library']);
    // No view of the library was kept: the live popup shows it.
    expect(document.getElementById('last-view')).toBeNull();
    clickAt(150, 55, app.querySelector('#remove') as HTMLElement);
    expect(clicked).toEqual(['tab-library', 'remove']);
  });

  it('drops other clicks before the live popup is there, and gives way to it for clicks after', () => {
    localStorage.setItem(key('cart'), keptView('cart', '4 items'));
    paintLastView('cart');
    layOutTabs();
    clickAt(50, 300);
    clickAt(50, 55); // the tab already shown
    expect(firstFrameTab()).toBe('cart');
    const app = document.createElement('main');
    app.id = 'app';
    app.innerHTML = '<button role="tab" id="tab-cart">Cart</button><button id="remove">Remove</button>';
    document.body.prepend(app);
    let removed = 0;
    app.querySelector('#remove')?.addEventListener('click', () => removed++);
    clickAt(50, 300, app.querySelector('#remove') as HTMLElement);
    expect(removed).toBe(1);
    expect(document.getElementById('last-view')).toBeNull();
  });
});
