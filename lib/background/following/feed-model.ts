/**
 * The "New for you" feed as plain functions: what a watermark covers, the merge of the artist
 * and label answers into one list (a release found through several followed artists, or through a
 * followed artist and a followed label, listed once, naming each), seen-state and when a refresh
 * is due. No browser or store call here.
 */
import type { Release } from '../../contract/wire.ts';
import {
  type FeedRelease,
  type FeedSource,
  type FeedState,
  type Follow,
  followKey,
  type StoreFollows,
  type Watermark,
} from '../../storage/following.ts';

type Dated = { id: number; publishDate: string };

export const covers = (mark: Watermark, release: Dated): boolean =>
  release.publishDate < mark.day || (release.publishDate === mark.day && mark.ids.includes(release.id));

/** A watermark past all of `releases` and what `mark` covered: a day later, nothing of it is kept. */
export function markSeen(mark: Watermark, releases: readonly Dated[]): Watermark {
  const day = releases.reduce(
    (latest, release) => (release.publishDate > latest ? release.publishDate : latest),
    mark.day,
  );
  const kept = day === mark.day ? mark.ids : [];
  const added = releases.filter((release) => release.publishDate === day).map((release) => release.id);
  return { day, ids: [...new Set([...kept, ...added])] };
}

/** What is out now for someone who follows today: nothing before today, nor what a page lists. */
export const watermarkAt = (today: string, listed: readonly Dated[] = []): Watermark =>
  markSeen({ day: today, ids: [] }, listed);

export const utcDay = (now: number) => new Date(now).toISOString().slice(0, 10);

export interface FoundPages {
  /** Followed artist id -> their detail page's releases, newest first. */
  artists: ReadonlyMap<number, readonly Release[]>;
  labels: ReadonlyMap<number, readonly Release[]>;
}

const feedRelease = (release: Release): FeedRelease => ({
  id: release.id,
  name: release.name,
  slug: release.slug,
  artists: release.artists.map(({ id, name, slug }) => ({ id, name, slug })),
  label: release.label,
  publishDate: release.publishDate,
  trackIds: release.trackIds,
  price: release.price,
  ...(release.image ? { image: release.image } : {}),
  via: [],
});

/** Every release a followed artist or label published since it was followed and not seen yet, newest first. */
export function mergeFeed(follows: StoreFollows, found: FoundPages, seen: Watermark): FeedRelease[] {
  const merged = new Map<number, FeedRelease>();
  const take = (kind: FeedSource['kind'], follow: Follow, releases: readonly Release[] | undefined) => {
    for (const release of releases ?? []) {
      if (covers(follow.since, release) || covers(seen, release)) continue;
      let entry = merged.get(release.id);
      if (!entry) {
        entry = feedRelease(release);
        merged.set(release.id, entry);
      }
      if (!entry.via.some((source) => source.kind === kind && source.id === follow.id)) {
        entry.via.push({ kind, id: follow.id, name: follow.name });
      }
    }
  };
  for (const follow of follows.artists) take('artist', follow, found.artists.get(follow.id));
  for (const follow of follows.labels) take('label', follow, found.labels.get(follow.id));
  return [...merged.values()].sort((a, b) => b.publishDate.localeCompare(a.publishDate) || b.id - a.id);
}

/** The feed as shown: what is not seen yet (a "Mark all seen" since the refresh included). */
export const unseen = (feed: FeedState | null): FeedRelease[] =>
  feed ? feed.releases.filter((release) => !covers(feed.seen, release)) : [];

/**
 * Whether the artists' last publish dates say a detail call may find something new: a new
 * release is dated on or after both the follow and the last "seen".
 */
export const mayHaveNew = (follow: Follow, lastPublishDate: string | null, seen: Watermark): boolean =>
  lastPublishDate !== null && lastPublishDate >= follow.since.day && lastPublishDate >= seen.day;

export const followedKeys = (follows: StoreFollows): string[] => [
  ...follows.artists.map((follow) => followKey('artist', follow.id)),
  ...follows.labels.map((follow) => followKey('label', follow.id)),
];

/**
 * Whether the store should be asked now: never asked for this store, older than one period, or
 * someone was followed since (their releases were never looked for). An unfollow needs nothing.
 */
export function refreshDue(
  feed: FeedState | null,
  follows: StoreFollows,
  storeUrl: string,
  periodMinutes: number,
  now: number,
): boolean {
  const keys = followedKeys(follows);
  if (keys.length === 0) return false;
  if (!feed || feed.storeUrl !== storeUrl) return true;
  if (now - feed.refreshedAt >= periodMinutes * 60_000) return true;
  const known = new Set(feed.followed);
  return keys.some((key) => !known.has(key));
}

/** The alarm for a period: created, or created again when the period changed. */
export function alarmPlan(
  existing: { periodInMinutes?: number } | undefined,
  periodMinutes: number,
  following: boolean,
): 'keep' | 'create' | 'clear' {
  if (!following) return existing ? 'clear' : 'keep';
  return existing?.periodInMinutes === periodMinutes ? 'keep' : 'create';
}
