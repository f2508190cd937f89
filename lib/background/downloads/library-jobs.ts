/**
 * Library entries as queue jobs: found in the store's library (which has no lookup by track, so
 * it is paged through) and named by the person's file name template.
 */

import { artistsAndTitle } from '../../contract/track-display.ts';
import type { AudioFormat, LibraryEntry, Release, Track } from '../../contract/wire.ts';
import { filenameFields, renderFilename, templateNeedsRelease } from '../../file-names/filename-template.ts';
import type { NewJob, StoreLink } from '../../storage/download-job.ts';
import { filenameTemplateSetting, folderPerReleaseSetting, keyNotationSetting } from '../../storage/items.ts';
import type { ApiClient } from '../api-client.ts';
import { releaseRecords } from '../catalog/release-track-ids.ts';

export type JobNamer = (
  track: Track,
  audioFormat: AudioFormat,
  downloadId: number,
  link?: StoreLink,
) => NewJob;

type ReleaseFacts = Pick<Release, 'catalogNumber' | 'trackIds'>;
export type ReleaseLookup = Pick<ApiClient, 'catalogPage'>;

/**
 * The release records of these tracks, by release id: a library entry names its release but
 * carries neither its catalogue number nor its track order. A release the catalog does not know
 * is left out (catalog/release-track-ids.ts), and its tracks' {catalog} and {track} stay empty.
 */
export async function releasesOf(
  api: ReleaseLookup,
  tracks: readonly Track[],
): Promise<Map<number, ReleaseFacts>> {
  return releaseRecords(
    api,
    tracks.map((track) => track.release.id),
  );
}

/**
 * Reads the naming settings once, for a batch of jobs naming these tracks. The releases are only
 * asked for when the template uses {catalog} or {track}: the default costs no store call.
 */
export async function jobNamer(api: ReleaseLookup, tracks: readonly Track[]): Promise<JobNamer> {
  const [template, folderPerRelease, keyNotation] = await Promise.all([
    filenameTemplateSetting.getValue(),
    folderPerReleaseSetting.getValue(),
    keyNotationSetting.getValue(),
  ]);
  const releases = templateNeedsRelease(template) ? await releasesOf(api, tracks) : new Map();
  return (track, audioFormat, downloadId, link) => ({
    downloadId,
    path: renderFilename(
      template,
      filenameFields(track, audioFormat, { release: releases.get(track.release.id), keyNotation }),
      { folderPerRelease, fallbackName: `track-${track.id}` },
    ),
    title: artistsAndTitle(track),
    audioFormat,
    ...(link ? { link } : {}),
  });
}

/** Every library entry, all pages. */
export async function libraryEntries(api: ApiClient): Promise<LibraryEntry[]> {
  const entries: LibraryEntry[] = [];
  for await (const results of api.libraryPages()) entries.push(...results);
  return entries;
}

/**
 * The library entry of each of these tracks that is owned, preferring the format asked for when
 * a track was bought in several. Stops paging once every track is found.
 */
export async function entriesForTracks(
  api: ApiClient,
  trackIds: readonly number[],
  preferred: AudioFormat,
): Promise<Map<number, LibraryEntry>> {
  const wanted = new Set(trackIds);
  const found = new Map<number, LibraryEntry>();
  for await (const results of api.libraryPages()) {
    for (const entry of results) {
      if (!wanted.has(entry.track.id)) continue;
      const known = found.get(entry.track.id);
      if (!known || (known.audioFormat !== preferred && entry.audioFormat === preferred))
        found.set(entry.track.id, entry);
    }
    const allPreferred = [...wanted].every((id) => found.get(id)?.audioFormat === preferred);
    if (allPreferred) break;
  }
  return found;
}

/** A store link record with its expiry as epoch milliseconds, as jobs keep it. */
export const storeLink = (link: { url: string; expiresAt: string }): StoreLink => ({
  url: link.url,
  expiresAt: Date.parse(link.expiresAt),
});
