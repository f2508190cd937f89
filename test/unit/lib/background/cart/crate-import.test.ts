/**
 * Sharing a crate: the file read back (wrong files refused with a sentence), and the import into a
 * named cart against a model store: all or nothing, with what was added and what was skipped.
 */
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../../../lib/background/api-client.ts';
import { importCrate } from '../../../../../lib/background/cart/crate-import.ts';
import type { CartAddResult, CartItem, CartItemInput } from '../../../../../lib/contract/wire.ts';
import { crateFile, readCrateFile } from '../../../../../lib/protocol/crate-file.ts';
import { StoreError } from '../../../../../lib/protocol/store-error.ts';
import { cartItem } from '../../../../helpers/popup-fixtures.ts';

const items = (count: number, from = 1): CartItemInput[] =>
  Array.from({ length: count }, (_, index) => ({
    id: from + index,
    type: index % 2 ? 'release' : 'track',
    audioFormat: 'wav',
  }));

/** The store as the import sees it: a catalog of known ids, one cart, and adds that may warn. */
function modelStore({
  known = (_id: number): boolean => true,
  inCart = [] as CartItem[],
  owned = new Set<number>(),
  refuseFirstAdd = false,
} = {}) {
  const adds: CartItemInput[][] = [];
  const api = {
    async catalogPage(_page: string, id: number) {
      if (!known(id)) throw new StoreError({ kind: 'notFound', message: 'Not found.', status: 404 });
      return {};
    },
  } as unknown as ApiClient;
  const view = async () => ({ cart: { name: 'x', items: inCart, counts: {}, total: {} }, audioFormats: [] });
  const add = async ({ items: batch }: { items: CartItemInput[] }): Promise<CartAddResult> => {
    if (refuseFirstAdd)
      throw new StoreError({
        kind: 'conflict',
        message: 'You have 100 carts, the most a user may have.',
        status: 409,
      });
    adds.push(batch);
    const added = batch
      .filter((item) => !owned.has(item.id))
      .map((item) => cartItem(item.id, { type: item.type, format: item.audioFormat }));
    const warnings = batch
      .filter((item) => owned.has(item.id))
      .map((item) => ({
        id: item.id,
        type: item.type,
        code: 'alreadyPurchased' as const,
        message: 'You own it already.',
      }));
    return {
      added,
      warnings,
      cart: { name: 'x', counts: { items: 0, tracks: 0, releases: 0 }, total: { value: 0, currency: 'USD' } },
    };
  };
  return { api, cart: { add, view } as never, adds };
}

describe('a crate file', () => {
  it('round-trips a cart: name, ids, types and formats', () => {
    const shared = crateFile('Friday', [
      cartItem(3, { type: 'track', format: 'wav' }),
      cartItem(8, { type: 'release', format: 'aiff' }),
    ]);
    const read = readCrateFile(JSON.stringify(shared));
    expect(read).toEqual({
      crate: {
        format: 'crate.shared-crate',
        version: 1,
        name: 'Friday',
        items: [
          { id: 3, type: 'track', audioFormat: 'wav' },
          { id: 8, type: 'release', audioFormat: 'aiff' },
        ],
      },
    });
  });

  it.each([
    ['not JSON', 'hello', 'not JSON'],
    ['another JSON file', '{"name":"x","items":[]}', 'not a Crate file'],
    [
      'a crate over the cart limit',
      JSON.stringify({ ...crateFile('Big', []), items: items(1001) }),
      'at most 1,000',
    ],
    ['a damaged crate', JSON.stringify({ ...crateFile('x', []), items: [{ id: 'one' }] }), 'damaged'],
  ])('refuses %s with a sentence', (_, text, says) => {
    const read = readCrateFile(text);
    expect('problem' in read && read.problem).toContain(says);
  });
});

describe('importing a crate into a named cart', () => {
  it('adds every item, 100 per request, and reports what the store skipped', async () => {
    const store = modelStore({ owned: new Set([4, 150]) });
    const crate = crateFile('Friday', items(250));
    const result = await importCrate('Friday', crate, store.api, store.cart);
    expect(store.adds.map((batch) => batch.length)).toEqual([100, 100, 50]);
    expect(result.imported).toBe(true);
    if (!result.imported) return;
    expect(result.added).toHaveLength(248);
    expect(result.skipped).toEqual([
      { id: 4, type: 'release', code: 'alreadyPurchased' },
      { id: 150, type: 'release', code: 'alreadyPurchased' },
    ]);
  });

  it('adds nothing to an empty crate', async () => {
    const store = modelStore();
    expect(await importCrate('Friday', crateFile('Friday', []), store.api, store.cart)).toEqual({
      imported: false,
      problem: { code: 'empty' },
    });
    expect(store.adds).toEqual([]);
  });

  it('adds nothing when the store does not know some ids, and names them', async () => {
    const store = modelStore({ known: (id) => id !== 7 && id !== 9 });
    const result = await importCrate('Friday', crateFile('Friday', items(12)), store.api, store.cart);
    expect(store.adds).toEqual([]);
    expect(result).toEqual({
      imported: false,
      problem: {
        code: 'unknownItems',
        count: 2,
        named: expect.arrayContaining([
          { id: 7, type: 'track' },
          { id: 9, type: 'track' },
        ]),
      },
    });
  });

  it('adds nothing when the cart would pass 1,000 items; items already in it do not count twice', async () => {
    const full = Array.from({ length: 995 }, (_, index) => cartItem(1000 + index));
    const over = modelStore({ inCart: full });
    const refused = await importCrate('Friday', crateFile('Friday', items(6)), over.api, over.cart);
    expect(over.adds).toEqual([]);
    expect(refused).toEqual({
      imported: false,
      problem: { code: 'cartFull', cartName: 'Friday', holds: 995, wouldHold: 1001, limit: 1000 },
    });

    const fits = modelStore({ inCart: full });
    const repeat = [
      ...items(5),
      ...full.slice(0, 3).map(({ id, type }) => ({ id, type, audioFormat: 'wav' as const })),
    ];
    expect(await importCrate('Friday', crateFile('Friday', repeat), fits.api, fits.cart)).toMatchObject({
      imported: true,
    });
  });

  it("adds nothing when the store refuses a new cart (100 carts), and says the store's reason", async () => {
    const store = modelStore({ refuseFirstAdd: true });
    expect(await importCrate('One more', crateFile('One more', items(3)), store.api, store.cart)).toEqual({
      imported: false,
      problem: { code: 'refused', reason: 'You have 100 carts, the most a user may have.' },
    });
  });
});
