import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../../../lib/background/api-client.ts';
import { checkedAdd } from '../../../../../lib/background/cart/checked-add.ts';
import type { CartLine } from '../../../../../lib/background/cart/overlap.ts';
import { itemKey } from '../../../../../lib/contract/item-key.ts';
import type { CartItemInput } from '../../../../../lib/contract/wire.ts';
import type { OverlapChoice } from '../../../../../lib/protocol/messages.ts';
import { signedOutState } from '../../../../../lib/storage/cart-state.ts';
import { cartStateItem, releaseTracksItem, storeUrlSetting } from '../../../../../lib/storage/items.ts';

describe('an add checked for overlap (background)', () => {
  const summary = {
    name: 'default',
    counts: { items: 1, tracks: 1, releases: 0 },
    total: { value: 1, currency: 'USD' },
  };
  const storeUrl = 'http://127.0.0.1:8787';
  function setup(cart: CartLine[], owned: number[]) {
    const api = {
      storeUrl,
      catalogPage: vi.fn(async (page: string, id: number) =>
        page === 'release'
          ? { release: { id, trackIds: id === 7 ? [1, 2, 3] : [4, 5] }, tracks: [] }
          : { track: { release: { id: 7 } } },
      ),
    } as unknown as ApiClient & { catalogPage: ReturnType<typeof vi.fn> };
    const cartService = {
      add: vi.fn(async () => ({ added: [], warnings: [], cart: summary })),
      remove: vi.fn(async () => ({ warnings: [], cart: summary })),
      view: vi.fn(async () => ({ cart: { ...summary, items: cart }, audioFormats: [] })),
      summary: vi.fn(async () => summary),
    };
    const keep = async () =>
      // The current cart and the owned tracks, as the worker keeps them for the pages.
      cartStateItem.setValue({
        [storeUrl]: {
          ...signedOutState('default'),
          signedIn: true,
          cart: Object.fromEntries(cart.map((line) => [itemKey(line), 'mp3'])),
          ownedTracks: owned,
        },
      });
    return {
      api,
      cartService,
      add: async (
        choice?: OverlapChoice,
        item: CartItemInput = { type: 'release', id: 7, audioFormat: 'mp3' },
      ) => {
        await keep();
        return checkedAdd(cartService as never, api, { item, ...(choice ? { choice } : {}) });
      },
    };
  }

  beforeEach(async () => {
    await storeUrlSetting.setValue(storeUrl);
    await releaseTracksItem.setValue({});
  });

  it('adds at once when nothing overlaps', async () => {
    const { cartService, add } = setup([], []);
    expect((await add()).outcome).toBe('added');
    expect(cartService.add).toHaveBeenCalledWith({ items: [{ type: 'release', id: 7, audioFormat: 'mp3' }] });
  });

  it('adds nothing before the person chose, then carries out the choice', async () => {
    const { cartService, add } = setup([{ type: 'track', id: 1 }], [2]);
    expect(await add()).toEqual({
      outcome: 'overlap',
      message: 'This release holds 1 track you own and 1 track already in your cart.',
      choices: ['missingOnly', 'replace', 'addAnyway', 'cancel'],
      safeChoice: 'missingOnly',
    });
    expect(cartService.add).not.toHaveBeenCalled();
    await add('replace');
    expect(cartService.remove).toHaveBeenCalledWith({ items: [{ type: 'track', id: 1 }] });
    expect(cartService.add).toHaveBeenCalledWith({
      items: [{ type: 'release', id: 7, audioFormat: 'mp3' }],
      alreadyPurchasedOverride: true,
    });
  });

  it('makes one store call for a track added to the current cart: the add', async () => {
    const { api, cartService, add } = setup([{ type: 'track', id: 9 }], [2]);
    expect((await add(undefined, { type: 'track', id: 1, audioFormat: 'wav' })).outcome).toBe('added');
    expect(api.catalogPage).not.toHaveBeenCalled();
    expect(cartService.view).not.toHaveBeenCalled();
    expect(cartService.add).toHaveBeenCalledTimes(1);
  });

  it("asks the catalog for a release's tracks once, then keeps them", async () => {
    const { api, cartService, add } = setup([{ type: 'track', id: 9 }], [2]);
    expect((await add()).outcome).toBe('overlap');
    expect((await add()).outcome).toBe('overlap');
    expect(api.catalogPage).toHaveBeenCalledTimes(1);
    expect(cartService.view).not.toHaveBeenCalled();
  });

  it('finds a track whose release is in the cart from the kept release tracks', async () => {
    const { api, add } = setup([{ type: 'release', id: 7 }], []);
    const first = await add(undefined, { type: 'track', id: 2, audioFormat: 'mp3' });
    expect(first).toMatchObject({ outcome: 'overlap', choices: ['replace', 'addAnyway', 'cancel'] });
    expect((await add(undefined, { type: 'track', id: 4, audioFormat: 'mp3' })).outcome).toBe('added');
    expect(api.catalogPage).toHaveBeenCalledTimes(1);
  });

  it('reads a cart that is not the current one from the store', async () => {
    const { cartService, api } = setup([{ type: 'track', id: 1 }], []);
    await cartStateItem.setValue({ [storeUrl]: { ...signedOutState('default'), signedIn: true } });
    const result = await checkedAdd(cartService as never, api, {
      name: 'Friday',
      item: { type: 'release', id: 7, audioFormat: 'mp3' },
    });
    expect(cartService.view).toHaveBeenCalledWith({ name: 'Friday' });
    expect(result.outcome).toBe('overlap');
  });
});
