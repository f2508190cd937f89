// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CartTab } from '../../../../../components/popup/cart/cart-tab.tsx';
import type { CartItem } from '../../../../../lib/contract/wire.ts';
import { cartStateItem } from '../../../../../lib/storage/items.ts';
import { popupCache } from '../../../../../lib/storage/popup-cache.ts';
import { getMessageFrom, readLocale } from '../../../../helpers/locales.ts';
import { modelDownloads } from '../../../../helpers/model-downloads.ts';
import {
  cartItem,
  cartOf,
  fakeBackground,
  scope,
  storeDown,
  storeUrl,
} from '../../../../helpers/popup-fixtures.ts';

const summaryOf = (items: CartItem[]) => {
  const { items: _, ...summary } = cartOf(items).cart;
  return summary;
};
const change = (items: CartItem[], warnings: unknown[] = []) => ({ warnings, cart: summaryOf(items) });

const renderCart = (props: Partial<Parameters<typeof CartTab>[0]> = {}) =>
  render(<CartTab scope={scope} storeUrl={storeUrl} cartName="default" revalidate={0} {...props} />);

beforeEach(async () => {
  fakeBrowser.reset();
  await popupCache.clear();
});
afterEach(cleanup);

describe('the cart tab', () => {
  it('lists every item with title, artists, format and price, and the counts and total', async () => {
    const items = [cartItem(1), cartItem(2, { format: 'wav' }), cartItem(3, { type: 'release', tracks: 4 })];
    fakeBackground({ viewCart: () => cartOf(items) });
    renderCart();
    expect((await screen.findByText('3 items: 2 tracks, 1 release')).textContent).toBeTruthy();
    expect(screen.getByText(/^Total/).textContent).toBe('Total $5.47');
    const rows = screen.getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText('Track 2 (Original Mix)')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Artist 2')).toBeTruthy();
    expect((screen.getByLabelText('Format of "Track 2 (Original Mix)"') as HTMLSelectElement).value).toBe(
      'wav',
    );
    expect(within(rows[1] as HTMLElement).getByText('$2.49')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Release')).toBeTruthy();
  });

  it('marks the items already owned, with the formats owned, from the cart state', async () => {
    await cartStateItem.setValue({
      [storeUrl]: {
        signedIn: true,
        cartName: 'default',
        cart: {},
        ownedTracks: [1, 2],
        ownedReleases: [],
        ownedFormats: { 'track:1': ['mp3', 'aiff'] },
      },
    });
    fakeBackground({ viewCart: () => cartOf([cartItem(1, { format: 'wav' }), cartItem(2), cartItem(3)]) });
    renderCart();
    const rows = await screen.findAllByRole('listitem');
    expect(await within(rows[0] as HTMLElement).findByText('Owned: MP3, AIFF')).toBeTruthy();
    // Owned in formats not known yet (a purchase the store reported before the library was read).
    expect(within(rows[1] as HTMLElement).getByText('Owned')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).queryByText(/^Owned/)).toBeNull();
    // A truncated title can be read in full.
    expect(
      within(rows[0] as HTMLElement)
        .getByText('Track 1 (Original Mix)')
        .getAttribute('title'),
    ).toBe('Track 1 (Original Mix)');
  });

  it('shows artwork, BPM and key from one batched catalog lookup, flags what is paid twice and the total without it', async () => {
    await cartStateItem.setValue({
      [storeUrl]: {
        signedIn: true,
        cartName: 'default',
        cart: {},
        ownedTracks: [1],
        ownedReleases: [],
        ownedFormats: { 'track:1': ['mp3'] },
      },
    });
    const fee = { wav: { value: 1, currency: 'USD' }, aiff: { value: 1, currency: 'USD' } };
    const image = { uri: `${storeUrl}/art/1.jpg`, width: 500, height: 500 };
    const sent = fakeBackground({
      viewCart: () => cartOf([cartItem(1), cartItem(2), cartItem(9, { type: 'release', base: 3.99 })]),
      catalogFacts: () => [
        {
          id: 1,
          type: 'track',
          fee,
          image,
          bpm: 124,
          key: 'A min',
          sampleUrl: `${storeUrl}/samples/1.mp3`,
          releaseId: 50,
        },
        { id: 2, type: 'track', fee, image, bpm: 0, key: '', sampleUrl: '', releaseId: 9 },
        {
          id: 9,
          type: 'release',
          fee,
          image,
          tracks: [{ id: 2, price: { value: 1.49, currency: 'USD' }, fee }],
        },
      ],
    });
    renderCart();
    const rows = await screen.findAllByRole('listitem');
    expect(await within(rows[0] as HTMLElement).findByText('124 BPM')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('A min')).toBeTruthy();
    expect(rows[0]?.querySelector('img.thumb')?.getAttribute('src')).toBe(image.uri);
    // Bad data: dashes (lib/contract/track-display.ts), and no play button that cannot play.
    expect(within(rows[1] as HTMLElement).getByText('– BPM')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getAllByText('–')).toHaveLength(2);
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: /^No preview/ })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(rows[0] as HTMLElement).getByRole('button', { name: /^Play the preview of/ })).toBeTruthy();
    // Owned as MP3 and in the cart as MP3; on a release in the cart: both paid twice.
    expect(within(rows[0] as HTMLElement).getByText('Pays twice: $1.49')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Pays twice: $1.49')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).queryByText(/^Pays twice/)).toBeNull();
    expect(screen.getByText(/^Without paying twice/).textContent).toBe('Without paying twice $3.99');
    // One lookup for the whole cart, and the title can be focused to be read in full.
    expect(sent.filter((message) => message.kind === 'catalogFacts')).toHaveLength(1);
    expect(within(rows[0] as HTMLElement).getByText('Track 1 (Original Mix)').tabIndex).toBe(0);
  });

  it('sorts by BPM and keeps only the items harmonic with a chosen key', async () => {
    const fee = { wav: { value: 1, currency: 'USD' }, aiff: { value: 1, currency: 'USD' } };
    fakeBackground({
      viewCart: () => cartOf([cartItem(1), cartItem(2), cartItem(3)]),
      catalogFacts: () => [
        { id: 1, type: 'track', fee, bpm: 130, key: 'A min' },
        { id: 2, type: 'track', fee, bpm: 120, key: 'C maj' },
        { id: 3, type: 'track', fee, bpm: 125, key: 'F# maj' },
      ],
    });
    renderCart();
    await screen.findByText('130 BPM');
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'bpm' } });
    const titles = () =>
      screen.getAllByRole('listitem').map((row) => row.querySelector('.item-title')?.textContent);
    expect(titles()).toEqual(['Track 2 (Original Mix)', 'Track 3 (Original Mix)', 'Track 1 (Original Mix)']);
    // A minor (8A): C major (8B) is its relative; F# major (2B) is not harmonic.
    fireEvent.change(screen.getByLabelText('Harmonic with'), { target: { value: '8A' } });
    expect(titles()).toEqual(['Track 2 (Original Mix)', 'Track 1 (Original Mix)']);
  });

  it('plays the cart as a set: keys round the wheel, and says how many transitions clash', async () => {
    const fee = { wav: { value: 1, currency: 'USD' }, aiff: { value: 1, currency: 'USD' } };
    fakeBackground({
      viewCart: () => cartOf([cartItem(1), cartItem(2), cartItem(3), cartItem(4)]),
      catalogFacts: () => [
        { id: 1, type: 'track', fee, bpm: 124, key: 'E min' }, // 9A
        { id: 2, type: 'track', fee, bpm: 124, key: 'A min' }, // 8A
        { id: 3, type: 'track', fee, bpm: 125, key: 'B min' }, // 10A
        { id: 4, type: 'track', fee, bpm: 0, key: '' },
      ],
    });
    renderCart();
    await screen.findByText('125 BPM');
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'set' } });
    const titles = () =>
      screen.getAllByRole('listitem').map((row) => row.querySelector('.item-title')?.textContent);
    const played = titles();
    // 8A, 9A, 10A or the same walk back, and the track without a key or BPM last.
    expect([
      [
        'Track 2 (Original Mix)',
        'Track 1 (Original Mix)',
        'Track 3 (Original Mix)',
        'Track 4 (Original Mix)',
      ],
      [
        'Track 3 (Original Mix)',
        'Track 1 (Original Mix)',
        'Track 2 (Original Mix)',
        'Track 4 (Original Mix)',
      ],
    ]).toContainEqual(played);
    expect(screen.getByText(/^As a set:/).textContent).toBe(
      'As a set: no clash · 1 without a key or BPM at the end',
    );
    // Shared (and exported, and put on a stick) in that order.
    const saved = modelDownloads();
    fireEvent.click(screen.getByRole('button', { name: 'Share this cart' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const shared = JSON.parse(await (saved[0]?.text ?? '')) as { items: { id: number }[] };
    expect(shared.items.map((item) => `Track ${item.id} (Original Mix)`)).toEqual(played);
  });

  it('says how each track mixes in, in words, and plays the set from the track the DJ pins first', async () => {
    const fee = { wav: { value: 1, currency: 'USD' }, aiff: { value: 1, currency: 'USD' } };
    fakeBackground({
      viewCart: () => cartOf([cartItem(1), cartItem(2), cartItem(3)]),
      catalogFacts: () => [
        { id: 1, type: 'track', fee, bpm: 124, key: 'E min' }, // 9A
        { id: 2, type: 'track', fee, bpm: 124, key: 'A min' }, // 8A
        { id: 3, type: 'track', fee, bpm: 128, key: 'B min' }, // 10A, 3.2 % up
      ],
    });
    renderCart();
    await screen.findByText('128 BPM');
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'set' } });
    fireEvent.change(screen.getByLabelText('Start with'), { target: { value: 'track:3' } });
    const rows = () => screen.getAllByRole('listitem');
    await waitFor(() =>
      expect(rows()[0]?.querySelector('.item-title')?.textContent).toBe('Track 3 (Original Mix)'),
    );
    const mixes = rows().map((row) => row.querySelector('.mix')?.textContent ?? null);
    // The opener has nothing before it; then one step round the wheel each time.
    expect(mixes[0]).toBeNull();
    expect(mixes[1]).toBe('A stretch in: harmonic key, tempo 3.1%');
    expect(mixes[2]).toBe('Good mix in: harmonic key, tempo 0%');
    expect(rows()[1]?.querySelector('.mix')?.classList.contains('mix-stretch')).toBe(true);
  });

  it("builds a set up by the energies of the store's analyses, or keeps it level", async () => {
    const fee = { wav: { value: 1, currency: 'USD' }, aiff: { value: 1, currency: 'USD' } };
    const energy = { 1: 9, 2: 3, 3: 6 } as Record<number, number>;
    const sent = fakeBackground({
      viewCart: () => cartOf([cartItem(1), cartItem(2), cartItem(3)]),
      catalogFacts: () => [1, 2, 3].map((id) => ({ id, type: 'track', fee, bpm: 126, key: 'A min' })),
      trackAnalyses: ({ ids }: { ids: number[] }) =>
        ids.map((id) => ({ id, analysis: { energy: { level: energy[id], sections: [] } } })),
    });
    renderCart();
    await screen.findAllByText('126 BPM');
    const titles = () =>
      screen
        .getAllByRole('listitem')
        .map((row) => row.querySelector('.item-title')?.textContent?.slice(0, 7));
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'set' } });
    await waitFor(() => expect(titles()).toEqual(['Track 2', 'Track 3', 'Track 1']));
    // Asked only once sorted as a set, for the cart's tracks in one message.
    expect(sent.filter((message) => message.kind === 'trackAnalyses')).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Energy'), { target: { value: 'keep' } });
    // Level: 9 next to 6 next to 3, whichever way round.
    expect([
      ['Track 1', 'Track 3', 'Track 2'],
      ['Track 2', 'Track 3', 'Track 1'],
    ]).toContainEqual(titles());
  });

  it('paints the cached cart at once and says it is refreshing while the store is asked', async () => {
    fakeBackground({}); // the background never answers
    renderCart({ initial: { value: cartOf([cartItem(1)]), savedAt: Date.now() } });
    expect(screen.getByText('1 item: 1 track, 0 releases')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Refreshing…');
  });

  it('reads the cache itself when no snapshot was given', async () => {
    await popupCache.put(scope, 'cart:crate', cartOf([cartItem(7), cartItem(8)], 'crate'));
    fakeBackground({});
    renderCart({ cartName: 'crate' });
    expect(await screen.findByText('2 items: 2 tracks, 0 releases')).toBeTruthy();
  });

  it('replaces the cached cart with the store answer and caches that', async () => {
    fakeBackground({ viewCart: () => cartOf([cartItem(1), cartItem(2)]) });
    renderCart({ initial: { value: cartOf([cartItem(1)]), savedAt: Date.now() } });
    expect(await screen.findByText('2 items: 2 tracks, 0 releases')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Refreshing…')).toBeNull());
    const cached = await popupCache.get<ReturnType<typeof cartOf>>(scope, 'cart:default');
    expect(cached?.value.cart.counts.items).toBe(2);
  });

  it('says an empty cart is empty and how to fill it', async () => {
    const open = vi.spyOn(fakeBrowser.tabs, 'create');
    fakeBackground({ viewCart: () => cartOf([]) });
    renderCart();
    expect(await screen.findByText('Your cart is empty')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open the store' }));
    expect(open).toHaveBeenCalledWith({ url: storeUrl });
  });

  it('asks to sign in when nobody is', () => {
    fakeBackground({});
    renderCart({ scope: null });
    expect(screen.getByText('Sign in to see your cart')).toBeTruthy();
  });

  it('names an unreachable store and offers to try again, with nothing cached', async () => {
    let calls = 0;
    fakeBackground({
      viewCart: () => {
        calls++;
        if (calls === 1) throw storeDown;
        return cartOf([cartItem(1)]);
      },
    });
    renderCart();
    expect(await screen.findByText('The store is not answering')).toBeTruthy();
    expect(screen.getByText(storeDown.message)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 item: 1 track, 0 releases')).toBeTruthy();
  });

  it('keeps the cached cart on screen when the store is unreachable, and says why', async () => {
    fakeBackground({
      viewCart: () => {
        throw { kind: 'offline', message: 'You seem to be offline. Check your connection and try again.' };
      },
    });
    renderCart({ initial: { value: cartOf([cartItem(1)]), savedAt: Date.now() } });
    expect(await screen.findByText(/^Showing what Crate saved at .*You seem to be offline/)).toBeTruthy();
    expect(screen.getByText('1 item: 1 track, 0 releases')).toBeTruthy();
  });

  it('changes one item format at the store', async () => {
    const items = [cartItem(1), cartItem(2)];
    const sent = fakeBackground({
      viewCart: () => cartOf(items),
      setItemFormats: () => change(items),
    });
    renderCart();
    const select = await screen.findByLabelText('Format of "Track 2 (Original Mix)"');
    fireEvent.change(select, { target: { value: 'aiff' } });
    await waitFor(() =>
      expect(sent.find((message) => message.kind === 'setItemFormats')?.payload).toEqual({
        name: 'default',
        items: [{ id: 2, type: 'track', audioFormat: 'aiff' }],
      }),
    );
  });

  it('rolls a failed format change back to what the store holds, says why once, and clears it on the next success', async () => {
    const items = [cartItem(1), cartItem(2)];
    let down = true;
    let calls = 0;
    fakeBackground({
      viewCart: () => {
        if (down && items.length > 0 && calls++ > 0) throw storeDown;
        return cartOf(items);
      },
      setItemFormats: () => {
        if (down) throw storeDown;
        return change(items);
      },
    });
    renderCart();
    const select = (await screen.findByLabelText('Format of "Track 2 (Original Mix)"')) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: 'aiff' } });
    await waitFor(() => expect(screen.queryByText('Refreshing…')).toBeNull());
    expect((screen.getByLabelText('Format of "Track 2 (Original Mix)"') as HTMLSelectElement).value).toBe(
      'mp3',
    );
    expect(screen.getAllByText(storeDown.message, { exact: false })).toHaveLength(1);

    down = false;
    fireEvent.change(screen.getByLabelText('Format of "Track 2 (Original Mix)"'), {
      target: { value: 'wav' },
    });
    await waitFor(() => expect(screen.queryByText('Refreshing…')).toBeNull());
    expect(screen.queryByText(storeDown.message, { exact: false })).toBeNull();
  });

  it('puts a removed item back when the store refuses the removal, without an undo', async () => {
    const items = [cartItem(1), cartItem(2)];
    fakeBackground({
      viewCart: () => cartOf(items),
      removeFromCart: () => {
        throw { kind: 'badRequest', status: 400, message: 'The store could not accept that request.' };
      },
    });
    renderCart();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove "Track 2 (Original Mix)"' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The store could not accept that request.');
    expect(await screen.findByLabelText('Format of "Track 2 (Original Mix)"')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('removes an item at once, and Undo adds it back in its format', async () => {
    let items = [cartItem(1), cartItem(2, { format: 'wav' })];
    const sent = fakeBackground({
      viewCart: () => cartOf(items),
      removeFromCart: () => {
        items = [cartItem(1)];
        return change(items);
      },
      addToCart: () => {
        items = [cartItem(1), cartItem(2, { format: 'wav' })];
        return { added: [items[1]], warnings: [], cart: summaryOf(items) };
      },
    });
    renderCart();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove "Track 2 (Original Mix)"' }));
    expect(screen.queryByLabelText('Format of "Track 2 (Original Mix)"')).toBeNull();
    expect(screen.getByText('Removed "Track 2 (Original Mix)".')).toBeTruthy();
    await waitFor(() => expect(sent.some((message) => message.kind === 'removeFromCart')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await screen.findByLabelText('Format of "Track 2 (Original Mix)"');
    expect(sent.find((message) => message.kind === 'addToCart')?.payload).toEqual({
      name: 'default',
      items: [{ id: 2, type: 'track', audioFormat: 'wav' }],
    });
  });

  it('explains an alreadyPurchased warning and offers the override', async () => {
    const items = [cartItem(1), cartItem(2)];
    const sent = fakeBackground({
      viewCart: () => cartOf(items),
      removeFromCart: () => change([items[0] as CartItem]),
      addToCart: (payload: { alreadyPurchasedOverride?: boolean }) =>
        payload.alreadyPurchasedOverride
          ? { added: [items[1]], warnings: [], cart: summaryOf(items) }
          : {
              added: [],
              warnings: [
                { id: 2, type: 'track', code: 'alreadyPurchased', message: 'Track 2 is already yours.' },
              ],
              cart: summaryOf([items[0] as CartItem]),
            },
    });
    renderCart();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove "Track 2 (Original Mix)"' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText(/^You already own "Track 2 \(Original Mix\)"/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add anyway' }));
    await waitFor(() =>
      expect(sent.filter((message) => message.kind === 'addToCart').at(-1)?.payload).toMatchObject({
        alreadyPurchasedOverride: true,
      }),
    );
  });

  it('shows a notInCart warning as a sentence about the item', async () => {
    const items = [cartItem(1)];
    fakeBackground({
      viewCart: () => cartOf(items),
      setItemFormats: () =>
        change(items, [{ id: 1, type: 'track', code: 'notInCart', message: 'Track 1 is not in the cart.' }]),
    });
    renderCart();
    fireEvent.change(await screen.findByLabelText('Format of "Track 1 (Original Mix)"'), {
      target: { value: 'wav' },
    });
    expect(await screen.findByText(/"Track 1 \(Original Mix\)" is no longer in this cart/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add anyway' })).toBeNull();
  });

  it('empties the cart only after a confirmation', async () => {
    let items = [cartItem(1), cartItem(2)];
    const sent = fakeBackground({
      viewCart: () => cartOf(items),
      emptyCart: () => {
        items = [];
        return change(items);
      },
    });
    renderCart();
    fireEvent.click(await screen.findByRole('button', { name: 'Empty cart' }));
    expect(screen.getByText('Remove all 2 items?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep them' }));
    expect(sent.some((message) => message.kind === 'emptyCart')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Empty cart' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, empty the cart' }));
    expect(await screen.findByText('Your cart is empty')).toBeTruthy();
    await waitFor(() =>
      expect(sent.find((message) => message.kind === 'emptyCart')?.payload).toEqual({ name: 'default' }),
    );
  });

  it('opens the store cart page for checkout', async () => {
    const open = vi.spyOn(fakeBrowser.tabs, 'create');
    fakeBackground({ viewCart: () => cartOf([cartItem(1)]) });
    renderCart();
    fireEvent.click(await screen.findByRole('button', { name: 'Checkout on the store' }));
    expect(open).toHaveBeenCalledWith({ url: `${storeUrl}/cart` });
  });
});

