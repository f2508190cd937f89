/**
 * Where a DJ's imported collection lives in full: IndexedDB `crate-collection` (owner: options
 * page; an import writes it from the page's import worker, lib/options/collection), each source's
 * description and its tracks in chunks of 1,000 (one record a chunk, so a 100,000-track import is
 * 100 writes, not 100,000). The store pages read only the compact index
 * (collectionIndexItem, lib/storage/collection-index.ts). Nothing here leaves the browser.
 */
import { type DBSchema, openDB } from 'idb';
import type { CollectionSourceKind } from './collection-index.ts';

export interface CollectionSource {
  id: string;
  kind: CollectionSourceKind;
  name: string;
  /** The file or folder imported. */
  fileName: string;
  importedAt: string;
  /** Tracks read and kept. */
  tracks: number;
  /** Entries passed by, counted by why. */
  skipped: Record<string, number>;
}

/** A track as kept: the source's own words, for showing and for a later re-index. */
export interface StoredCollectionTrack {
  artists: string;
  title: string;
  mix: string;
  isrc: string | null;
  location: string;
}

interface CollectionSchema extends DBSchema {
  sources: { key: string; value: CollectionSource };
  tracks: { key: [string, number]; value: StoredCollectionTrack[] };
}

const chunkSize = 1000;

export function collectionStore(databaseName = 'crate-collection') {
  const database = openDB<CollectionSchema>(databaseName, 1, {
    upgrade(db) {
      db.createObjectStore('sources', { keyPath: 'id' });
      db.createObjectStore('tracks');
    },
  });
  const allChunks = (id: string) => IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]);

  return {
    async sources(): Promise<CollectionSource[]> {
      return (await database).getAll('sources');
    },
    /**
     * Replaces the source of that id, tracks and all. The old one goes first; the tracks follow in
     * transactions of 10 chunks; the source's record comes last, so an import cut short leaves no
     * source, and the next import of it clears its chunks.
     */
    async replace(source: CollectionSource, tracks: readonly StoredCollectionTrack[]): Promise<void> {
      const db = await database;
      const clear = db.transaction(['sources', 'tracks'], 'readwrite');
      await Promise.all([
        clear.objectStore('sources').delete(source.id),
        clear.objectStore('tracks').delete(allChunks(source.id)),
        clear.done,
      ]);
      for (let first = 0; first < tracks.length; first += chunkSize * 10) {
        const tx = db.transaction('tracks', 'readwrite');
        const writes: Promise<unknown>[] = [];
        for (let at = first; at < Math.min(tracks.length, first + chunkSize * 10); at += chunkSize) {
          writes.push(tx.store.put(tracks.slice(at, at + chunkSize), [source.id, at / chunkSize]));
        }
        await Promise.all([...writes, tx.done]);
      }
      await db.put('sources', source);
    },
    async remove(id: string): Promise<void> {
      const tx = (await database).transaction(['sources', 'tracks'], 'readwrite');
      await Promise.all([
        tx.objectStore('tracks').delete(allChunks(id)),
        tx.objectStore('sources').delete(id),
        tx.done,
      ]);
    },
    async tracks(id: string): Promise<StoredCollectionTrack[]> {
      return (await (await database).getAll('tracks', allChunks(id))).flat();
    },
  };
}

export type CollectionStore = ReturnType<typeof collectionStore>;
