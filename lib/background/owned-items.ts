/**
 * What the signed-in person owns, from the download library (GET /order/1/downloads): every
 * track in it, and every release all of whose tracks are in it. Library entries name their
 * track's release but not its size, so a release's track count comes from its catalog record,
 * fetched only for releases with an owned track and remembered (catalog data, not secret).
 */
import { releaseTrackCountsItem } from '../storage/items.ts';
import type { ApiClient } from './api-client.ts';

const libraryPageSize = 150;
const catalogLookups = 4;

export interface OwnedItems {
  tracks: number[];
  releases: number[];
}

async function releaseTrackCounts(api: ApiClient, releaseIds: number[]): Promise<Map<number, number>> {
  const known = await releaseTrackCountsItem.getValue();
  const key = (id: number) => `${api.storeUrl} ${id}`;
  const counts = new Map<number, number>();
  const missing: number[] = [];
  for (const id of releaseIds) {
    const count = known[key(id)];
    if (count === undefined) missing.push(id);
    else counts.set(id, count);
  }
  if (missing.length === 0) return counts;
  // A few at a time: the store has no call for many releases at once.
  const queue = [...missing];
  async function next(): Promise<void> {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      counts.set(id, (await api.catalogPage('release', id)).release.trackIds.length);
    }
  }
  await Promise.all(Array.from({ length: Math.min(catalogLookups, missing.length) }, next));
  const remembered = { ...(await releaseTrackCountsItem.getValue()) };
  for (const id of missing) remembered[key(id)] = counts.get(id) as number;
  await releaseTrackCountsItem.setValue(remembered);
  return counts;
}

export async function ownedItems(api: ApiClient): Promise<OwnedItems> {
  const tracks = new Set<number>();
  const ownedPerRelease = new Map<number, number>();
  for (let page = 1; ; page++) {
    const { results, paging } = await api.downloads({ page, perPage: libraryPageSize });
    for (const { track } of results) {
      // A track bought again in another format is one more entry, not one more track.
      if (tracks.has(track.id)) continue;
      tracks.add(track.id);
      ownedPerRelease.set(track.release.id, (ownedPerRelease.get(track.release.id) ?? 0) + 1);
    }
    if (page >= paging.totalPages) break;
  }
  const counts = await releaseTrackCounts(api, [...ownedPerRelease.keys()]);
  const releases = [...ownedPerRelease]
    .filter(([id, owned]) => {
      const count = counts.get(id);
      return count !== undefined && count > 0 && owned >= count;
    })
    .map(([id]) => id);
  return { tracks: [...tracks], releases };
}
