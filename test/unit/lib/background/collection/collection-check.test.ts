import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ApiClient } from '../../../../../lib/background/api-client.ts';
import type { AuthService } from '../../../../../lib/background/auth/auth-service.ts';
import type { CartService } from '../../../../../lib/background/cart/cart-service.ts';
import { addPageItem } from '../../../../../lib/background/cart/page-item-command.ts';
import { collectionSourceOf } from '../../../../../lib/background/collection/collection-check.ts';
import { createWorker } from '../../../../../lib/background/worker.ts';
import { collectionKeys } from '../../../../../lib/contract/recording-match.ts';
import { encodeKeys } from '../../../../../lib/storage/collection-index.ts';
import { collectionIndexItem, storeUrlSetting } from '../../../../../lib/storage/items.ts';
import { storeUrl, track } from '../../../../helpers/popup-fixtures.ts';

/** A rekordbox export holding "Artist 42 – Track 42" (no ISRC, as rekordbox writes none). */
async function importRekordbox() {
  const keys = collectionKeys({ artists: 'Artist 42', title: 'Track 42', mix: '' });
  await collectionIndexItem.setValue({
    sources: [
      {
        id: 'rekordbox:export.xml',
        kind: 'rekordbox',
        name: 'rekordbox',
        tracks: 1,
        importedAt: '2026-11-25T12:00:00.000Z',
        keys: encodeKeys(keys),
      },
    ],
  });
}

const catalogPage = vi.fn(async (_page: string, id: number) => ({ track: track(id) }));
const api = async () => ({ catalogPage }) as unknown as ApiClient;
const noneOwned = async () => new Set<number>();

beforeEach(() => {
  fakeBrowser.reset();
  catalogPage.mockClear();
});

describe('the collection source of a track the worker adds', () => {
  it('names the source holding the same recording', async () => {
    await importRekordbox();
    expect(await collectionSourceOf(api, { type: 'track', id: 42 }, noneOwned)).toBe('rekordbox');
  });

  it('is null for another recording, a release, or a track bought here', async () => {
    await importRekordbox();
    expect(await collectionSourceOf(api, { type: 'track', id: 43 }, noneOwned)).toBeNull();
    expect(await collectionSourceOf(api, { type: 'release', id: 42 }, noneOwned)).toBeNull();
    expect(await collectionSourceOf(api, { type: 'track', id: 42 }, async () => new Set([42]))).toBeNull();
  });

  it('asks the store nothing when no collection was imported', async () => {
    expect(await collectionSourceOf(api, { type: 'track', id: 42 }, noneOwned)).toBeNull();
    expect(catalogPage).not.toHaveBeenCalled();
  });
});

describe('the keyboard shortcut on a track in the collection', () => {
  it('adds nothing and says where the DJ has it', async () => {
    await importRekordbox();
    await storeUrlSetting.setValue(storeUrl);
    const addChecked = vi.fn();
    const cart = { addChecked } as unknown as CartService;
    const notify = vi.spyOn(fakeBrowser.notifications, 'create').mockResolvedValue('');
    await addPageItem({ url: `${storeUrl}/track/track-42/42` } as never, cart, (item) =>
      collectionSourceOf(api, item, noneOwned),
    );
    expect(addChecked).not.toHaveBeenCalled();
    expect(notify).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ title: 'Not added: in your rekordbox collection' }),
    );
  });
});

describe('the context menu\'s "Add to cart" notification on a track in the collection', () => {
  const auth = {
    session: { accessToken: async () => 'token', renewAccessToken: async () => 'token' },
    currentGrant: async () => ({ refreshToken: 'r', storeUrl, username: 'demo' }),
    signIn: vi.fn(),
    signOut: vi.fn(),
    storeProblem: async () => null,
  } as unknown as AuthService;
  const release = {
    ...track(42).release,
    type: 'release',
    artists: [],
    remixers: [],
    genre: { id: 1, name: 'Techno', slug: 'techno' },
    label: { id: 1, name: 'Label', slug: 'label' },
    catalogNumber: 'CAT1',
    publishDate: '2026-01-02',
    trackIds: [42],
    price: { value: 1.49, currency: 'USD' },
    audioFormatFee: { wav: { value: 1, currency: 'USD' }, aiff: { value: 1, currency: 'USD' } },
  };

  it("adds nothing to the store's cart and says where the DJ has it", async () => {
    await importRekordbox();
    await storeUrlSetting.setValue(storeUrl);
    const requests: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        requests.push(`${init?.method ?? 'GET'} ${new URL(input).pathname}`);
        return Response.json({ metadata: {}, results: { track: track(42), release } });
      }),
    );
    const notify = vi.spyOn(fakeBrowser.notifications, 'create').mockResolvedValue('');
    const service = createWorker(auth);
    await service.downloads.onNotificationButton('crate-not-owned:track:42');
    vi.unstubAllGlobals();
    expect(notify).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ title: 'Not added: in your rekordbox collection' }),
    );
    expect(requests.filter((request) => request.includes('/cart/'))).toEqual([]);
  });
});
