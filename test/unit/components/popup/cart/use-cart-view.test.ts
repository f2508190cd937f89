// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/preact';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useCartView } from '../../../../../components/popup/cart/use-cart-view.ts';
import { allTracks } from '../../../../../lib/popup/track-facts.ts';

const store = 'https://store.example';

beforeEach(() => fakeBrowser.reset());

describe("the cart's order as a set", () => {
  it('outlives the popup: the cart opens "As a set" with its shape and opener again, per cart and store', async () => {
    const first = renderHook(() => useCartView(store, 'Friday'));
    act(() =>
      first.result.current[1]({ ...allTracks, sort: 'set', shape: 'waves', first: 'track:7', minBpm: 120 }),
    );
    await waitFor(async () =>
      expect(Object.keys(await fakeBrowser.storage.local.get())).toContain('cartSetOrders'),
    );
    first.unmount();

    const reopened = renderHook(() => useCartView(store, 'Friday'));
    // The order, its shape and its opener come back; a BPM filter was for a look and does not.
    await waitFor(() =>
      expect(reopened.result.current[0]).toEqual({
        ...allTracks,
        sort: 'set',
        shape: 'waves',
        first: 'track:7',
      }),
    );
    const other = renderHook(() => useCartView(store, 'Saturday'));
    const elsewhere = renderHook(() => useCartView('https://other.example', 'Friday'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(other.result.current[0]).toEqual(allTracks);
    expect(elsewhere.result.current[0]).toEqual(allTracks);
  });

  it('is forgotten when the DJ sorts the cart another way', async () => {
    const view = renderHook(() => useCartView(store, 'Friday'));
    act(() => view.result.current[1]({ ...allTracks, sort: 'set', shape: 'build' }));
    act(() => view.result.current[1]({ ...allTracks, sort: 'bpm' }));
    view.unmount();
    const reopened = renderHook(() => useCartView(store, 'Friday'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reopened.result.current[0]).toEqual(allTracks);
  });
});
