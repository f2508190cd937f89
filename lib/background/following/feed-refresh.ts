/**
 * One refresh of "New for you", with the seed's calls and no call per followed artist unless it
 * may have something new: the artist catalog (ids filter, sorted by publishDate DESC, 150 per
 * call) says when each followed artist last published; only those who published since they were
 * followed and since the last "seen" get their artist detail call. Labels have no such list call,
 * so each followed label's detail call is made (its top-track list cut to one row). Detail calls
 * go a few at a time.
 */
import { maxPerPage } from '../../contract/paging.ts';
import type { Release } from '../../contract/wire.ts';
import { StoreError } from '../../protocol/store-error.ts';
import type { FeedRelease, StoreFollows, Watermark } from '../../storage/following.ts';
import type { ApiClient } from '../api-client.ts';
import { forEachPooled } from '../pool.ts';
import { mayHaveNew, mergeFeed } from './feed-model.ts';

/** Detail calls under way at once: the person's own clicks still get through. */
const detailCallsAtOnce = 6;
/** The detail pages' track list is not wanted: one row instead of up to a thousand. */
const oneRow = { page: 1, perPage: 1 };

export interface RefreshOutcome {
  releases: FeedRelease[];
  /** Store calls made: the bench counts them. */
  calls: number;
}

type CatalogCalls = Pick<ApiClient, 'artists' | 'catalogPage'>;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

export async function refreshFeed(
  client: CatalogCalls,
  follows: StoreFollows,
  seen: Watermark,
): Promise<RefreshOutcome> {
  let calls = 0;
  const lastPublished = new Map<number, string | null>();
  for (const ids of chunks(
    follows.artists.map((follow) => follow.id),
    maxPerPage,
  )) {
    calls++;
    const page = await client.artists({
      ids,
      perPage: maxPerPage,
      sortBy: [{ field: 'publishDate', direction: 'DESC' }],
    });
    for (const artist of page.results) lastPublished.set(artist.id, artist.lastPublishDate);
  }
  const artistsToAsk = follows.artists.filter((follow) =>
    mayHaveNew(follow, lastPublished.get(follow.id) ?? null, seen),
  );

  const artists = new Map<number, Release[]>();
  const labels = new Map<number, Release[]>();
  const asks = [
    ...artistsToAsk.map((follow) => ({ kind: 'artist' as const, id: follow.id })),
    ...follows.labels.map((follow) => ({ kind: 'label' as const, id: follow.id })),
  ];
  await forEachPooled(asks, detailCallsAtOnce, async ({ kind, id }) => {
    calls++;
    try {
      const { releases } = await client.catalogPage(kind, id, oneRow);
      (kind === 'artist' ? artists : labels).set(id, releases);
    } catch (error) {
      // One the store no longer has publishes nothing; the rest of the feed still counts.
      if (!(error instanceof StoreError && error.kind === 'notFound')) throw error;
    }
  });
  return { releases: mergeFeed(follows, { artists, labels }, seen), calls };
}
