/**
 * Buying smarts in Chromium, against a store of this file's own (its purchases must not change
 * what other files see of demo's library): the formats owned marked on the page after a purchase,
 * with the formats not owned offered as upgrades; the choice asked when a release holds an owned
 * track; the popup library's BPM, key (in the notation
 * chosen on the options page) and "harmonic with" filter; the cart tab's paid-twice flags and
 * total without them; each format button's price, and the fold of the group on narrow cards.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartButtonsPage } from '../../components/content/cart-buttons.page.ts';
import { OptionsFormPage } from '../../components/options/options-form.page.ts';
import { PopupPage } from '../../components/popup/popup.page.ts';
import { formatKey, harmonicKeys, type MusicalKey, parseKey } from '../../lib/contract/musical-key.ts';
import type { AudioFormat, Cart, Track } from '../../lib/contract/wire.ts';
import { checkoutCart } from '../../server/orders/checkout.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { signIn } from '../helpers/tokens.ts';
import { type ExtensionHarness, launchExtension } from './extension.ts';

let store: TestStore;
let extension: ExtensionHarness;
let token: string;
let userId: number;
let page: Page;
let buttons: CartButtonsPage<Page>;
/** A track demo bought as MP3 before the extension signed in. */
let bought: Track;

async function api<T>(method: string, path: string, query: Record<string, string> = {}): Promise<T> {
  const url = new URL(path, store.baseUrl);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const response = await fetch(url, { method, headers: { authorization: `Bearer ${token}` } });
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { results: T }).results;
}

async function buy(items: { id: number; type: 'track' | 'release'; audioFormat: AudioFormat }[]) {
  await api('POST', '/cart/1/', { sourceType: 'e2e', items: JSON.stringify(items) });
  await checkoutCart(store.ctx, userId, 'default');
}

const cartItems = async () =>
  (await api<Cart>('GET', '/cart/1/', { sourceType: 'e2e' })).items.map(({ id, type, audioFormat }) => ({
    id,
    type,
    audioFormat,
  }));

/** Purchasable tracks demo does not own yet, on releases of two tracks or more. */
const unownedTrackIds = async (count: number): Promise<number[]> =>
  (
    await store.ctx.db.all<{ id: number }>(
      `SELECT id FROM tracks WHERE sale_type = 'purchase'
        AND id NOT IN (SELECT track_id FROM downloads WHERE user_id = ?)
        AND release_id IN (SELECT release_id FROM tracks GROUP BY release_id HAVING COUNT(*) >= 2)
        AND release_id NOT IN (
          SELECT t.release_id FROM tracks t JOIN downloads d ON d.track_id = t.id WHERE d.user_id = ?)
        ORDER BY id LIMIT ?`,
      userId,
      userId,
      count,
    )
  ).map((row) => row.id);

beforeAll(async () => {
  store = await startTestStore({ scale: 300, listen: true });
  userId = (
    (await store.ctx.db.get<{ id: number }>('SELECT id FROM users WHERE username = ?', 'demo')) as {
      id: number;
    }
  ).id;
  token = (await signIn(store.baseUrl)).accessToken;
  const [trackId] = (await unownedTrackIds(1)) as [number];
  await buy([{ id: trackId, type: 'track', audioFormat: 'mp3' }]);
  bought = (await api<{ track: Track }>('GET', '/catalog/3/platform/track', { id: String(trackId) })).track;

  extension = await launchExtension();
  const options = new OptionsFormPage(await extension.openPage('options.html'));
  const saved = await options.setStoreUrl(store.baseUrl);
  if (saved !== 'Saved.') throw new Error(`The options page did not save the store URL: ${saved}`);
  const notation = await options.setKeyNotation('camelot');
  if (notation !== 'Saved.') throw new Error(`The options page did not save the key notation: ${notation}`);
  await options.page.close();
  const popup = new PopupPage(await extension.openPage('popup.html'));
  await popup.account.signIn('demo', 'demo');
  await popup.account.signedInAs.waitFor();
  await popup.page.close();
  page = await extension.context.newPage();
  buttons = new CartButtonsPage(page);
});

