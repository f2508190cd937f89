import { Fragment } from 'preact';
import { artistUrl } from '../../../lib/contract/store-urls.ts';
import type { ArtistRef } from '../../../lib/contract/wire.ts';

/** "A, B" with each name linking to its artist page. */
export function ArtistLinks({ artists }: { artists: ArtistRef[] }) {
  return (
    <>
      {artists.map((artist, index) => (
        <Fragment key={artist.id}>
          {index > 0 && ', '}
          <a href={artistUrl(artist)}>{artist.name}</a>
        </Fragment>
      ))}
    </>
  );
}
