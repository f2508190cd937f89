import { describe, expect, it } from 'vitest';
import {
  alarmPlan,
  covers,
  markSeen,
  mergeFeed,
  refreshDue,
  unseen,
  watermarkAt,
} from '../../../../../lib/background/following/feed-model.ts';
import type { Release } from '../../../../../lib/contract/wire.ts';
import type { FeedState, StoreFollows } from '../../../../../lib/storage/following.ts';

const ref = (id: number, name: string) => ({ id, name, slug: name.toLowerCase() });
const release = (id: number, publishDate: string, artists: number[], label = 1): Release => ({
  id,
  type: 'release',
  name: `Release ${id}`,
  slug: `release-${id}`,
  artists: artists.map((artist) => ({ ...ref(artist, `Artist ${artist}`), role: 'artist' as const })),
  remixers: [],
  genre: ref(1, 'Techno'),
  label: ref(label, `Label ${label}`),
  catalogNumber: `CAT${id}`,
  publishDate,
  trackIds: [id * 10, id * 10 + 1],
  price: { value: 2.98, currency: 'USD' },
  audioFormatFee: { wav: { value: 1, currency: 'USD' }, aiff: { value: 1, currency: 'USD' } },
});
const since = { day: '2026-11-20', ids: [] };
const follows: StoreFollows = {
  artists: [
    { id: 1, name: 'Artist 1', since },
    { id: 2, name: 'Artist 2', since },
  ],
  labels: [{ id: 9, name: 'Label 9', since }],
};
const nothingSeen = { day: '', ids: [] };

describe('the feed merge', () => {
  it('lists a release by two followed artists once, naming both', () => {
    const both = release(100, '2026-11-21', [1, 2]);
    const feed = mergeFeed(
      follows,
      {
        artists: new Map([
          [1, [both]],
          [2, [both]],
        ]),
        labels: new Map(),
      },
      nothingSeen,
    );
    expect(feed.map((entry) => entry.id)).toEqual([100]);
    expect(feed[0]?.via).toEqual([
      { kind: 'artist', id: 1, name: 'Artist 1' },
      { kind: 'artist', id: 2, name: 'Artist 2' },
    ]);
  });

  it('lists a release on a followed label by a followed artist once, newest first, nothing from before the follow', () => {
    const onLabel = release(101, '2026-11-22', [1], 9);
    const older = release(50, '2026-11-19', [1], 9);
    const other = release(102, '2026-11-23', [7], 9);
    const feed = mergeFeed(
      follows,
      { artists: new Map([[1, [onLabel, older]]]), labels: new Map([[9, [other, onLabel, older]]]) },
      nothingSeen,
    );
    expect(feed.map((entry) => entry.id)).toEqual([102, 101]);
    expect(feed[1]?.via.map((source) => source.kind)).toEqual(['artist', 'label']);
    expect(feed[0]?.via).toEqual([{ kind: 'label', id: 9, name: 'Label 9' }]);
  });

  it('orders releases of one day by id, the newer first, and keeps what a follow on that day saw out', () => {
    const morning = release(200, '2026-11-20', [1]);
    const afternoon = release(201, '2026-11-20', [1]);
    const followedAt = watermarkAt('2026-11-20', [morning]);
    const feed = mergeFeed(
      { artists: [{ id: 1, name: 'Artist 1', since: followedAt }], labels: [] },
      { artists: new Map([[1, [afternoon, morning]]]), labels: new Map() },
      nothingSeen,
    );
    expect(feed.map((entry) => entry.id)).toEqual([201]);
  });
});

describe('seen-state', () => {
  it('marks what is listed seen, and one release later that day is new again', () => {
    const first = release(300, '2026-11-24', [1]);
    const second = release(301, '2026-11-24', [2]);
    const seen = markSeen(nothingSeen, [first, second]);
    expect(seen).toEqual({ day: '2026-11-24', ids: [300, 301] });
    expect(covers(seen, release(302, '2026-11-24', [1]))).toBe(false);
    expect(covers(seen, release(299, '2026-11-23', [1]))).toBe(true);
    const later = markSeen(seen, [release(302, '2026-11-24', [1])]);
    expect(later.ids).toEqual([300, 301, 302]);
    // A new day forgets the old day's ids: the day covers them.
    expect(markSeen(later, [release(400, '2026-11-25', [1])])).toEqual({ day: '2026-11-25', ids: [400] });
  });

  it('shows only what the feed holds and the seen mark does not cover', () => {
    const feed = mergeFeed(
      follows,
      {
        artists: new Map([[1, [release(500, '2026-11-24', [1]), release(501, '2026-11-25', [1])]]]),
        labels: new Map(),
      },
      nothingSeen,
    );
    const state: FeedState = {
      storeUrl: 's',
      refreshedAt: 0,
      followed: [],
      releases: feed,
      seen: { day: '2026-11-24', ids: [500] },
      problem: null,
    };
    expect(unseen(state).map((entry) => entry.id)).toEqual([501]);
    expect(unseen(null)).toEqual([]);
  });
});

describe('refresh and alarm scheduling', () => {
  const hour = 3_600_000;
  const feedAt = (refreshedAt: number, followed = ['artist:1', 'artist:2', 'label:9']): FeedState => ({
    storeUrl: 's',
    refreshedAt,
    followed,
    releases: [],
    seen: nothingSeen,
    problem: null,
  });

  it('is due when never asked, after a period, or when someone was followed since; not within a period', () => {
    const now = 10 * hour;
    expect(refreshDue(null, follows, 's', 180, now)).toBe(true);
    expect(refreshDue(feedAt(now - 2 * hour), follows, 's', 180, now)).toBe(false);
    expect(refreshDue(feedAt(now - 3 * hour), follows, 's', 180, now)).toBe(true);
    expect(refreshDue(feedAt(now - hour, ['artist:1']), follows, 's', 180, now)).toBe(true);
    // An unfollow asks nothing more of the store.
    expect(
      refreshDue(feedAt(now - hour, ['artist:1', 'artist:2', 'artist:3', 'label:9']), follows, 's', 180, now),
    ).toBe(false);
    expect(refreshDue(feedAt(now - hour), follows, 'another store', 180, now)).toBe(true);
    expect(refreshDue(null, { artists: [], labels: [] }, 's', 180, now)).toBe(false);
  });

  it('creates the alarm once per period, again when the period changes, and clears it when nobody is followed', () => {
    expect(alarmPlan(undefined, 180, true)).toBe('create');
    expect(alarmPlan({ periodInMinutes: 180 }, 180, true)).toBe('keep');
    expect(alarmPlan({ periodInMinutes: 180 }, 60, true)).toBe('create');
    expect(alarmPlan({ periodInMinutes: 180 }, 180, false)).toBe('clear');
    expect(alarmPlan(undefined, 180, false)).toBe('keep');
  });
});
