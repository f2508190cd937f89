import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBrowserEvents } from '../../../../lib/background/browser-events.ts';
import { createWorker } from '../../../../lib/background/worker.ts';
import { cartCountItem, storeUrlSetting } from '../../../../lib/storage/items.ts';
import { fakeAuth, summary } from '../../../helpers/fake-store.ts';
import { storeUrl } from '../../../helpers/popup-fixtures.ts';

const auth = fakeAuth();

let badge: string[];
let answers: unknown[];

beforeEach(() => {
  fakeBrowser.reset();
  badge = [];
  answers = [];
  vi.spyOn(fakeBrowser.action, 'setBadgeText').mockImplementation(async ({ text }) => {
    badge.push(text ?? '');
  });
  vi.spyOn(fakeBrowser.action, 'setBadgeBackgroundColor').mockResolvedValue();
  // Whole-cart reads are the pages' cart state's (lib/background/cart/cart-state-writer.ts): an empty cart, off the queue.
  const cartRead = (url: string, init?: RequestInit) =>
    (init?.method ?? 'GET') === 'GET' && new URL(url).pathname === '/cart/1/' && !url.includes('summary=');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) =>
      Response.json({
        metadata: {},
        results: cartRead(url, init) ? { ...summary(0), items: [] } : answers.shift(),
      }),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the cart badge', () => {
  it('shows the default cart count after every cart change', async () => {
    const service = createWorker(auth);
    answers.push(
      { added: [], warnings: [], cart: summary(3) },
      { warnings: [], cart: summary(2) },
      { warnings: [], cart: summary(0) },
    );
    await service.handlers.addToCart({ items: [{ id: 1, type: 'track', audioFormat: 'mp3' }] });
    await service.handlers.removeFromCart({ items: [{ id: 1, type: 'track' }] });
    await service.handlers.emptyCart({});
    await service.cart.settled();
    expect(badge).toEqual(['3', '2', '']);
  });

  it('leaves the badge alone for a named cart', async () => {
    const service = createWorker(auth);
    answers.push({ added: [], warnings: [], cart: summary(5, 'friday') });
    await service.handlers.addToCart({
      name: 'friday',
      items: [{ id: 1, type: 'track', audioFormat: 'mp3' }],
    });
    expect(badge).toEqual([]);
  });

  it('comes back from storage when a new worker starts', async () => {
    answers.push(summary(4));
    const stopped = createWorker(auth);
    await stopped.cart.summary({});
    await stopped.cart.settled();
    badge = [];
    await createWorker(auth).cart.restoreBadge();
    expect(badge).toEqual(['4']);
  });

  it('does not show a count from another store', async () => {
    await cartCountItem.setValue({ storeUrl: 'https://other.example', items: 9 });
    await createWorker(auth).cart.restoreBadge();
    expect(badge).toEqual(['']);
  });

  it('is cleared on sign-out and when the store changes', async () => {
    await cartCountItem.setValue({ storeUrl, items: 2 });
    const service = createWorker(auth);
    await service.handlers.signOut({});
    expect(badge).toEqual(['']);
    expect(await cartCountItem.getValue()).toBeNull();
    await storeUrlSetting.setValue('http://localhost:8813');
    // The content script and the menus follow a new store too; the fake browser has neither.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    createBrowserEvents(service).onStoreUrlChanged('http://localhost:8813');
    await vi.waitFor(() => expect(auth.signOut).toHaveBeenCalledTimes(2));
  });
});

describe('the tracks of releases (a cart exported as a crate)', () => {
  const release = (id: number, trackIds: number[]) => ({
    id,
    type: 'release',
    name: `Release ${id}`,
    slug: `release-${id}`,
    artists: [],
    remixers: [],
    genre: { id: 1, name: 'Techno', slug: 'techno' },
    label: { id: 1, name: 'Label', slug: 'label' },
    catalogNumber: `CAT${id}`,
    publishDate: '2026-01-02',
    trackIds,
    price: { value: 4.99, currency: 'USD' },
    audioFormatFee: { wav: { value: 1, currency: 'USD' }, aiff: { value: 1, currency: 'USD' } },
  });

  function catalog(status: (id: number) => number) {
    const asked: number[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const id = Number(new URL(url).searchParams.get('id'));
        asked.push(id);
        const code = status(id);
        if (code !== 200)
          return Response.json(
            { metadata: { error: 'notFound', message: `No release ${id}.` }, results: null },
            { status: code },
          );
        return Response.json({
          metadata: {},
          results: { release: release(id, [id * 10, id * 10 + 1]), tracks: [] },
        });
      }),
    );
    return asked;
  }

  it("answers each release's track ids and catalog number from its record, leaving out one the catalog does not know", async () => {
    const asked = catalog((id) => (id === 8 ? 404 : 200));
    const answer = await createWorker(auth).handlers.releaseTracks({ ids: [7, 8, 9] });
    expect(answer).toEqual([
      { id: 7, trackIds: [70, 71], catalogNumber: 'CAT7' },
      { id: 9, trackIds: [90, 91], catalogNumber: 'CAT9' },
    ]);
    expect(asked.sort()).toEqual([7, 8, 9]);
  });

  it('fails when the store fails, rather than exporting a crate short of tracks', async () => {
    // A 500 is not retried (a 503 would be, with backoff).
    catalog((id) => (id === 8 ? 500 : 200));
    await expect(createWorker(auth).handlers.releaseTracks({ ids: [7, 8] })).rejects.toMatchObject({
      kind: 'storeDown',
    });
  });
});

describe('the store’s analyses of tracks (a crate export’s grids and cues)', () => {
  const analysis = {
    version: 1,
    bpm: 128.05,
    firstDownbeatMs: 552.1,
    beatsPerBar: 4,
    beatCount: 853,
    durationMs: 400_000,
    cues: [{ kind: 'first-downbeat', name: 'Downbeat', positionMs: 552.1, color: '#e62828' }],
    waveformOverview: '',
  };

  it('answers each track’s analysis from the store, leaving out one it has none of', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const { pathname, searchParams } = new URL(url);
        asked.push(`${pathname}?${searchParams}`);
        if (searchParams.get('id') === '2')
          return Response.json(
            { metadata: { error: 'notFound', message: 'No beat.' }, results: null },
            { status: 404 },
          );
        return Response.json({ metadata: {}, results: analysis });
      }),
    );
    const answer = await createWorker(auth).handlers.trackAnalyses({ ids: [1, 2] });
    expect(answer).toEqual([{ id: 1, analysis }]);
    expect(asked.sort()).toEqual(['/catalog/3/track-analysis?id=1', '/catalog/3/track-analysis?id=2']);
  });
});