afterAll(async () => {
  await extension?.close();
  await store?.close();
});

describe('owned per format', () => {
  it('marks the format bought, offers the others as upgrades, and asks before buying it again', async () => {
    await page.goto(`${store.baseUrl}/track/${bought.slug}/${bought.id}`);
    const control = buttons.pageItem;
    await buttons.ownedAs(control, ['mp3']).waitFor();
    // The owned format asks first, and says what it costs.
    await buttons.add(control, 'mp3').click();
    await buttons.question(control).waitFor();
    expect(await buttons.question(control).textContent()).toMatch(
      /^You own this as MP3: buy MP3 again for .+\?$/,
    );
    await control.getByRole('button', { name: 'Cancel' }).click();
    // A format not owned is an upgrade: added at once, no question.
    await buttons.upgrade(control, 'wav').click();
    await buttons.inCartAs(control, 'wav').waitFor();
    await expect.poll(cartItems).toEqual([{ id: bought.id, type: 'track', audioFormat: 'wav' }]);
  });
});

describe('no paying twice', () => {
  it('asks before adding a release holding an owned track, and adds only the missing tracks', async () => {
    await api('DELETE', '/cart/1/', { sourceType: 'e2e' }).catch(() => undefined);
    const { release } = await api<{ release: { trackIds: number[]; slug: string; id: number } }>(
      'GET',
      '/catalog/3/platform/release',
      { id: String(bought.release.id) },
    );
    await page.goto(`${store.baseUrl}/release/${release.slug}/${release.id}`);
    // A track row repeats its tempo and key, the key in the notation chosen on the options page.
    const camelot = formatKey(parseKey(bought.key) as MusicalKey, 'camelot');
    await buttons
      .control('track', bought.id)
      .getByText(`${bought.bpm} BPM · ${camelot}`, { exact: true })
      .waitFor();
    const control = buttons.pageItem;
    await buttons.add(control, 'wav').click();
    await control.getByText('This release holds 1 track you own.').waitFor();
    // The choice that pays for nothing twice has the focus: Enter takes it.
    await expect
      .poll(() =>
        page.evaluate(
          () => document.querySelector('.hero crate-cart-buttons')?.shadowRoot?.activeElement?.textContent,
        ),
      )
      .toBe('Only the missing tracks');
    await control.getByRole('button', { name: 'Only the missing tracks' }).click();
    const missing = release.trackIds
      .filter((id) => id !== bought.id)
      .map((id) => ({ id, type: 'track', audioFormat: 'wav' }));
    await expect.poll(async () => (await cartItems()).sort((a, b) => a.id - b.id)).toEqual(missing);
  });
});

describe('BPM and key in the popup', () => {
  it('shows BPM and key in Camelot, and keeps only the tracks harmonic with a chosen key', async () => {
    const popup = new PopupPage(await extension.openPage('popup.html'));
    await popup.open('Library');
    const library = popup.library;
    await library.entries.first().waitFor();
    const key = parseKey(bought.key);
    if (!key) throw new Error(`The store sent a key that does not parse: ${bought.key}`);
    const camelot = formatKey(key, 'camelot');
    const harmonic = new Set(harmonicKeys(key).map((k) => formatKey(k, 'camelot')));
    const title = `${bought.name} (${bought.mixName})`;

    await library.harmonicWith(camelot);
    await library.entry(title).waitFor();
    expect(await library.entry(title).locator('.track-facts').textContent()).toBe(
      `${bought.bpm} BPM · ${camelot}`,
    );
    const facts = await library.facts();
    expect(facts.length).toBeGreaterThan(0);
    for (const line of facts) expect(harmonic.has(line.split(' · ')[1] as string)).toBe(true);

    // Three steps round the wheel is not harmonic: the bought track goes.
    const stepDown = (from: MusicalKey) => harmonicKeys(from)[1] as MusicalKey;
    const far = formatKey(stepDown(stepDown(stepDown(key))), 'camelot');
    await library.harmonicWith(far);
    await expect.poll(() => library.entry(title).count()).toBe(0);
    await popup.page.close();
  });
});

