/**
 * The one cart service (lib/background/cart/cart-service.ts): every call asks the store, then the
 * badge follows when it is the current cart, the pages' cart state follows, and the store's answer is
 * returned; a store that ended the session leaves the cache signed out.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createCartService } from '../../../../../lib/background/cart/cart-service.ts';
import { createWorkerContext } from '../../../../../lib/background/worker-context.ts';
import { StoreError } from '../../../../../lib/protocol/store-error.ts';
import { storeEntry } from '../../../../../lib/storage/cart-state.ts';
import {
  cartCountItem,
  cartStateItem,
  currentCartSetting,
  storeUrlSetting,
} from '../../../../../lib/storage/items.ts';
import { fakeAuth, fakeStore, summary } from '../../../../helpers/fake-store.ts';
import { cartItem, storeUrl } from '../../../../helpers/popup-fixtures.ts';

let badge: string[];
const cached = async () => storeEntry(await cartStateItem.getValue(), storeUrl);
const cartService = () => createCartService(createWorkerContext(fakeAuth()));

beforeEach(async () => {
  fakeBrowser.reset();
  badge = [];
  await storeUrlSetting.setValue(storeUrl);
  vi.spyOn(fakeBrowser.action, 'setBadgeText').mockImplementation(async ({ text }) => {
    badge.push(text ?? '');
  });
  vi.spyOn(fakeBrowser.action, 'setBadgeBackgroundColor').mockResolvedValue();
});
afterEach(() => vi.unstubAllGlobals());

describe('the cart service', () => {
  it('adds, changes formats, removes and empties: the store first, then the badge and the cache', async () => {
    const answers = [
      { added: [cartItem(1), cartItem(2)], warnings: [], cart: summary(2) },
      { warnings: [], cart: summary(2) },
      { warnings: [], cart: summary(2) },
      { warnings: [], cart: summary(1) },
      { warnings: [], cart: summary(0) },
    ];
    const requests = fakeStore({
      'POST /cart/1/': () => answers.shift(),
      'PUT /cart/1/': () => answers.shift(),
      'DELETE /cart/1/': () => answers.shift(),
    });
    const cart = cartService();
    const items = [1, 2].map((id) => ({ id, type: 'track' as const, audioFormat: 'mp3' as const }));
    expect((await cart.add({ items })).cart.counts.items).toBe(2);
    expect((await cached())?.cart).toEqual({ 'track:1': 'mp3', 'track:2': 'mp3' });
    await cart.setItemFormats({ items: [{ id: 1, type: 'track', audioFormat: 'wav' }] });
    expect((await cached())?.cart).toEqual({ 'track:1': 'wav', 'track:2': 'mp3' });
    await cart.setCartFormat({ audioFormat: 'aiff' });
    expect((await cached())?.cart).toEqual({ 'track:1': 'aiff', 'track:2': 'aiff' });
    await cart.remove({ items: [{ id: 1, type: 'track' }] });
    expect((await cached())?.cart).toEqual({ 'track:2': 'aiff' });
    await cart.empty({});
    expect((await cached())?.cart).toEqual({});
    expect(badge).toEqual(['2', '2', '2', '1', '']);
    expect(requests).toEqual([
      'POST /cart/1/',
      'PUT /cart/1/',
      'PUT /cart/1/',
      'DELETE /cart/1/',
      'DELETE /cart/1/',
    ]);
  });

  it("writes the pages' cart state before the badge: a store tab shows an add that much sooner", async () => {
    fakeStore({ 'POST /cart/1/': () => ({ added: [cartItem(1)], warnings: [], cart: summary(1) }) });
    const order: string[] = [];
    const local = fakeBrowser.storage.local;
    const set = local.set.bind(local);
    vi.spyOn(local, 'set').mockImplementation(async (items) => {
      if (cartStateItem.key.endsWith(Object.keys(items).join())) order.push('cart state');
      return set(items);
    });
    vi.mocked(fakeBrowser.action.setBadgeText).mockImplementation(async () => void order.push('badge'));
    await cartService().add({ items: [{ id: 1, type: 'track', audioFormat: 'mp3' }] });
    expect(order).toEqual(['cart state', 'badge']);
  });

  it('leaves the badge and the cache alone for a cart that is not the current one', async () => {
    fakeStore({
      'POST /cart/1/': () => ({ added: [cartItem(1)], warnings: [], cart: summary(7, 'friday') }),
    });
    await cartService().add({ name: 'friday', items: [{ id: 1, type: 'track', audioFormat: 'mp3' }] });
    expect(badge).toEqual([]);
    expect(await cached()).toBeNull();
    expect(await cartCountItem.getValue()).toBeNull();
  });

  it('reads the whole cart again when the store counts other than the cache', async () => {
    const requests = fakeStore({
      'POST /cart/1/': () => ({ added: [cartItem(1)], warnings: [], cart: summary(3) }),
      'GET /cart/1/': () => ({ ...summary(3), items: [cartItem(1), cartItem(8), cartItem(9)] }),
    });
    await cartService().add({ items: [{ id: 1, type: 'track', audioFormat: 'mp3' }] });
    expect(requests).toEqual(['POST /cart/1/', 'GET /cart/1/']);
    expect(Object.keys((await cached())?.cart ?? {})).toEqual(['track:1', 'track:8', 'track:9']);
  });

  it('fails as the store failed, and a session the store ended leaves the cache signed out', async () => {
    fakeStore({ 'GET /cart/1/': () => ({ ...summary(1), items: [cartItem(1)] }) });
    const cart = cartService();
    await cart.view({});
    expect((await cached())?.signedIn).toBe(true);
    fakeStore({ 'DELETE /cart/1/': () => ({ status: 401, error: 'unauthorized', message: 'Sign in.' }) });
    await expect(cart.empty({})).rejects.toBeInstanceOf(StoreError);
    expect(await cached()).toMatchObject({ signedIn: false, cart: {} });
  });

  it('makes another cart current: the badge counts it, and failing to count keeps the choice', async () => {
    fakeStore({
      'GET /cart/1/': (url) => ({ ...summary(4, url.searchParams.get('name') ?? ''), items: [] }),
    });
    const cart = cartService();
    expect(await cart.setCurrent('friday')).toEqual({ current: 'friday', names: ['friday', 'default'] });
    expect(badge).toEqual(['4']);
    fakeStore({});
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect((await cart.setCurrent('saturday')).current).toBe('saturday');
    expect(warned).toHaveBeenCalled();
    expect(await currentCartSetting.getValue()).toBe('saturday');
  });
});
