/**
 * What the person follows and the "New for you" feed made from it (lib/background/following/).
 * Shapes only, zod-free: the content script imports this file to show its Follow buttons.
 */

export type FollowKind = 'artist' | 'label';

/**
 * A point in the catalog's publishing history: every release published before `day`
 * (YYYY-MM-DD, the catalog's publishDate) and the releases `ids` of that day. Publish dates are
 * days, so a day alone cannot tell a release of this afternoon from one of this morning.
 */
export interface Watermark {
  day: string;
  ids: number[];
}

export interface Follow {
  id: number;
  name: string;
  /** What was already out when the person followed: never "new". */
  since: Watermark;
}

export interface StoreFollows {
  artists: Follow[];
  labels: Follow[];
}

/** Keyed by store origin: ids mean nothing at another store. */
export type FollowsByStore = Partial<Record<string, StoreFollows>>;

/** The storage.local key, which lib/content/follow-button.ts reads directly. */
export const followsKey = 'follows';

/** storage.sync's copy, small enough for its 8 KB per item: id and name only. */
export type FollowsBackup = Partial<
  Record<string, { artists: [number, string][]; labels: [number, string][] }>
>;

/** A followed artist or label, as a release in the feed names the reason it is there. */
export interface FeedSource {
  kind: FollowKind;
  id: number;
  name: string;
}

export interface FeedRelease {
  id: number;
  name: string;
  slug: string;
  artists: { id: number; name: string; slug: string }[];
  label: { id: number; name: string; slug: string };
  publishDate: string;
  trackIds: number[];
  price: { value: number; currency: string };
  image?: { uri: string; width: number; height: number };
  /** The followed artists and label it comes from. */
  via: FeedSource[];
}

export interface FeedState {
  storeUrl: string;
  /** When the store was last asked (ms since epoch). */
  refreshedAt: number;
  /** `artist:7`, `label:3`: who was followed then; someone followed since makes a refresh due. */
  followed: string[];
  /** Found at the last refresh, newest first; those `seen` covers are left out when shown. */
  releases: FeedRelease[];
  /** What "Mark all seen" (or the last look) covers. */
  seen: Watermark;
  /** Why the last refresh failed, if it did; its releases are then the refresh before's. */
  problem: string | null;
}

export const emptyFollows = (): StoreFollows => ({ artists: [], labels: [] });
export const followKey = (kind: FollowKind, id: number) => `${kind}:${id}`;
