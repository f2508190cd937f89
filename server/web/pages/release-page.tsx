import { genreUrl, labelUrl, releaseUrl } from '../../../lib/contract/store-urls.ts';
import type { CatalogPageResults } from '../../../lib/contract/wire.ts';
import { ArtistLinks } from '../components/artist-links.tsx';
import { Facts, PageHero } from '../components/page-hero.tsx';
import { PriceTag } from '../components/price-tag.tsx';
import { TrackRows } from '../components/track-list.tsx';
import { coverClass } from '../cover-art.ts';
import { formatDate } from '../format.ts';
import { Layout, type PageShell } from '../layout.tsx';

export function ReleasePage({ shell, data }: { shell: PageShell; data: CatalogPageResults<'release'> }) {
  const { release, tracks } = data;
  return (
    <Layout shell={shell} title={release.name}>
      <PageHero
        cover={coverClass('release', release.id)}
        coverReleaseId={release.id}
        kicker="Release"
        title={release.name}
        titleHref={releaseUrl(release)}
      >
        <p class="hero-artists">
          <ArtistLinks artists={release.artists} />
        </p>
        <Facts
          facts={[
            ['Label', <a href={labelUrl(release.label)}>{release.label.name}</a>],
            ['Genre', <a href={genreUrl(release.genre)}>{release.genre.name}</a>],
            ['Catalog', release.catalogNumber],
            ['Released', formatDate(release.publishDate)],
            ['Tracks', tracks.length],
            release.remixers.length > 0 && ['Remixers', <ArtistLinks artists={release.remixers} />],
          ]}
        />
        <p class="hero-price">
          <PriceTag price={release.price} formats={release.formats} />
          <span class="hint">whole release, MP3</span>
        </p>
      </PageHero>
      <section class="section">
        <h2>Tracks</h2>
        <TrackRows tracks={tracks} numbered />
      </section>
    </Layout>
  );
}
