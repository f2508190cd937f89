/**
 * Records shaped like the store's (contract.md, lib/contract/wire.ts) and a fake background for the popup's
 * component tests: it answers protocol messages from handlers and records every message it got.
 */
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Artist, AudioFormat, Cart, CartItem, LibraryEntry, Track } from '../../lib/contract/wire.ts';
import type { AuthState, LibraryPage } from '../../lib/protocol/messages.ts';
import type { StoreErrorData } from '../../lib/protocol/store-error.ts';

export const storeUrl = 'http://127.0.0.1:8787';
export const signedIn: AuthState = {
  signedIn: true,
  username: 'demo',
  storeUrl,
  storeProblem: null,
  notice: null,
};
export const signedOut: AuthState = { ...signedIn, signedIn: false, username: null };
export const scope = { storeUrl, username: 'demo' };

const usd = (value: number) => ({ value, currency: 'USD' });
const fee = (perTrack: number, tracks = 1) => ({ wav: usd(perTrack * tracks), aiff: usd(perTrack * tracks) });

export function track(id: number, name = `Track ${id}`): Track {
  return {
    id,
    type: 'track',
    name,
    mixName: 'Original Mix',
    slug: name.toLowerCase().replace(/\W+/g, '-'),
    artists: [{ id: 100 + id, name: `Artist ${id}`, slug: `artist-${id}`, role: 'artist' }],
    remixers: [],
    genre: { id: 1, name: 'Techno', slug: 'techno' },
    label: { id: 1, name: 'Label', slug: 'label' },
    release: { id: 500 + id, name: `Release ${id}`, slug: `release-${id}` },
    bpm: 128,
    key: 'A min',
    lengthMs: 360_000,
    isrc: `US-XXX-26-${String(id).padStart(5, '0')}`,
    publishDate: '2026-01-02',
    saleType: 'purchase',
    price: usd(1.49),
    audioFormatFee: fee(1),
    sampleUrl: `${storeUrl}/samples/${id}.mp3`,
  };
}

/** A cart item in `format`; its price includes the format's fee like the store's does. */
export function cartItem(
  id: number,
  {
    type = 'track',
    format = 'mp3',
    base = 1.49,
    tracks = 1,
  }: Partial<{
    type: 'track' | 'release';
    format: AudioFormat;
    base: number;
    tracks: number;
  }> = {},
): CartItem {
  return {
    id,
    type,
    audioFormat: format,
    name: type === 'track' ? `Track ${id} (Original Mix)` : `Release ${id}`,
    artists: [{ id: 100 + id, name: `Artist ${id}`, slug: `artist-${id}`, role: 'artist' }],
    price: usd(Math.round((base + (format === 'mp3' ? 0 : tracks)) * 100) / 100),
  };
}

export function cartOf(items: CartItem[], name = 'default'): { cart: Cart; audioFormats: string[] } {
  const cents = items.reduce((sum, item) => sum + Math.round(item.price.value * 100), 0);
  return {
    cart: {
      name,
      items,
      counts: {
        items: items.length,
        tracks: items.filter((item) => item.type === 'track').length,
        releases: items.filter((item) => item.type === 'release').length,
      },
      total: usd(cents / 100),
    },
    audioFormats: ['mp3', 'wav', 'aiff'],
  };
}

export function libraryEntry(id: number, status: LibraryEntry['status'] = 'available'): LibraryEntry {
  return {
    id,
    type: 'track',
    track: track(id, `Song ${id}`),
    audioFormat: 'mp3',
    status,
    purchasedAt: '2026-03-01T10:00:00.000Z',
    lastInitiatedAt: status === 'downloaded' ? '2026-03-02T10:00:00.000Z' : null,
  };
}

/** A library of `count` entries, served page by page like GET /order/1/downloads. */
export function libraryOf(count: number, make: (id: number) => LibraryEntry = libraryEntry) {
  return ({ page, perPage }: { page: number; perPage: number }): LibraryPage => {
    const first = (page - 1) * perPage;
    const results = Array.from({ length: Math.max(0, Math.min(perPage, count - first)) }, (_, i) =>
      make(count - first - i),
    );
    return { results, paging: { page, perPage, count, totalPages: Math.ceil(count / perPage) } };
  };
}

export function artist(id: number, name: string, genres: string[]): Artist {
  return {
    id,
    name,
    slug: name.toLowerCase().replace(/\W+/g, '-'),
    lastPublishDate: '2026-02-01',
    genres: genres.map((genre, i) => ({ id: i + 1, name: genre })),
    trackCount: 3,
  };
}

type Handler = (payload: never) => unknown;
export type Sent = { kind: string; payload: Record<string, unknown> };

/**
 * A background answering each message kind with its handler's value, or its thrown StoreErrorData
 * as a failed Outcome. A kind with no handler never answers (a background still thinking).
 */
export function fakeBackground(handlers: Record<string, Handler>): Sent[] {
  const sent: Sent[] = [];
  fakeBrowser.runtime.onMessage.addListener((message: unknown) => {
    const { kind, payload } = message as Sent;
    sent.push({ kind, payload });
    const handler = handlers[kind];
    if (!handler) return new Promise(() => {});
    return Promise.resolve()
      .then(() => handler(payload as never))
      .then(
        (value) => ({ ok: true, value }),
        (error: StoreErrorData) => ({ ok: false, error }),
      );
  });
  return sent;
}

export const storeDown: StoreErrorData = {
  kind: 'storeDown',
  message: `The store at ${storeUrl} is not answering. Is it running?`,
};
