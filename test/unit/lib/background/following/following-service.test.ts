import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createFollowing, feedAlarm } from '../../../../../lib/background/following/following-service.ts';
import type { Release } from '../../../../../lib/contract/wire.ts';
import { StoreError } from '../../../../../lib/protocol/store-error.ts';
import {
  cartCountItem,
  feedNotificationsSetting,
  followsBackupItem,
  followsItem,
  storeUrlSetting,
} from '../../../../../lib/storage/items.ts';

const storeUrl = 'http://127.0.0.1:8787';
const today = '2026-11-25';
const now = Date.parse(`${today}T12:00:00Z`);
const hour = 3_600_000;

const ref = (id: number, name: string) => ({ id, name, slug: `s${id}` });
const release = (id: number, publishDate: string, artist: number, label: number): Release => ({
  id,
  type: 'release',
  name: `Release ${id}`,
  slug: `release-${id}`,
  artists: [{ ...ref(artist, `Artist ${artist}`), role: 'artist' }],
  remixers: [],
  genre: ref(1, 'Techno'),
  label: ref(label, `Label ${label}`),
  catalogNumber: 'C1',
  publishDate,
  trackIds: [id * 10],
  price: { value: 1.49, currency: 'USD' },
  audioFormatFee: { wav: { value: 1, currency: 'USD' }, aiff: { value: 1, currency: 'USD' } },
});

/** A store whose catalog is `releases`; counts the calls each kind made. */
function fakeStore(releases: Release[]) {
  const calls = { artists: 0, artist: 0, label: 0 };
  const client = {
    artists: vi.fn(async ({ ids = [] }: { ids?: number[] }) => {
      calls.artists++;
      return {
        results: ids.map((id) => ({
          id,
          name: `Artist ${id}`,
          slug: `s${id}`,
          genres: [],
          trackCount: 1,
          lastPublishDate:
            releases
              .filter((r) => r.artists.some((a) => a.id === id))
              .map((r) => r.publishDate)
              .sort()
              .at(-1) ?? null,
        })),
        paging: { page: 1, perPage: 150, count: ids.length, totalPages: 1 },
        facets: {},
      };
    }),
    catalogPage: vi.fn(async (kind: 'artist' | 'label', id: number) => {
      calls[kind]++;
      if (id === 404) throw new StoreError({ kind: 'notFound', message: 'There is no label with id 404.' });
      const mine = releases
        .filter((r) => (kind === 'artist' ? r.artists.some((a) => a.id === id) : r.label.id === id))
        .sort((a, b) => b.publishDate.localeCompare(a.publishDate) || b.id - a.id);
      return { releases: mine, topTracks: [] } as never;
    }),
  };
  return { client, calls };
}

let badge: { text: string; title: string };
beforeEach(async () => {
  fakeBrowser.reset();
  badge = { text: '', title: '' };
  vi.spyOn(fakeBrowser.action, 'setBadgeText').mockImplementation(async ({ text }) => {
    badge.text = text ?? '';
  });
  vi.spyOn(fakeBrowser.action, 'setBadgeBackgroundColor').mockResolvedValue();
  vi.spyOn(fakeBrowser.action, 'setTitle').mockImplementation(async ({ title }) => {
    badge.title = title ?? '';
  });
  await storeUrlSetting.setValue(storeUrl);
});

function setUp(releases: Release[]) {
  const store = fakeStore(releases);
  let clock = now;
  const following = createFollowing({ api: async () => store.client as never, now: () => clock });
  return { ...store, following, advance: (ms: number) => (clock += ms) };
}

describe('following', () => {
  it('keeps follows in storage.local and a copy in storage.sync, and schedules the refresh alarm every 3 hours', async () => {
    const { following } = setUp([release(1, '2026-01-01', 1, 9)]);
    await following.handlers.follow({ kind: 'artist', id: 1, name: 'Artist 1' });
    // A double click: one follow.
    await Promise.all([
      following.handlers.follow({ kind: 'label', id: 9, name: 'Label 9' }),
      following.handlers.follow({ kind: 'label', id: 9, name: 'Label 9' }),
    ]);
    expect((await followsItem.getValue())[storeUrl]?.labels).toHaveLength(1);
    expect(await followsBackupItem.getValue()).toEqual({
      [storeUrl]: { artists: [[1, 'Artist 1']], labels: [[9, 'Label 9']] },
    });
    expect((await fakeBrowser.alarms.get(feedAlarm))?.periodInMinutes).toBe(180);
    await following.handlers.unfollow({ kind: 'artist', id: 1 });
    await following.handlers.unfollow({ kind: 'label', id: 9 });
    expect(await fakeBrowser.alarms.get(feedAlarm)).toBeUndefined();
  });

  it('comes back from storage.sync after a reinstall, with nothing old counted as new', async () => {
    await followsBackupItem.setValue({ [storeUrl]: { artists: [[3, 'Artist 3']], labels: [] } });
    const { following } = setUp([release(1, '2026-01-01', 3, 9)]);
    await following.start();
    expect((await followsItem.getValue())[storeUrl]).toMatchObject({
      artists: [{ id: 3, name: 'Artist 3' }],
      labels: [],
    });
    expect((await following.handlers.newForYou({ refresh: 'ifDue' })).releases).toEqual([]);
  });
});

