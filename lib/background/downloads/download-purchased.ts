/**
 * "Download purchased" on a track or release: owned tracks go into the download queue, free
 * promotional ones are fetched through the promo download, and an item with nothing owned gets a
 * notification offering to add it to the cart.
 */

import type { CatalogItemRef } from '../../contract/catalog-url.ts';
import { trackDisplayTitle } from '../../contract/track-display.ts';
import type { Track } from '../../contract/wire.ts';
import type { NewJob } from '../../storage/download-job.ts';
import { defaultAudioFormatSetting } from '../../storage/items.ts';
import type { ApiClient } from '../api-client.ts';
import { entriesForTracks, jobNamer, storeLink } from './library-jobs.ts';
import { notifyNotOwned } from './notifications.ts';

export interface PurchasedDownloadDependencies {
  api: ApiClient;
  enqueue(jobs: NewJob[]): Promise<void>;
  /** A promotional track joined the library: what pages show as owned changes. */
  libraryChanged(): Promise<void>;
}

/** What the item is: its name and its tracks, from the public catalog. */
async function catalogItem(api: ApiClient, item: CatalogItemRef): Promise<{ name: string; tracks: Track[] }> {
  if (item.type === 'track') {
    const { track } = await api.catalogPage('track', item.id);
    return { name: trackDisplayTitle(track), tracks: [track] };
  }
  const { release, tracks } = await api.catalogPage('release', item.id);
  const byId = new Map(tracks.map((track) => [track.id, track]));
  return {
    name: release.name,
    tracks: release.trackIds.flatMap((id) => byId.get(id) ?? []),
  };
}

/** Resolves with how many files were queued. */
export async function downloadPurchased(
  item: CatalogItemRef,
  { api, enqueue, libraryChanged }: PurchasedDownloadDependencies,
): Promise<number> {
  const [{ name, tracks }, preferred] = await Promise.all([
    catalogItem(api, item),
    defaultAudioFormatSetting.getValue(),
  ]);
  const [owned, named] = await Promise.all([
    entriesForTracks(
      api,
      tracks.map((track) => track.id),
      preferred,
    ),
    jobNamer(api, tracks),
  ]);
  // In the release's order, so files appear as the release lists them.
  const jobs: NewJob[] = [];
  let promoted = false;
  for (const track of tracks) {
    const entry = owned.get(track.id);
    if (entry) {
      jobs.push(named(entry.track, entry.audioFormat, entry.id));
    } else if (track.saleType === 'promotion') {
      // The store's promo download adds a free track to the library (once) and links its MP3.
      const link = await api.promoDownload(track.id);
      jobs.push(named(track, 'mp3', link.downloadId, storeLink(link)));
      promoted = true;
    }
  }
  if (promoted) await libraryChanged();
  if (jobs.length === 0) {
    await notifyNotOwned(item, name);
    return 0;
  }
  // Entries whose file is still on disk are skipped (and counted); the library's own Download
  // button is the explicit way to save one again over its file.
  await enqueue(jobs);
  return jobs.length;
}
