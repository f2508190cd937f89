import { labelUrl, releaseUrl } from '../../../lib/contract/store-urls.ts';
import type { Release } from '../../../lib/contract/wire.ts';
import { ArtistLinks } from './artist-links.tsx';
import { CoverImage } from './cover-image.tsx';
import { PriceTag } from './price-tag.tsx';

/** One release as a tile: the cover and the title form its single link to the release page. */
export function ReleaseTile({ release }: { release: Release }) {
  return (
    <li class="release-tile" data-release-id={release.id}>
      <a class="release-link" href={releaseUrl(release)}>
        <CoverImage releaseId={release.id} size={250} />
        <span class="release-name">{release.name}</span>
      </a>
      <span class="release-artists">
        <ArtistLinks artists={release.artists} />
      </span>
      <span class="release-meta">
        <a href={labelUrl(release.label)}>{release.label.name}</a>
        <PriceTag price={release.price} formats={release.formats} />
      </span>
    </li>
  );
}

/** Release tiles in a grid, or in one row that scrolls sideways (`row`). */
export function ReleaseGrid({
  releases,
  empty,
  row = false,
}: {
  releases: Release[];
  empty: string;
  row?: boolean;
}) {
  if (releases.length === 0) return <p class="empty">{empty}</p>;
  return (
    <ul class={row ? 'release-grid release-row' : 'release-grid'}>
      {releases.map((release) => (
        <ReleaseTile key={release.id} release={release} />
      ))}
    </ul>
  );
}
