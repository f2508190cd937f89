/**
 * What the signed-in person owns, from the download library (GET /order/1/downloads): every
 * track in it, and every release all of whose tracks are in it. Library entries name their
 * track's release but not its size, so a release's track count comes from its catalog record,
 * fetched only for releases with an owned track and remembered (catalog data, not secret).
 */
import { releaseTrackCountsItem } from '../storage/items.ts';
import type { ApiClient } from './api-client.ts';
import { forEachPooled } from './pool.ts';

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
  await forEachPooled(missing, catalogLookups, async (id) => {
    counts.set(id, (await api.catalogPage('release', id)).release.trackIds.length);
  });
  const remembered = { ...(await releaseTrackCountsItem.getValue()) };
  for (const id of missing) remembered[key(id)] = counts.get(id) as number;
  await releaseTrackCountsItem.setValue(remembered);
  return counts;
}

export async function ownedItems(api: ApiClient): Promise<OwnedItems> {
  const tracks = new Set<number>();
  const ownedPerRelease = new Map<number, number>();
  for await (const results of api.libraryPages()) {
    for (const { track } of results) {
      // A track bought again in another format is one more entry, not one more track.
      if (tracks.has(track.id)) continue;
      tracks.add(track.id);
      ownedPerRelease.set(track.release.id, (ownedPerRelease.get(track.release.id) ?? 0) + 1);
    }
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
