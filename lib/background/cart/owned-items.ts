/**
 * What the signed-in person owns, from the download library (GET /order/1/downloads): every
 * track in it, and every release all of whose tracks are in it. Library entries name their
 * track's release but not its size, so a release's tracks come from its catalog record, fetched
 * only for releases with an owned track and kept (catalog/known-release-tracks.ts).
 */
import { inFormatOrder } from '../../contract/audio-formats.ts';
import { type ItemKey, itemKey } from '../../contract/item-key.ts';
import type { AudioFormat } from '../../contract/wire.ts';
import type { ApiClient } from '../api-client.ts';
import { knownReleaseTracks } from '../catalog/known-release-tracks.ts';

export interface OwnedItems {
  tracks: number[];
  releases: number[];
  /** Each owned track's formats, and each owned release's: those all of its tracks are owned in. */
  formats: Partial<Record<ItemKey, AudioFormat[]>>;
}

export async function ownedItems(api: ApiClient): Promise<OwnedItems> {
  const tracks = new Set<number>();
  const ownedPerRelease = new Map<number, number>();
  const trackFormats = new Map<number, Set<AudioFormat>>();
  const releaseTracks = new Map<number, number[]>();
  for await (const results of api.libraryPages()) {
    for (const { track, audioFormat } of results) {
      const formats = trackFormats.get(track.id) ?? new Set();
      formats.add(audioFormat);
      trackFormats.set(track.id, formats);
      // A track bought again in another format is one more entry, not one more track.
      if (tracks.has(track.id)) continue;
      tracks.add(track.id);
      ownedPerRelease.set(track.release.id, (ownedPerRelease.get(track.release.id) ?? 0) + 1);
      releaseTracks.set(track.release.id, [...(releaseTracks.get(track.release.id) ?? []), track.id]);
    }
  }
  // A release the catalog no longer knows is left out: none of it counts as owned whole.
  const catalogTracks = await knownReleaseTracks(api, [...ownedPerRelease.keys()]);
  const releases = [...ownedPerRelease]
    .filter(([id, owned]) => {
      const count = catalogTracks.get(id)?.length;
      return count !== undefined && count > 0 && owned >= count;
    })
    .map(([id]) => id);
  const formats: OwnedItems['formats'] = {};
  for (const [id, owned] of trackFormats) formats[itemKey({ type: 'track', id: id })] = inFormatOrder(owned);
  for (const id of releases) {
    const ids = releaseTracks.get(id) ?? [];
    const everyTrackHas = (format: AudioFormat) => ids.every((track) => trackFormats.get(track)?.has(format));
    formats[itemKey({ type: 'release', id: id })] = inFormatOrder(
      trackFormats.get(ids[0] ?? -1) ?? [],
    ).filter(everyTrackHas);
  }
  return { tracks: [...tracks], releases, formats };
}