const money = (value: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(value);

describe('no paying twice, in the cart tab', () => {
  it('flags a release holding an owned track and a track whose release is in the cart, with the total without them', async () => {
    await api('DELETE', '/cart/1/', { sourceType: 'e2e' }).catch(() => undefined);
    const { release, tracks } = await api<{
      release: { id: number; name: string; trackIds: number[] };
      tracks: Track[];
    }>('GET', '/catalog/3/platform/release', { id: String(bought.release.id) });
    const other = tracks.find((track) => track.id !== bought.id) as Track;
    await api('POST', '/cart/1/', {
      sourceType: 'e2e',
      items: JSON.stringify([
        { id: release.id, type: 'release', audioFormat: 'mp3' },
        { id: other.id, type: 'track', audioFormat: 'mp3' },
      ]),
    });
    const cart = await api<Cart>('GET', '/cart/1/', { sourceType: 'e2e' });
    const otherName = cart.items.find((item) => item.type === 'track')?.name as string;

    const popup = new PopupPage(await extension.openPage('popup.html'));
    await popup.open('Cart');
    const tab = popup.cart;
    await tab.paysTwice(release.name).waitFor();
    expect(await tab.paysTwice(release.name).textContent()).toBe(`Pays twice: ${money(bought.price.value)}`);
    expect(await tab.paysTwice(otherName).textContent()).toBe(`Pays twice: ${money(other.price.value)}`);
    const without = cart.total.value - bought.price.value - other.price.value;
    expect(await tab.totalWithoutPayingTwice.textContent()).toBe(`Without paying twice ${money(without)}`);
    // The cart's rows show BPM and key (Camelot, as chosen) from the catalog.
    const camelot = formatKey(parseKey(other.key) as MusicalKey, 'camelot');
    await tab.item(otherName).getByText(`${other.bpm} BPM`).waitFor();
    expect(await tab.item(otherName).locator('.track-facts').textContent()).toBe(
      `${other.bpm} BPM · ${camelot}`,
    );
    await popup.page.close();
  });
});

describe('prices on the page buttons', () => {
  it('shows each format with its price, and folds the group on a narrow card instead of wrapping', async () => {
    const { track } = await api<{ track: Track }>('GET', '/catalog/3/platform/track', {
      id: String((await unownedTrackIds(1))[0]),
    });
    await page.goto(`${store.baseUrl}/track/${track.slug}/${track.id}`);
    const control = buttons.pageItem;
    await buttons.add(control, 'mp3').waitFor();
    expect(await buttons.add(control, 'mp3').textContent()).toBe(`MP3 ${money(track.price.value)}`);
    const wav = money(Math.round((track.price.value + track.audioFormatFee.wav.value) * 100) / 100);
    expect(await buttons.add(control, 'wav').textContent()).toBe(`WAV ${wav}`);

    // A narrow card: the formats fold into the lead one and a toggle, all on one line.
    await page.setViewportSize({ width: 420, height: 900 });
    // The track page's "From the release" tile, decorated once scrolled near.
    await page.goto(`${store.baseUrl}/track/${track.slug}/${track.id}`);
    await page.locator('.release-tile').first().scrollIntoViewIfNeeded();
    const tile = page.locator('.release-tile[data-crate-item] crate-cart-buttons').first();
    const more = tile.getByRole('button', { name: /^More formats of / });
    await more.waitFor();
    const visible = tile.locator('.formats > button:visible');
    const tops = await visible.evaluateAll((shown) => shown.map((each) => each.getBoundingClientRect().top));
    expect(tops.length).toBe(2);
    expect(new Set(tops).size).toBe(1);
    await more.click();
    // Every format the store sells (the demo store: MP3, WAV, AIFF and FLAC).
    expect(await tile.locator('.formats > button[data-format]:visible').count()).toBe(4);
    await page.setViewportSize({ width: 1280, height: 720 });
  });
});
