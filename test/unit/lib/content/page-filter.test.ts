// @vitest-environment happy-dom
/**
 * "Hide what I have": rows owned or in the DJ's collection are marked as their controls learn it,
 * the toggle above the list hides them with one attribute, and the choice is remembered and
 * followed by every tab.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createControlMounter } from '../../../../components/content/control-host.ts';
import { createHaveFilter } from '../../../../components/content/have-filter.ts';
import type { CartActions } from '../../../../lib/content/cart-actions.ts';
import { listRowOf, rowOf } from '../../../../lib/content/decorate.ts';
import { createItemStates } from '../../../../lib/content/item-state.ts';
import {
  type AfterLayout,
  haveMark,
  hidingMark,
  startPageFilter,
} from '../../../../lib/content/page-filter.ts';
import { collectionKeys } from '../../../../lib/contract/recording-match.ts';
import { encodeKeys } from '../../../../lib/storage/collection-index.ts';
import { hideWhatYouHaveSetting } from '../../../../lib/storage/items.ts';

const store = 'http://127.0.0.1:8787';
const row = (id: number, title: string, artist: string) => `
  <li class="track-row" id="t${id}"><div class="track-main">
    <a class="track-title" href="${store}/track/x/${id}">${title} <span class="mix-name">Original Mix</span></a>
    <span class="track-artists"><a href="/artist/a/1">${artist}</a></span></div></li>`;

const collection = {
  sources: [
    {
      id: 'rekordbox:export.xml',
      kind: 'rekordbox' as const,
      name: 'rekordbox',
      tracks: 1,
      importedAt: '2026-11-25T12:00:00.000Z',
      keys: encodeKeys(collectionKeys({ artists: 'Bicep', title: 'Glue' })),
    },
  ],
};
const cache = (ownedTracks: number[]) => ({
  signedIn: true,
  cartName: 'default',
  cart: {},
  ownedTracks,
  ownedReleases: [],
});
const actions = {} as CartActions;
/** happy-dom lays nothing out (its ResizeObserver never answers): the toggle is placed at once. */
const laidOutAtOnce: AfterLayout = (_list, then) => then();

let controller: AbortController;
beforeEach(() => {
  fakeBrowser.reset();
  controller = new AbortController();
  document.body.innerHTML = `<ol class="track-list">
    ${row(1, 'Glue', 'Bicep')}${row(2, 'Atlas', 'Bicep')}${row(3, 'Opal', 'Four Tet')}
  </ol>`;
});
afterEach(() => controller.abort());

/** The selector observer learns of a list by its animation, which happy-dom does not run. */
const listAppears = (selector = '.track-list') =>
  document.querySelector(selector)?.dispatchEvent(
    Object.assign(new Event('animationstart', { bubbles: true }), {
      animationName: 'crate-selector-observer',
    }),
  );

function decorate(owned: number[]) {
  const states = createItemStates({ cache: cache(owned), defaultFormat: 'mp3', collection });
  const { mount } = createControlMounter(states, actions, controller);
  for (const element of document.querySelectorAll('.track-row')) {
    const found = listRowOf(element, store);
    if (found) mount(found);
  }
  return states;
}
const marked = () => [...document.querySelectorAll(`[${haveMark}]`)].map((element) => element.id);
const toggle = () =>
  document.querySelector('crate-have-filter')?.shadowRoot?.querySelector('input') as HTMLInputElement;