describe('New for you', () => {
  it('lists what followed artists and labels published since, marks all seen, and asks at most once a period', async () => {
    const catalog = [release(1, '2026-01-01', 1, 9), release(2, '2026-02-01', 5, 9)];
    const { following, calls, advance } = setUp(catalog);
    await following.handlers.follow({ kind: 'artist', id: 1, name: 'Artist 1' });
    await following.handlers.follow({ kind: 'label', id: 9, name: 'Label 9' });
    catalog.push(release(10, today, 1, 9), release(11, today, 6, 9), release(12, today, 7, 3));

    const feed = await following.handlers.newForYou({ refresh: 'ifDue' });
    expect(feed.releases.map((r) => r.id)).toEqual([11, 10]);
    expect(feed.releases[1]?.via.map((source) => source.kind)).toEqual(['artist', 'label']);
    expect(badge).toEqual({ text: '2', title: 'Crate: 2 new releases from artists you follow' });

    const asked = { ...calls };
    advance(hour);
    await following.handlers.newForYou({ refresh: 'ifDue' });
    expect(calls).toEqual(asked);

    const cleared = await following.handlers.markAllSeen({});
    expect(cleared.releases).toEqual([]);
    expect(badge.text).toBe('');

    catalog.push(release(13, today, 1, 3));
    advance(2 * hour);
    await following.onAlarm({ name: feedAlarm, scheduledTime: 0 });
    expect((await following.handlers.newForYou({ refresh: 'never' })).releases.map((r) => r.id)).toEqual([
      13,
    ]);
  });

  it('makes 2 artist-catalog calls for 200 followed artists and a detail call only for those who published since', async () => {
    const catalog = Array.from({ length: 200 }, (_, i) => release(i + 1, '2026-01-01', i + 1, 1));
    const { following, calls } = setUp(catalog);
    await followsItem.setValue({
      [storeUrl]: {
        artists: catalog.map((r) => ({
          id: r.artists[0]?.id as number,
          name: 'x',
          since: { day: today, ids: [] },
        })),
        labels: [404].map((id) => ({ id, name: 'Gone label', since: { day: today, ids: [] } })),
      },
    });
    catalog.push(release(1000, today, 17, 2), release(1001, today, 42, 2));
    const feed = await following.handlers.newForYou({ refresh: 'ifDue' });
    expect(feed.problem).toBeNull();
    expect(feed.releases.map((r) => r.id)).toEqual([1001, 1000]);
    expect(calls).toEqual({ artists: 2, artist: 2, label: 1 });
  });

  it('lets the cart count win the badge, and notifies of new releases when asked to', async () => {
    const catalog = [release(1, '2026-01-01', 1, 9)];
    const { following, advance } = setUp(catalog);
    await feedNotificationsSetting.setValue(true);
    const created = vi.spyOn(fakeBrowser.notifications, 'create').mockResolvedValue('id');
    await following.handlers.follow({ kind: 'artist', id: 1, name: 'Artist 1' });
    await following.handlers.newForYou({ refresh: 'ifDue' });
    catalog.push(release(2, today, 1, 9), release(3, today, 1, 9), release(4, today, 1, 9));
    advance(3 * hour);
    await following.onAlarm({ name: feedAlarm, scheduledTime: 0 });
    expect(created).toHaveBeenCalledWith(
      'crate-new-for-you',
      expect.objectContaining({ message: '3 new releases from artists you follow' }),
    );
    expect(badge.text).toBe('3');
    await cartCountItem.setValue({ storeUrl, items: 2 });
    const { paintBadge } = await import('../../../../../lib/background/following/feed-badge.ts');
    await paintBadge();
    expect(badge).toEqual({ text: '2', title: 'Crate: 2 items in your cart' });
  });
});
