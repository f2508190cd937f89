/**
 * Keeping what was read (in the import worker): the tracks in IndexedDB, and the source's compact
 * index built for the store pages, which the options page puts in storage.local (a worker has no
 * extension storage). A source imported again (same kind, same file or folder name) replaces itself.
 */
import { type CollectionSourceIndex, encodeKeys } from '../../storage/collection-index.ts';
import { type CollectionSource, collectionStore } from '../../storage/collection-store.ts';
import type { ReadCollection } from './read-collection.ts';

/** Saves a collection read from `fileName`; resolves with the source as kept and its compact index. */
export async function saveCollection(
  read: ReadCollection,
  fileName: string,
): Promise<{ source: CollectionSource; index: CollectionSourceIndex }> {
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
  await collectionStore().replace(
    source,
    read.tracks.map(({ artists, title, mix, isrc, location }) => ({ artists, title, mix, isrc, location })),
  );
  return { source, index };
}
