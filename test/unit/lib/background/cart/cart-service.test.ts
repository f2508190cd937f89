/**
 * The one cart service (lib/background/cart/cart-service.ts): every call asks the store, then the
 * badge follows when it is the current cart, the pages' cart state follows, and the store's answer is
 * returned; a store that ended the session leaves the cache signed out.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createAuthService } from '../../../../../lib/background/auth/auth-service.ts';
import { extensionTokenStore } from '../../../../../lib/background/auth/token-store.ts';
import { createCartService } from '../../../../../lib/background/cart/cart-service.ts';
import { createWorkerContext } from '../../../../../lib/background/worker-context.ts';
import { createWorkerStorage } from '../../../../../lib/background/worker-storage.ts';
import { cartVersion } from '../../../../../lib/contract/cart-version.ts';
import { StoreError } from '../../../../../lib/protocol/store-error.ts';
import { signedOutState, storeEntry } from '../../../../../lib/storage/cart-state.ts';
import {
  accessTokenItem,
  cartCountItem,
  cartStateItem,
  currentCartSetting,
  releaseTracksItem,
  storeUrlSetting,
} from '../../../../../lib/storage/items.ts';
import {
  fakeAuth,
  fakeStore,
  notModifiedAnswer,
  summary,
  withMetadata,
} from '../../../../helpers/fake-store.ts';
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
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

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
    await cart.settled();
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
    const cart = cartService();
    await cart.add({ items: [{ id: 1, type: 'track', audioFormat: 'mp3' }] });
    // The badge after the answer: the store tab's click does not wait for it.
    expect(order).toEqual(['cart state']);
    await cart.settled();
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
    const cart = cartService();
    await cart.add({ items: [{ id: 1, type: 'track', audioFormat: 'mp3' }] });
    // Read again after the answer, which does not wait for it.
    await cart.settled();
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

describe('a worker keeping what a click needs (lib/background/worker-storage.ts)', () => {
  /** A worker as the extension starts one: its kept items empty, read from storage at its start. */
  function startedWorker() {
    const stored = createWorkerStorage();
    const auth = createAuthService({
      tokens: extensionTokenStore(stored.accessToken),
      storeUrl: stored.storeUrl.getValue,
    });
    return createCartService(createWorkerContext(auth, stored));
  }

  /** What a stopped worker left in storage: track 1 in the cart (release 7 holds it), a token. */
  beforeEach(async () => {
    await cartStateItem.setValue({
      [storeUrl]: { ...signedOutState('default'), signedIn: true, cart: { 'track:1': 'mp3' } },
    });
    await releaseTracksItem.setValue({ [`${storeUrl} 7`]: [1, 2, 3] });
    await accessTokenItem.setValue({ token: 'kept-token', renewAt: Date.now() + 600_000, storeUrl });
  });

  /** The store's POSTs, each with its token and the storage reads made before it was sent. */
  function watchedStore() {
    fakeStore({ 'POST /cart/1/': () => ({ added: [cartItem(9)], warnings: [], cart: summary(2) }) });
    const store = globalThis.fetch;
    const reads = [vi.spyOn(fakeBrowser.storage.local, 'get'), vi.spyOn(fakeBrowser.storage.session, 'get')];
    const posts: { token: unknown; readsBefore: number }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        const headers = init?.headers as Record<string, string>;
        const readsBefore = reads.reduce((sum, read) => sum + read.mock.calls.length, 0);
        if (init?.method === 'POST') posts.push({ token: headers.authorization, readsBefore });
        return store(input, init);
      }),
    );
    const clearReads = () => {
      for (const read of reads) read.mockClear();
    };
    return { posts, clearReads };
  }

  it('started with nothing in memory, awaits what storage holds: the cart for the overlap check, the token', async () => {
    const { posts } = watchedStore();
    const cart = startedWorker();
    // Asked at once, before the kept items were read: the release overlaps track 1 in the cart.
    const release = await cart.addChecked({ item: { type: 'release', id: 7, audioFormat: 'mp3' } });
    expect(release.outcome).toBe('overlap');
    expect(posts).toEqual([]);
    const track = await cart.addChecked({ item: { type: 'track', id: 9, audioFormat: 'mp3' } });
    expect(track.outcome).toBe('added');
    expect(posts.map(({ token }) => token)).toEqual(['Bearer kept-token']);
    expect((await cached())?.cart).toEqual({ 'track:1': 'mp3', 'track:9': 'mp3' });
  });

  it('reads no storage between a click and its store call once it has started', async () => {
    const { posts, clearReads } = watchedStore();
    const cart = startedWorker();
    await cart.addChecked({ item: { type: 'track', id: 9, audioFormat: 'mp3' } });
    await cart.settled();
    clearReads();
    posts.length = 0;
    await cart.addChecked({ item: { type: 'track', id: 10, audioFormat: 'wav' } });
    expect(posts).toEqual([{ token: 'Bearer kept-token', readsBefore: 0 }]);
  });

  it('answers once its kept cart state has the add, before storage does; storage follows', async () => {
    watchedStore();
    const cart = startedWorker();
    await cart.settled();
    const local = fakeBrowser.storage.local;
    const set = local.set.bind(local);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.spyOn(local, 'set').mockImplementation(async (items) => {
      await held;
      return set(items);
    });
    expect((await cart.addChecked({ item: { type: 'track', id: 9, audioFormat: 'mp3' } })).outcome).toBe(
      'added',
    );
    expect((await cached())?.cart).toEqual({ 'track:1': 'mp3' });
    // The next click's overlap check already counts track 9.
    expect((await cart.addChecked({ item: { type: 'track', id: 9, audioFormat: 'wav' } })).outcome).toBe(
      'added',
    );
    release();
    await cart.settled();
    expect((await cached())?.cart).toEqual({ 'track:1': 'mp3', 'track:9': 'mp3' });
  });

  it('follows a token and a cart written after it started (another context, a sign-in)', async () => {
    const { posts } = watchedStore();
    const cart = startedWorker();
    await cart.addChecked({ item: { type: 'track', id: 9, audioFormat: 'mp3' } });
    await accessTokenItem.setValue({ token: 'renewed', renewAt: Date.now() + 600_000, storeUrl });
    await cartStateItem.setValue({ [storeUrl]: { ...signedOutState('default'), signedIn: true, cart: {} } });
    // The cart no longer holds track 1: the release goes in without a question.
    expect((await cart.addChecked({ item: { type: 'release', id: 7, audioFormat: 'mp3' } })).outcome).toBe(
      'added',
    );
    expect(posts.map(({ token }) => token)).toEqual(['Bearer kept-token', 'Bearer renewed']);
  });
});

