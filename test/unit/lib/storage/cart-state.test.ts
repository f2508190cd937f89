import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { addPageItem } from '../../../../lib/background/cart/page-item-command.ts';
import { createWorker } from '../../../../lib/background/worker.ts';
import { StoreError } from '../../../../lib/protocol/store-error.ts';
import { isCartState, storeEntry } from '../../../../lib/storage/cart-state.ts';
import {
  cartStateItem,
  currentCartSetting,
  soldFormatsItem,
  storeUrlSetting,
} from '../../../../lib/storage/items.ts';
import { soldFormatsOf } from '../../../../lib/storage/sold-formats.ts';
import { fakeAuth, fakeStore, summary, withMetadata } from '../../../helpers/fake-store.ts';
import { storeUrl, track } from '../../../helpers/popup-fixtures.ts';

const cartItem = (id: number, type: 'track' | 'release', audioFormat: string) => ({
  id,
  type,
  audioFormat,
  name: `item ${id}`,
  artists: [],
  price: { value: 1, currency: 'USD' },
});
const ref = (id: number) => ({ id, name: `r${id}`, slug: `r${id}` });
/** A track of the shared fixtures, on release `releaseId`. */
const libraryTrack = (id: number, releaseId: number) => ({ ...track(id), release: ref(releaseId) });

let signedIn = true;
const auth = fakeAuth(() => signedIn);

/** The store, as a table of answers by method and path; every request is recorded. */
let routes: Record<string, (url: URL) => unknown>;
let requests: string[];

