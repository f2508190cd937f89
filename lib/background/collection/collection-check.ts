/**
 * The DJ's collection, asked before the shortcut or the context menu's notification adds a track
 * (issue #26): neither can ask "buy anyway?" as the page's buttons do, so a track in the
 * collection is not added and a notification says where it is and how to buy it anyway.
 * The index is the one the pages read (storage.local collectionIndex, written by the options
 * page); with no collection imported nothing is fetched.
 */
import { i18n } from '#i18n';
import type { CatalogItemRef } from '../../contract/catalog-url.ts';
import type { Track } from '../../contract/wire.ts';
import { collectionLookup } from '../../storage/collection-index.ts';
import { collectionIndexItem } from '../../storage/items.ts';
import type { ApiClient } from '../api-client.ts';
import { ownedTracks } from '../cart/cart-state-writer.ts';
import { notifyProblem } from '../downloads/notifications.ts';

/** The store's track as a recording: its artists (not remixers), title, mix and ISRC. */
export const recordingOfTrack = (track: Pick<Track, 'artists' | 'name' | 'mixName' | 'isrc'>) => ({
  artists: track.artists.map((artist) => artist.name),
  title: track.name,
  mix: track.mixName,
  isrc: track.isrc || null,
});

/**
 * The collection source holding the track ("rekordbox"), or null: not a track, no collection, or
 * a track bought here (that one gets the store's own "already purchased" answer instead).
 */
export async function collectionSourceOf(
  api: () => Promise<ApiClient>,
  item: CatalogItemRef,
  owned: () => Promise<ReadonlySet<number>> = ownedTracks,
): Promise<string | null> {
  if (item.type !== 'track') return null;
  const index = await collectionIndexItem.getValue();
  if (index.sources.length === 0 || (await owned()).has(item.id)) return null;
  const { track } = await (await api()).catalogPage('track', item.id);
  return collectionLookup(index)(recordingOfTrack(track));
}

/** What a shortcut or a notification says instead of adding a track the DJ has. */
export const notifyInCollection = (source: string) =>
  notifyProblem(i18n.t('collection.notAddedTitle', [source]), i18n.t('collection.notAddedMessage'));
