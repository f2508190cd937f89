/**
 * The toolbar popup in a browser whose language is German (`--lang=de`) or Spanish (`--lang=es`):
 * its tabs, its cart and its prices in that language, driven through the same page objects as
 * the English journeys, which read the names they look for from that language's locale file.
 * The store is chosen on the welcome page (in that language too) and signed in to from the popup.
 */

import { afterEach, describe, expect, it } from 'vitest';
import { PopupPage } from '../../components/popup/popup.page.ts';
import { PopupWords } from '../../components/popup/popup-words.page.ts';
import { WelcomePagePage } from '../../components/welcome/welcome-page.page.ts';
import type { Cart, LibraryEntry, Track } from '../../lib/contract/wire.ts';
import { readLocale } from '../helpers/locales.ts';
import { seriousViolations } from './axe.ts';
import {
  type ExtensionHarness,
  launchExtension,
  readAccessToken,
  sendFromPage,
  welcomeTab,
} from './extension.ts';
import { e2eStoreUrl } from './store-url.ts';

const storeUrl = e2eStoreUrl();
let extension: ExtensionHarness | undefined;

afterEach(async () => {
  await extension?.close();
  extension = undefined;
});

/** Calls the store's API as the signed-in user, with the token the worker holds. */
async function store<T>(
  harness: ExtensionHarness,
  path: string,
  query: Record<string, string> = {},
): Promise<T> {
  const token = await readAccessToken(await harness.worker());
  const url = new URL(path, storeUrl);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { results: T }).results;
}

/** A track for sale that demo does not own yet. */
async function unownedTrack(harness: ExtensionHarness): Promise<Track> {
  const library = await store<LibraryEntry[]>(harness, '/order/1/downloads', { perPage: '150' });
  const owned = new Set(library.map((entry) => entry.track.id));
  const home = await store<{ topTracks: Track[] }>(harness, '/catalog/3/platform/home');
  const track = home.topTracks.find(
    (candidate) => candidate.saleType === 'purchase' && !owned.has(candidate.id),
  );
  if (!track) throw new Error('The demo catalog has no unowned track.');
  return track;
}

/** Intl writes a no-break space before the currency sign ("1,49 $"): compared as a plain space. */
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

const expected = {
  de: {
    tabs: ['Warenkorb', 'Bibliothek', 'Künstler', 'Neu für dich'],
    counts: '1 Artikel: 1 Track und 0 Releases',
  },
  es: {
    tabs: ['Carrito', 'Biblioteca', 'Artistas', 'Novedades para ti'],
    counts: '1 artículo: 1 track y 0 releases',
  },
} as const;

describe.each(['de', 'es'] as const)('the popup in a browser in %s', (language) => {
  it('names its tabs, counts its cart and writes its prices in that language', async () => {
    extension = await launchExtension({ args: [`--lang=${language}`] });
    const welcome = new WelcomePagePage(await welcomeTab(extension), readLocale(language));
    await welcome.chooseStore(storeUrl);
    await welcome.page.close();

    const words = new PopupWords(language);
    const cartName = `i18n-${language}`;
    let popup = new PopupPage(await extension.openPage('popup.html'), words);
    await popup.account.signIn('demo', 'demo');
    await popup.account.signedInAs.waitFor();
    expect(await popup.page.evaluate(() => document.documentElement.lang)).toMatch(
      new RegExp(`^${language}`),
    );
    const tabs = await popup.page.getByRole('tab').allTextContents();
    expect(tabs).toEqual(expected[language].tabs);

    // A cart of its own, so the English journeys' carts are left as they are.
    await popup.createCart(cartName);
    await popup.cart.emptyNotice.waitFor();
    const track = await unownedTrack(extension);
    const added = await sendFromPage(popup.page, 'addToCart', {
      name: cartName,
      items: [{ id: track.id, type: 'track', audioFormat: 'mp3' }],
    });
    expect(added).toMatchObject({ ok: true, value: { warnings: [] } });

    await popup.page.close();
    popup = new PopupPage(await extension.openPage('popup.html'), words);
    await popup.cart.counts.filter({ hasText: expected[language].counts }).waitFor();
    const cart = await store<Cart>(extension, '/cart/1/', { sourceType: 'e2e', name: cartName });
    const price = words.money(cart.total.value, cart.total.currency);
    // "1,49 $" in German, "1,49 US$" in Spanish: the decimal comma and the sign after the amount.
    expect(price).toMatch(/^\d+,\d\d\s(\$|US\$)$/);
    expect(plain(await popup.cart.total.textContent())).toBe(plain(words.t('popup.cart.total', price)));
    const [item] = cart.items;
    if (!item) throw new Error('The cart is empty.');
    expect(plain(await popup.cart.item(item.name).locator('.price').textContent())).toBe(plain(price));
    await popup.cart.formatOf(item.name).waitFor();
    // Longer words must not break the popup for a screen reader either (names, labels, lang).
    expect(await seriousViolations(popup.page)).toEqual([]);

    await popup.open('Library');
    await popup
      .panel('Library')
      .getByRole('combobox', { name: words.t('popup.library.show') })
      .waitFor();

    await popup.open('Cart');
    await popup.cart.emptyCart();
    await popup.cart.emptyNotice.waitFor();
    // The popup empties its list at once and then asks the store: wait for the store's answer.
    const itemsAtStore = async () =>
      (await store<Cart>(extension as ExtensionHarness, '/cart/1/', { sourceType: 'e2e', name: cartName }))
        .counts.items;
    await expect.poll(itemsAtStore, { timeout: 15_000 }).toBe(0);
  });
});
