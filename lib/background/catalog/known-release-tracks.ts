/**
 * Releases' track ids, asked of the catalog once and kept (lib/storage/items.ts, releaseTracks):
 * a release's tracks do not change, so a click that needs them (the overlap check) or a library
 * read (which releases are owned whole) costs no store call the second time.
 */
import { releaseTracksItem } from '../../storage/items.ts';
import type { ApiClient } from '../api-client.ts';
import { releaseTrackIds } from './release-track-ids.ts';

/** Kept releases at most: the newest stay. */
const keptReleases = 5_000;

/** Each release's track ids, by id; a release the catalog does not know is left out. */
export async function knownReleaseTracks(
  api: Pick<ApiClient, 'catalogPage' | 'storeUrl'>,
  ids: readonly number[],
): Promise<Map<number, number[]>> {
  const key = (id: number) => `${api.storeUrl} ${id}`;
  const known = await releaseTracksItem.getValue();
  const found = new Map<number, number[]>();
  const missing: number[] = [];
  for (const id of new Set(ids)) {
    const tracks = known[key(id)];
    if (tracks) found.set(id, tracks);
    else missing.push(id);
  }
  if (missing.length === 0) return found;
  const fetched = await releaseTrackIds(api, missing);
  const kept = { ...(await releaseTracksItem.getValue()) };
  for (const [id, tracks] of fetched) {
    found.set(id, tracks);
    delete kept[key(id)];
    kept[key(id)] = tracks;
  }
  const keys = Object.keys(kept);
  for (const old of keys.slice(0, Math.max(0, keys.length - keptReleases))) delete kept[old];
  await releaseTracksItem.setValue(kept);
  return found;
}
