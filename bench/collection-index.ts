import { collectionKeys } from '../lib/contract/recording-match.ts';
import { type CollectionIndex, encodeKeys } from '../lib/storage/collection-index.ts';

type Recording = Parameters<typeof collectionKeys>[0];

/**
 * The compact index of a `size`-track collection as the options page keeps it after a rekordbox
 * import: the `held` recordings first, then made-up ones no store page lists.
 */
export function benchCollectionIndex(size: number, held: Recording[] = []): CollectionIndex {
  const keys = held.flatMap((recording) => collectionKeys(recording));
  for (let i = held.length; i < size; i++) {
    keys.push(
      ...collectionKeys({
        artists: `Collection Artist ${i % 3000}`,
        title: `Own Track ${i}`,
        mix: i % 3 ? 'Extended Mix' : '',
      }),
    );
  }
  const source = { id: 'rekordbox:rekordbox.xml', kind: 'rekordbox' as const, name: 'rekordbox' };
  return {
    sources: [{ ...source, tracks: size, importedAt: new Date().toISOString(), keys: encodeKeys(keys) }],
  };
}