/**
 * Versions (lib/contract/cart-version.ts) against a cart changed elsewhere (the store's website,
 * another computer): each change's answer names the cart's version, and a copy that does not come
 * out at it is read again; a store tab shown checks the copy with a conditional read; a checked add
 * is made only against the version it was checked on (If-Match), and a store that refuses it (412)
 * gets the cart read and the question asked.
 */
const tracks = (...ids: number[]) =>
  ids.map((id) => ({ type: 'track' as const, id, audioFormat: 'mp3' as const }));
const release = (id: number) => ({ type: 'release' as const, id, audioFormat: 'mp3' as const });

/** The copy the worker kept, at the store's version of that cart. */
async function keep(lines = tracks(1)) {
  await cartStateItem.setValue({
    [storeUrl]: {
      ...signedOutState('default'),
      signedIn: true,
      cart: Object.fromEntries(lines.map((line) => [`${line.type}:${line.id}`, line.audioFormat])),
      cartVersion: await cartVersion(lines),
    },
  });
}

describe('versions', () => {
  beforeEach(async () => {
    await releaseTracksItem.setValue({ [`${storeUrl} 7`]: [1, 2, 3] });
  });

  describe('a change answered with the cart version', () => {
    it('keeps the version when the copy comes out at it, and reads nothing more', async () => {
      await keep();
      const version = await cartVersion(tracks(1, 2));
      const requests = fakeStore({
        'POST /cart/1/': () =>
          withMetadata({ added: [cartItem(2)], warnings: [], cart: summary(2) }, { cartVersion: version }),
      });
      const cart = cartService();
      await cart.add({ items: tracks(2) as never });
      await cart.settled();
      expect(requests).toEqual(['POST /cart/1/']);
      expect(await cached()).toMatchObject({
        cart: { 'track:1': 'mp3', 'track:2': 'mp3' },
        cartVersion: version,
      });
    });

    it('reads the cart again when it was changed elsewhere, even at the same count', async () => {
      // Elsewhere, track 1 was swapped for track 8: the store's cart after the add is 8 and 2.
      await keep();
      const after = await cartVersion(tracks(8, 2));
      const requests = fakeStore({
        'POST /cart/1/': () =>
          withMetadata({ added: [cartItem(2)], warnings: [], cart: summary(2) }, { cartVersion: after }),
        'GET /cart/1/': () =>
          withMetadata({ ...summary(2), items: [cartItem(8), cartItem(2)] }, { cartVersion: after }),
      });
      const cart = cartService();
      await cart.add({ items: tracks(2) as never });
      await cart.settled();
      expect(requests).toEqual(['POST /cart/1/', 'GET /cart/1/']);
      expect(await cached()).toMatchObject({
        cart: { 'track:8': 'mp3', 'track:2': 'mp3' },
        cartVersion: after,
      });
    });
  });

  describe('a store tab shown', () => {
    it('asks with the kept version: a 304 changes nothing', async () => {
      await keep();
      const kept = await cached();
      const seen: (string | undefined)[] = [];
      const requests = fakeStore({
        'GET /cart/1/': (_url, headers) => {
          seen.push(headers['if-none-match']);
          return notModifiedAnswer;
        },
      });
      await cartService().checkShown();
      expect(requests).toEqual(['GET /cart/1/']);
      expect(seen).toEqual([`"${await cartVersion(tracks(1))}"`]);
      expect(await cached()).toEqual(kept);
    });

    it('keeps a cart emptied elsewhere, reads the library again, and counts it on the badge', async () => {
      await keep();
      const requests = fakeStore({
        'GET /cart/1/': () => withMetadata({ ...summary(0), items: [] }, { cartVersion: 'emptied' }),
        'GET /order/1/downloads': () => [],
      });
      await cartService().checkShown();
      expect(requests).toEqual(['GET /cart/1/', 'GET /order/1/downloads']);
      expect(await cached()).toMatchObject({ cart: {}, cartVersion: 'emptied' });
      expect(fakeBrowser.action.setBadgeText).toHaveBeenLastCalledWith({ text: '' });
    });

    it('makes one check for tabs shown while it is under way', async () => {
      await keep();
      const requests = fakeStore({ 'GET /cart/1/': () => notModifiedAnswer });
      const cart = cartService();
      await Promise.all([cart.checkShown(), cart.checkShown(), cart.checkShown()]);
      expect(requests).toEqual(['GET /cart/1/']);
      // A tab shown after it asks again: the cart may have changed since.
      await cart.checkShown();
      expect(requests).toEqual(['GET /cart/1/', 'GET /cart/1/']);
    });

    it('says nothing of a check the browser blocked (access withheld), and warns of a store that does not answer', async () => {
      await keep();
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => {
          throw new TypeError('Failed to fetch');
        }),
      );
      const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const access = vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(false);
      await cartService().checkShown();
      expect(warned).not.toHaveBeenCalled();
      access.mockResolvedValue(true);
      await cartService().checkShown();
      expect(warned).toHaveBeenCalledWith('Crate: the cart could not be checked', expect.any(StoreError));
    });

    it('signed out, asks nothing', async () => {
      const requests = fakeStore({});
      await createCartService(createWorkerContext(fakeAuth(() => false))).checkShown();
      expect(requests).toEqual([]);
    });
  });

  describe('a checked add against a copy that is no longer the cart', () => {
    it('is refused by the store (412), reads the cart, and asks about the release put in elsewhere', async () => {
      // The worker's copy is empty; elsewhere release 7 (tracks 1, 2, 3) went in the cart.
      await keep([]);
      const ifMatch: (string | undefined)[] = [];
      const requests = fakeStore({
        'POST /cart/1/': (_url, headers) => {
          ifMatch.push(headers['if-match']);
          return { status: 412, error: 'cartChanged', message: 'The cart changed.' };
        },
        'GET /cart/1/': async () =>
          withMetadata(
            { ...summary(1), items: [cartItem(7, { type: 'release', tracks: 3 })] },
            { cartVersion: await cartVersion([release(7)]) },
          ),
      });
      const outcome = await cartService().addChecked({ item: { type: 'track', id: 2, audioFormat: 'mp3' } });
      expect(ifMatch).toEqual([`"${await cartVersion([])}"`]);
      expect(requests).toEqual(['POST /cart/1/', 'GET /cart/1/']);
      expect(outcome).toMatchObject({ outcome: 'overlap' });
      expect(await cached()).toMatchObject({ cart: { 'release:7': 'mp3' } });
    });
  });
});
