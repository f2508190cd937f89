/**
 * Keeping what was read: the tracks in IndexedDB and their match keys in the compact index the
 * store pages read. A source imported again (same kind, same file or folder name) replaces itself.
 */
import { type CollectionSourceIndex, encodeKeys } from '../../storage/collection-index.ts';
import {
  type CollectionSource,
  type CollectionStore,
  collectionStore,
} from '../../storage/collection-store.ts';
import { collectionIndexItem } from '../../storage/items.ts';
import type { ReadCollection } from './read-collection.ts';

let store: CollectionStore | null = null;
const theStore = () => {
  store ??= collectionStore();
  return store;
};

/** Saves a collection read from `fileName`; resolves with the source as kept. */
export async function saveCollection(read: ReadCollection, fileName: string): Promise<CollectionSource> {
  const source: CollectionSource = {
    id: `${read.kind}:${fileName}`,
    kind: read.kind,
    name: read.name,
    fileName,
    importedAt: new Date().toISOString(),
    tracks: read.tracks.length,
    skipped: read.skipped,
  };
  const index: CollectionSourceIndex = {
    id: source.id,
    kind: source.kind,
    name: source.name,
    tracks: source.tracks,
    importedAt: source.importedAt,
    keys: encodeKeys(read.keys),
  };
  await theStore().replace(
    source,
    read.tracks.map(({ artists, title, mix, isrc, location }) => ({ artists, title, mix, isrc, location })),
  );
  const current = await collectionIndexItem.getValue();
  await collectionIndexItem.setValue({
    sources: [...current.sources.filter((other) => other.id !== source.id), index],
  });
  return source;
}

export const collectionSources = (): Promise<CollectionSource[]> => theStore().sources();

export async function removeCollection(id: string): Promise<void> {
  const current = await collectionIndexItem.getValue();
  await collectionIndexItem.setValue({ sources: current.sources.filter((source) => source.id !== id) });
  await theStore().remove(id);
}
