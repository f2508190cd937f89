/**
 * The page's item states tell their subscribers which items a change touched: a cart change in
 * another tab asks one control again, not every control of the page; a setting or a purchase asks
 * them all.
 */
import { describe, expect, it } from 'vitest';
import { type ChangedItems, createItemStates } from '../../../../lib/content/item-state.ts';
import type { CartState } from '../../../../lib/storage/cart-state.ts';

const cache = (change: Partial<CartState> = {}): CartState => ({
  signedIn: true,
  cartName: 'default',
  cart: { 'track:1': 'mp3' },
  ownedTracks: [10, 11],
  ownedReleases: [5],
  ownedFormats: { 'track:10': ['mp3'], 'track:11': ['wav'], 'release:5': ['mp3'] },
  ...change,
});

function subscribed(initial = cache()) {
  const states = createItemStates({ cache: initial, defaultFormat: 'mp3' });
  const seen: (string[] | null)[] = [];
  states.subscribe((changed: ChangedItems) => seen.push(changed ? [...changed].sort() : null));
  return { states, seen };
}

describe('createItemStates', () => {
  it('names the items a new cart state adds, changes or takes out of the cart', () => {
    const { states, seen } = subscribed();
    states.set({ cache: cache({ cart: { 'track:1': 'wav', 'release:7': 'mp3' } }) });
    states.set({ cache: cache({ cart: { 'release:7': 'mp3' } }) });
    expect(seen).toEqual([['release:7', 'track:1'], ['track:1']]);
    expect(states.status({ type: 'track', id: 1 }).inCart).toBeNull();
    expect(states.status({ type: 'release', id: 7 }).inCart).toBe('mp3');
  });

  it('asks every item again when what is owned changes (a purchase, a library read)', () => {
    const { states, seen } = subscribed();
    states.set({
      cache: cache({
        ownedTracks: [11, 12],
        ownedFormats: { 'track:11': ['wav'], 'track:12': ['mp3'], 'release:5': ['mp3'] },
      }),
    });
    states.set({
      cache: cache({
        ownedTracks: [11, 12],
        ownedFormats: { 'track:11': ['wav', 'mp3'], 'track:12': ['mp3'], 'release:5': ['mp3'] },
      }),
    });
    expect(seen).toEqual([null, null]);
    expect(states.status({ type: 'track', id: 12 }).owned).toBe(true);
    expect(states.status({ type: 'track', id: 10 }).owned).toBe(false);
    expect(states.status({ type: 'track', id: 11 }).ownedFormats).toEqual(['wav', 'mp3']);
  });

  it("shows an add's answer at once; the worker's storage change saying the same then asks nobody", () => {
    const { states, seen } = subscribed();
    states.added({ type: 'track', id: 2 }, 'wav');
    expect(states.status({ type: 'track', id: 2 }).inCart).toBe('wav');
    states.set({ cache: cache({ cart: { 'track:1': 'mp3', 'track:2': 'wav' } }) });
    expect(seen).toEqual([['track:2']]);
  });

  it('leaves an add to the storage change while it knows of no one signed in', () => {
    const { states, seen } = subscribed(cache({ signedIn: false, cart: {} }));
    states.added({ type: 'track', id: 2 }, 'wav');
    expect(seen).toEqual([]);
    expect(states.status({ type: 'track', id: 2 }).inCart).toBeNull();
  });

  it('calls nobody for a new cart state equal to the last (another store, another key changed)', () => {
    const { states, seen } = subscribed();
    states.set({ cache: cache(), defaultFormat: 'mp3' });
    expect(seen).toEqual([]);
  });

  it('asks every item again after a sign-out, another cart, or a setting', () => {
    const { states, seen } = subscribed();
    states.set({ cache: cache({ signedIn: false, cart: {}, ownedTracks: [] }) });
    expect(states.status({ type: 'track', id: 10 }).owned).toBe(false);
    states.set({ cache: cache({ cartName: 'Friday' }) });
    expect(states.status({ type: 'track', id: 10 }).owned).toBe(true);
    states.set({ defaultFormat: 'wav' });
    states.set({ keyNotation: 'camelot' });
    states.set({ currentCart: 'Friday' });
    states.set({ cache: null });
    expect(seen).toEqual([null, null, null, null, null, null]);
  });
});
