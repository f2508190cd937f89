// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { decoratedMark, decorateOnce, listRowOf } from '../../../../lib/content/decorate.ts';
import { getMessageFrom, readLocale } from '../../../helpers/locales.ts';

const store = 'http://127.0.0.1:8787';

beforeEach(() => {
  document.body.innerHTML = `
    <ol class="track-list">
      <li class="track-row" id="row">
        <div class="track-main">
          <a class="track-title" href="${store}/track/strobe/42">Strobe <span>Original Mix</span></a>
        </div>
        <a class="cover" href="${store}/track/strobe/42"></a>
        <span class="bpm">124 BPM</span><span class="key">A Minor</span>
        <span class="price free">Free</span>
      </li>
    </ol>
    <ul class="release-grid">
      <li class="release-tile" id="tile"><a href="/release/opus/7"><span class="release-name">Opus</span></a><span class="price"> $9.99 </span></li>
    </ul>
    <p><a id="loose" href="${store}/track/strobe/42">outside any row</a></p>`;
});

const element = (id: string) => document.getElementById(id) as HTMLElement;

describe('decorating rows', () => {
  it('decorates a row once, however many links to its item it has and however often it is seen', () => {
    const mount = vi.fn();
    for (let seen = 0; seen < 3; seen++) {
      const found = listRowOf(element('row'), store);
      if (found) decorateOnce(found, mount);
    }
    expect(mount).toHaveBeenCalledTimes(1);
    expect(document.getElementById('row')?.getAttribute(decoratedMark)).toBe('track:42');
  });

  it('finds the title, the slot and whether the track is free', () => {
    const found = listRowOf(element('row'), store);
    expect(found?.item).toEqual({
      type: 'track',
      id: 42,
      title: 'Strobe Original Mix',
      free: true,
      price: 'Free',
      bpm: 124,
      key: 'A Minor',
    });
    expect(found?.slot.className).toBe('track-main');
  });

  it('reads relative links against the page, and release tiles', () => {
    // happy-dom's page URL is not the store: a relative link resolves there and is refused.
    expect(listRowOf(element('tile'), store)).toBeNull();
    (element('tile').querySelector('a') as HTMLAnchorElement).href = `${store}/release/opus/7`;
    expect(listRowOf(element('tile'), store)?.item).toEqual({
      type: 'release',
      id: 7,
      title: 'Opus',
      free: false,
      price: '$9.99',
    });
  });

  it("writes the marked prices of every format in the DJ's language, the row's own words where unmarked", () => {
    const tile = element('tile');
    (tile.querySelector('a') as HTMLAnchorElement).href = `${store}/release/opus/7`;
    const price = tile.querySelector('.price') as HTMLElement;
    const mark = (amounts: Record<string, string>) => {
      for (const [name, value] of Object.entries(amounts)) price.setAttribute(name, value);
    };
    mark({
      'data-price-mp3': '9.99',
      'data-price-wav': '11.49',
      'data-price-aiff': '11.49',
      'data-currency': 'USD',
    });
    expect(listRowOf(tile, store)?.item).toMatchObject({
      price: '$9.99',
      prices: { mp3: '$9.99', wav: '$11.49', aiff: '$11.49' },
    });
    fakeBrowser.i18n.getMessage = getMessageFrom(readLocale('de')) as typeof fakeBrowser.i18n.getMessage;
    expect(listRowOf(tile, store)?.item).toMatchObject({
      price: '9,99\u00a0$',
      prices: { mp3: '9,99\u00a0$', wav: '11,49\u00a0$', aiff: '11,49\u00a0$' },
    });
    fakeBrowser.i18n.getMessage = getMessageFrom(readLocale('es')) as typeof fakeBrowser.i18n.getMessage;
    expect(listRowOf(tile, store)?.item.prices?.wav).toBe('11,49\u00a0US$');
    // A format the store added is offered with its price; a broken amount leaves that format out.
    mark({ 'data-price-ogg': '10.49', 'data-price-wav': 'soon' });
    expect(listRowOf(tile, store)?.item.prices).toEqual({
      mp3: '9,99\u00a0US$',
      aiff: '11,49\u00a0US$',
      ogg: '10,49\u00a0US$',
    });
    // An unknown currency: the row's own text, and no per-format prices.
    mark({ 'data-price-wav': '11.49', 'data-currency': 'not a currency' });
    expect(listRowOf(tile, store)?.item.prices).toBeUndefined();
  });

  it('names a row by its first link that parses, and leaves other elements alone', () => {
    const row = element('row');
    row.insertAdjacentHTML('afterbegin', '<a href="https://elsewhere.example/track/x/9">elsewhere</a>');
    expect(listRowOf(row, store)?.item.id).toBe(42);
    expect(listRowOf(element('loose'), store)).toBeNull();
    expect(listRowOf(element('loose').parentElement as HTMLElement, store)).toBeNull();
  });
});
