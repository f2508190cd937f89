/**
 * The catalog's messages: facts about cart items (artwork, BPM, key, fees), the tracks of releases
 * and the artist catalog. Public store calls, no session needed.
 */
import type { AnalysedTrack, CatalogFacts, ReleaseTracks } from '../../protocol/messages.ts';
import type { Handlers } from '../../protocol/receive.ts';
import type { ApiClient } from '../api-client.ts';
import { recordingOfTrack } from '../collection/collection-check.ts';
import { forEachPooled } from '../pool.ts';
import type { WorkerContext } from '../worker-context.ts';
import { catalogLookups, releaseRecords } from './release-track-ids.ts';

type Item = { id: number; type: 'track' | 'release' };

async function factsOf(client: ApiClient, item: Item): Promise<CatalogFacts> {
  if (item.type === 'track') {
    const { track } = await client.catalogPage('track', item.id);
    const { id, audioFormatFee: fee, formats, image, bpm, key, sampleUrl } = track;
    const recording = recordingOfTrack(track);
    return {
      id,
      type: 'track',
      fee,
      formats,
      image,
      bpm,
      key,
      sampleUrl,
      releaseId: track.release.id,
      recording,
    };
  }
  const { release, tracks } = await client.catalogPage('release', item.id);
  return {
    id: release.id,
    type: 'release',
    fee: release.audioFormatFee,
    formats: release.formats,
    image: release.image,
    tracks: tracks.map(({ id, price, audioFormatFee, formats }) => ({
      id,
      price,
      fee: audioFormatFee,
      formats,
    })),
  };
}

/** Catalog records of cart items, a few at a time: the store has no call for many at once. */
async function catalogFacts(client: ApiClient, items: Item[]): Promise<CatalogFacts[]> {
  const facts: CatalogFacts[] = [];
  await forEachPooled(items, catalogLookups, async (item) => {
    facts.push(await factsOf(client, item));
  });
  return facts;
}

/** Each release's track ids and catalog number (a crate export); one the catalog does not know is left out. */
async function releaseTracks(client: ApiClient, ids: number[]): Promise<ReleaseTracks[]> {
  const found = await releaseRecords(client, ids);
  return ids.flatMap((id) => {
    const release = found.get(id);
    return release ? [{ id, trackIds: release.trackIds, catalogNumber: release.catalogNumber }] : [];
  });
}

/**
 * The store's analyses of tracks, a few at a time; a track it has none of (it answers 404, or the
 * call fails) is left out, and the export goes on without its grid.
 */
async function trackAnalyses(client: ApiClient, ids: number[]): Promise<AnalysedTrack[]> {
  const found: AnalysedTrack[] = [];
  await forEachPooled(ids, catalogLookups, async (id) => {
    try {
      found.push({ id, analysis: await client.trackAnalysis(id) });
    } catch {
      // No analysis for this track: its entry is exported without grid and cues.
    }
  });
  return found;
}

export function catalogHandlers(worker: WorkerContext) {
  return {
    catalogFacts: async ({ items }) => catalogFacts(await worker.api(), items),
    releaseTracks: async ({ ids }) => releaseTracks(await worker.api(), ids),
    trackAnalyses: async ({ ids }) => trackAnalyses(await worker.api(), ids),
    async artists({ page, perPage, search, genreName, sort }) {
      const found = await (await worker.api()).artists({
        page,
        perPage,
        search,
        facets: genreName ? [{ name: 'genreName', value: genreName }] : undefined,
        returnFacets: ['genreName'],
        sortBy: [
          sort === 'name' ? { field: 'name', direction: 'ASC' } : { field: 'publishDate', direction: 'DESC' },
        ],
      });
      return { results: found.results, paging: found.paging, genres: found.facets.genreName ?? [] };
    },
  } satisfies Partial<Handlers>;
}