describe('the cart tab in German', () => {
  it('speaks German and writes prices as Germans read them', async () => {
    fakeBrowser.i18n.getMessage = getMessageFrom(readLocale('de')) as typeof fakeBrowser.i18n.getMessage;
    const items = [cartItem(1), cartItem(2, { type: 'release', tracks: 2 })];
    fakeBackground({ viewCart: () => cartOf(items) });
    renderCart();
    expect(await screen.findByText('2 Artikel: 1 Track und 1 Release')).toBeTruthy();
    // Intl puts a no-break space between the amount and the sign.
    expect(screen.getByText(/^Summe/).textContent?.replace(/\s/g, ' ')).toBe('Summe 2,98 $');
    const rows = screen.getAllByRole('listitem');
    expect(within(rows[0] as HTMLElement).getByText('1,49 $')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Artikel in deinem Warenkorb' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Format von „Track 1 (Original Mix)“' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Alle Artikel setzen auf' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '„Track 1 (Original Mix)“ entfernen' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Warenkorb leeren' }));
    expect(screen.getByText('Alle 2 Artikel entfernen?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Behalten' }));
    expect(screen.getByRole('button', { name: 'Zur Kasse im Store' })).toBeTruthy();
  });
});

describe('"Set all items to"', () => {
  const items = [
    cartItem(1),
    cartItem(2, { format: 'wav' }),
    cartItem(3, { type: 'release', tracks: 4, base: 5 }),
  ];
  const fees = [
    {
      id: 1,
      type: 'track',
      fee: { wav: { value: 1, currency: 'USD' }, aiff: { value: 1, currency: 'USD' } },
    },
    {
      id: 2,
      type: 'track',
      fee: { wav: { value: 1, currency: 'USD' }, aiff: { value: 1, currency: 'USD' } },
    },
    {
      id: 3,
      type: 'release',
      fee: { wav: { value: 4, currency: 'USD' }, aiff: { value: 4, currency: 'USD' } },
    },
  ];

  it('previews the exact new total from the catalog fees, then applies the format to the whole cart', async () => {
    const sent = fakeBackground({
      viewCart: () => cartOf(items),
      catalogFacts: () => fees,
      setCartFormat: () => change(items),
    });
    renderCart();
    const group = await screen.findByRole('group', { name: 'Set all items to' });
    fireEvent.click(within(group).getByLabelText('AIFF'));
    // 1.49 + 1 (track 1), 2.49 (track 2: WAV and AIFF cost the same), 5 + 4 (the release: the fee per track).
    expect((await within(group).findByText(/^New total/)).textContent).toBe(
      'New total $13.98 (now $8.98), 3 items changing to AIFF.',
    );
    fireEvent.click(within(group).getByRole('button', { name: 'Apply AIFF to all' }));
    await waitFor(() =>
      expect(sent.find((message) => message.kind === 'setCartFormat')?.payload).toEqual({
        name: 'default',
        audioFormat: 'aiff',
      }),
    );
  });

  it("previews FLAC's exact total from the formats the catalog lists, as the demo store sells it", async () => {
    const usdOf = (value: number) => ({ value, currency: 'USD' });
    // FLAC costs $1 more than MP3 on tracks 1 and 2, $2 on the release ($0.50 a track); the record's
    // fee says what WAV adds (track 2 is WAV now).
    const sold = (mp3: number, flac: number) => [
      { format: 'mp3', price: usdOf(mp3) },
      { format: 'flac', price: usdOf(flac) },
    ];
    const withFlac = fees.map((record, index) => ({
      ...record,
      formats: [sold(1.49, 2.49), sold(1.49, 2.49), sold(5, 7)][index],
    }));
    fakeBackground({
      viewCart: () => ({ ...cartOf(items), audioFormats: ['mp3', 'wav', 'aiff', 'flac'] }),
      catalogFacts: () => withFlac,
    });
    renderCart();
    const group = await screen.findByRole('group', { name: 'Set all items to' });
    fireEvent.click(within(group).getByLabelText('FLAC'));
    expect((await within(group).findByText(/^New total/)).textContent).toBe(
      'New total $11.98 (now $8.98), 3 items changing to FLAC.',
    );
  });

  it('says the preview is an estimate when fees cannot be checked', async () => {
    fakeBackground({
      viewCart: () => cartOf(items),
      catalogFacts: () => {
        throw storeDown;
      },
    });
    renderCart();
    const group = await screen.findByRole('group', { name: 'Set all items to' });
    fireEvent.click(within(group).getByLabelText('MP3'));
    expect(
      (await within(group).findByText(/could not be checked/)).textContent?.startsWith('Estimated new total'),
    ).toBe(true);
  });

  it('says when every item already has the format', async () => {
    fakeBackground({ viewCart: () => cartOf([cartItem(1)]), catalogFacts: () => fees });
    renderCart();
    const group = await screen.findByRole('group', { name: 'Set all items to' });
    fireEvent.click(within(group).getByLabelText('MP3'));
    expect(within(group).getByText('Every item is already MP3.')).toBeTruthy();
    expect(
      (within(group).getByRole('button', { name: 'Apply MP3 to all' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