beforeEach(() => {
  fakeBrowser.reset();
  signedIn = true;
  routes = {};
  vi.spyOn(fakeBrowser.action, 'setBadgeText').mockResolvedValue();
  vi.spyOn(fakeBrowser.action, 'setBadgeBackgroundColor').mockResolvedValue();
  requests = fakeStore(routes);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const cached = async () => storeEntry(await cartStateItem.getValue(), storeUrl);

describe('the cart state the background keeps for the pages', () => {
  it('applies adds, format changes and removals of the current cart without reading it again', async () => {
    const service = createWorker(auth);
    routes['POST /cart/1/'] = () => ({
      added: [cartItem(42, 'track', 'wav')],
      warnings: [],
      cart: summary(1),
    });
    await service.handlers.addToCart({ items: [{ id: 42, type: 'track', audioFormat: 'wav' }] });
    expect(await cached()).toMatchObject({
      signedIn: true,
      cartName: 'default',
      cart: { 'track:42': 'wav' },
    });

    routes['PUT /cart/1/'] = () => ({ warnings: [], cart: summary(1) });
    await service.handlers.setItemFormats({ items: [{ id: 42, type: 'track', audioFormat: 'aiff' }] });
    expect((await cached())?.cart).toEqual({ 'track:42': 'aiff' });

    routes['DELETE /cart/1/'] = () => ({ warnings: [], cart: summary(0) });
    await service.handlers.removeFromCart({ items: [{ id: 42, type: 'track' }] });
    expect((await cached())?.cart).toEqual({});
    expect(requests.filter((request) => request === 'GET /cart/1/')).toEqual([]);
  });

  it('reads the whole cart when the count the store reports disagrees', async () => {
    const service = createWorker(auth);
    routes['POST /cart/1/'] = () => ({
      added: [cartItem(42, 'track', 'mp3')],
      warnings: [],
      cart: summary(2),
    });
    routes['GET /cart/1/'] = () => ({
      ...summary(2),
      items: [cartItem(42, 'track', 'mp3'), cartItem(7, 'release', 'wav')],
    });
    await service.handlers.addToCart({ items: [{ id: 42, type: 'track', audioFormat: 'mp3' }] });
    // Read again after the answer, which does not wait for it.
    await service.cart.settled();
    expect((await cached())?.cart).toEqual({ 'track:42': 'mp3', 'release:7': 'wav' });
  });

  it('keeps the formats the store lists with a cart it reads, for the pages that offer formats', async () => {
    const service = createWorker(auth);
    routes['GET /cart/1/'] = () =>
      withMetadata(
        { ...summary(1), items: [cartItem(42, 'track', 'flac')] },
        { audioFormats: ['mp3', 'flac'] },
      );
    await service.cart.cartState.refresh({ owned: false });
    expect(soldFormatsOf(await soldFormatsItem.getValue(), storeUrl)).toEqual(['mp3', 'flac']);
    expect((await cached())?.cart).toEqual({ 'track:42': 'flac' });
  });

  it('leaves it alone for a cart other than the current one', async () => {
    const service = createWorker(auth);
    routes['POST /cart/1/'] = () => ({
      added: [cartItem(42, 'track', 'mp3')],
      warnings: [],
      cart: summary(1, 'friday'),
    });
    await service.handlers.addToCart({
      name: 'friday',
      items: [{ id: 42, type: 'track', audioFormat: 'mp3' }],
    });
    expect(await cached()).toBeNull();
  });

  it('learns owned items from an alreadyPurchased warning', async () => {
    const service = createWorker(auth);
    routes['POST /cart/1/'] = () => ({
      added: [],
      warnings: [{ id: 42, type: 'track', code: 'alreadyPurchased', message: 'owned' }],
      cart: summary(0),
    });
    await service.handlers.addToCart({ items: [{ id: 42, type: 'track', audioFormat: 'mp3' }] });
    expect((await cached())?.ownedTracks).toEqual([42]);
  });

  it('reads the cart and the library on sign-in: a release is owned when all its tracks are', async () => {
    const service = createWorker(auth);
    routes['GET /cart/1/'] = () => ({ ...summary(1), items: [cartItem(5, 'track', 'wav')] });
    routes['GET /order/1/downloads'] = () =>
      [
        [1, 10],
        [2, 10],
        [3, 20],
        [1, 10, 'wav'],
      ].map(([id, release, format], index) => ({
        id: index + 1,
        type: 'track',
        track: libraryTrack(id as number, release as number),
        audioFormat: format ?? 'mp3',
        status: 'available',
        purchasedAt: '2024-01-01',
        lastInitiatedAt: null,
      }));
    routes['GET /catalog/3/platform/release'] = (url) => {
      const id = Number(url.searchParams.get('id'));
      const { genre, label, price, audioFormatFee } = libraryTrack(1, id);
      return {
        release: {
          ...ref(id),
          type: 'release',
          artists: [],
          remixers: [],
          genre,
          label,
          catalogNumber: 'C1',
          publishDate: '2024-01-01',
          trackIds: id === 10 ? [1, 2] : [3, 4],
          price,
          audioFormatFee,
        },
        tracks: [],
      };
    };
    await service.handlers.signIn({}).catch(() => undefined);
    const state = await cached();
    expect(state).toMatchObject({ signedIn: true, cart: { 'track:5': 'wav' } });
    expect(new Set(state?.ownedTracks)).toEqual(new Set([1, 2, 3]));
    expect(state?.ownedReleases).toEqual([10]);
    // Formats per item: track 1 was bought twice; release 10 is owned whole only as MP3.
    expect(state?.ownedFormats).toEqual({
      'track:1': ['mp3', 'wav'],
      'track:2': ['mp3'],
      'track:3': ['mp3'],
      'release:10': ['mp3'],
    });
    // A release's track count is asked for once, then remembered.
    await service.cart.cartState.refresh();
    expect(requests.filter((request) => request === 'GET /catalog/3/platform/release')).toHaveLength(2);
  });

  it('forgets the cart and owned items on sign-out, and holds no token', async () => {
    await cartStateItem.setValue({
      [storeUrl]: {
        signedIn: true,
        cartName: 'default',
        cart: { 'track:1': 'mp3' },
        ownedTracks: [1],
        ownedReleases: [],
      },
    });
    const service = createWorker(auth);
    signedIn = false;
    await service.handlers.signOut({});
    expect(await cached()).toEqual({
      signedIn: false,
      cartName: 'default',
      cart: {},
      ownedTracks: [],
      ownedReleases: [],
    });
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toMatch(/token/i);
  });
});

describe('the cache as the content script reads it', () => {
  it.each([
    ['not an object', 'yes'],
    [
      'a bad cart key',
      { signedIn: true, cartName: 'default', cart: { 'track:0': 'mp3' }, ownedTracks: [], ownedReleases: [] },
    ],
    [
      'a malformed format (ids are open-ended, the store decides which it sells)',
      {
        signedIn: true,
        cartName: 'default',
        cart: { 'track:1': 'FLAC!' },
        ownedTracks: [],
        ownedReleases: [],
      },
    ],
    [
      'ids that are not ids',
      { signedIn: true, cartName: 'default', cart: {}, ownedTracks: ['1'], ownedReleases: [] },
    ],
    ['a missing flag', { cartName: 'default', cart: {}, ownedTracks: [], ownedReleases: [] }],
  ])('refuses %s', (_why, value) => {
    expect(isCartState(value)).toBe(false);
  });

  it('belongs to one store origin', async () => {
    const entry = { signedIn: true, cartName: 'default', cart: {}, ownedTracks: [], ownedReleases: [] };
    expect(storeEntry({ [storeUrl]: entry }, storeUrl)).toEqual(entry);
    expect(storeEntry({ [storeUrl]: entry }, 'http://127.0.0.1:9999')).toBeNull();
  });
});

describe('the keyboard shortcut', () => {
  const tab = (url: string) => ({ url }) as Parameters<typeof addPageItem>[0];

  it("adds the store page's item to the current cart in the default format", async () => {
    await storeUrlSetting.setValue(storeUrl);
    await currentCartSetting.setValue('friday');
    const { cart } = createWorker(auth);
    // Checked for overlap first, like a page button's add.
    const add = vi
      .spyOn(cart, 'addChecked')
      .mockResolvedValue({ outcome: 'added', result: { added: [], warnings: [], cart: summary(1) } });
    await addPageItem(tab(`${storeUrl}/release/opus/7?tab=tracks`), cart, async () => null);
    expect(add).toHaveBeenCalledWith({
      name: 'friday',
      item: { type: 'release', id: 7, audioFormat: 'mp3' },
    });
  });

  it.each([
    ['added', { added: [cartItem(42, 'track', 'mp3')], warnings: [] }, 'Added to your cart'],
    [
      'already owned',
      { added: [], warnings: [{ id: 42, type: 'track', code: 'alreadyPurchased', message: 'You own it.' }] },
      'You already own this',
    ],
    ['signed out', new StoreError({ kind: 'signedOut', message: 'Signed out.' }), 'Sign in to Crate first'],
    [
      'an overlap, which a shortcut cannot ask about',
      {
        outcome: 'overlap',
        message: 'Its release is already in your cart.',
        choices: ['replace', 'addAnyway', 'cancel'],
        safeChoice: 'replace',
      },
      'Not added: you would pay twice',
    ],
  ] as const)('says what happened in a notification: %s', async (_, outcome, title) => {
    await storeUrlSetting.setValue(storeUrl);
    const { cart } = createWorker(auth);
    const add = vi.spyOn(cart, 'addChecked');
    const plain = vi.spyOn(cart, 'add');
    if (outcome instanceof StoreError) add.mockRejectedValue(outcome);
    else if ('outcome' in outcome) add.mockResolvedValue(outcome as never);
    else add.mockResolvedValue({ outcome: 'added', result: { ...outcome, cart: summary(1) } } as never);
    const notify = vi.spyOn(fakeBrowser.notifications, 'create').mockResolvedValue('');
    await addPageItem(tab(`${storeUrl}/track/strobe/42`), cart, async () => null);
    expect(notify).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ title }));
    expect(plain).not.toHaveBeenCalled();
  });

  it.each([
    'https://evil.example/track/x/42',
    `${storeUrl}/chart/top/42`,
    `${storeUrl}/track/x/0`,
    undefined,
  ])('does nothing on %s', async (url) => {
    const { cart } = createWorker(auth);
    const add = vi.spyOn(cart, 'add');
    const checked = vi.spyOn(cart, 'addChecked');
    await addPageItem(url === undefined ? undefined : tab(url), cart, async () => null);
    expect(add).not.toHaveBeenCalled();
    expect(checked).not.toHaveBeenCalled();
  });
});
