/**
 * The worker's one way to learn a release's record and its track ids, with one error policy: a release the catalog
 * does not know is left out of the answer; any other failure (offline, the store down) is thrown.
 */
import type { Release } from '../../contract/wire.ts';
import { StoreError } from '../../protocol/store-error.ts';
import type { ApiClient } from '../api-client.ts';
import { forEachPooled } from '../pool.ts';

/** Catalog lookups at once: the store has no call for many records, and the person's clicks come first. */
export const catalogLookups = 6;

/** The catalog records of these releases, by id. */
export async function releaseRecords(
  api: Pick<ApiClient, 'catalogPage'>,
  ids: readonly number[],
): Promise<Map<number, Release>> {
  const found = new Map<number, Release>();
  await forEachPooled([...new Set(ids)], catalogLookups, async (id) => {
    try {
      found.set(id, (await api.catalogPage('release', id)).release);
    } catch (error) {
      if (!(error instanceof StoreError && error.kind === 'notFound')) throw error;
    }
  });
  return found;
}

/** Each release's track ids, in the release's order. */
export async function releaseTrackIds(
  api: Pick<ApiClient, 'catalogPage'>,
  ids: readonly number[],
): Promise<Map<number, number[]>> {
  const records = await releaseRecords(api, ids);
  return new Map([...records].map(([id, release]) => [id, release.trackIds]));
}