describe('the page filter', () => {
  it("marks the rows owned or in the collection, and follows the page's state", () => {
    const states = decorate([3]);
    expect(marked()).toEqual(['t1', 't3']);
    states.set({ cache: cache([]) });
    expect(marked()).toEqual(['t1']);
  });

  it('puts "Hide what I have" above the list, hides the marked rows, and remembers it', async () => {
    decorate([]);
    startPageFilter(false, createHaveFilter, controller, laidOutAtOnce);
    listAppears();
    const box = toggle();
    expect(box.parentElement?.textContent).toBe('Hide what I have');
    expect(document.querySelector('crate-have-filter')?.nextElementSibling?.className).toBe('track-list');
    expect(document.documentElement.hasAttribute(hidingMark)).toBe(false);

    box.click();
    expect(document.documentElement.hasAttribute(hidingMark)).toBe(true);
    await vi.waitFor(async () => expect(await hideWhatYouHaveSetting.getValue()).toBe(true));
  });

  it("follows another tab's choice, and leaves the page as it was when the script ends", async () => {
    // The list is there before the filter starts (a page from the cache): no observer event needed.
    startPageFilter(true, createHaveFilter, controller, laidOutAtOnce);
    expect(toggle().checked).toBe(true);
    await hideWhatYouHaveSetting.setValue(false);
    await vi.waitFor(() => expect(toggle().checked).toBe(false));
    expect(document.documentElement.hasAttribute(hidingMark)).toBe(false);
    await hideWhatYouHaveSetting.setValue(true);
    await vi.waitFor(() => expect(document.documentElement.hasAttribute(hidingMark)).toBe(true));
    controller.abort();
    expect(document.documentElement.hasAttribute(hidingMark)).toBe(false);
    expect(document.querySelector('crate-have-filter')).toBeNull();
  });

  it("stays out of the page's grid: above the track page's release card and tracklist, not in a column", () => {
    document.head.innerHTML =
      '<style>.release-context { display: grid; grid-template-columns: 200px minmax(0, 1fr); }</style>';
    document.body.innerHTML = `<section class="section"><h2>From the release</h2>
      <div class="release-context"><ul class="release-grid"></ul><ol class="track-list"></ol></div></section>`;
    startPageFilter(false, createHaveFilter, controller, laidOutAtOnce);
    const host = document.querySelector('crate-have-filter');
    expect(host?.parentElement?.className).toBe('section');
    expect(host?.nextElementSibling?.className).toBe('release-context');
    expect(
      [...(document.querySelector('.release-context')?.children ?? [])].map((child) => child.localName),
    ).toEqual(['ul', 'ol']);
    document.head.innerHTML = '';
  });

  it('goes above the first list the page shows, and follows it to another tab', () => {
    // A browser's own stylesheet says so; happy-dom's does not.
    document.head.innerHTML = '<style>[hidden] { display: none; }</style>';
    document.body.innerHTML = `<section id="tracks" hidden><ol class="track-list"></ol></section>
      <section id="releases"><ul class="release-grid"></ul></section>`;
    startPageFilter(false, createHaveFilter, controller, laidOutAtOnce);
    expect(document.querySelector('crate-have-filter')?.parentElement?.id).toBe('releases');
    (document.querySelector('#releases') as HTMLElement).hidden = true;
    (document.querySelector('#tracks') as HTMLElement).hidden = false;
    listAppears();
    expect(document.querySelector('crate-have-filter')?.parentElement?.id).toBe('tracks');
    document.head.innerHTML = '';
  });

  it('goes above the first list in the page, whichever the browser reports first', () => {
    document.body.innerHTML = '<section id="first"></section><section id="second"></section>';
    startPageFilter(false, createHaveFilter, controller, laidOutAtOnce);
    expect(document.querySelector('crate-have-filter')).toBeNull();
    (document.querySelector('#second') as Element).innerHTML = '<ul class="release-grid"></ul>';
    (document.querySelector('#first') as Element).innerHTML = '<ol class="track-list"></ol>';
    listAppears('.release-grid');
    listAppears('.track-list');
    expect(document.querySelector('crate-have-filter')?.parentElement?.id).toBe('first');
  });

  it("never hides a detail page's own item", () => {
    document.body.innerHTML = `<section class="hero"><h1>Glue <span class="mix-name">Original Mix</span></h1>
      <p class="hero-artists"><a href="/artist/a/1">Bicep</a></p><div class="hero-price"></div></section>`;
    const states = createItemStates({ cache: cache([]), defaultFormat: 'mp3', collection });
    const found = rowOf(document.querySelector('.hero') as Element, { type: 'track', id: 1 });
    createControlMounter(states, actions, controller).mount(found);
    expect(states.status(found.item).inCollection).toBe('rekordbox');
    expect(marked()).toEqual([]);
  });
});
