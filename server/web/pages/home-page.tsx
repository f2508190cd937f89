import { genreUrl } from '../../../lib/contract/store-urls.ts';
import type { CatalogPageResults } from '../../../lib/contract/wire.ts';
import { ReleaseGrid } from '../components/release-tile.tsx';
import { TrackRows } from '../components/track-list.tsx';
import { Layout, type PageShell } from '../layout.tsx';

export function HomePage({ shell, data }: { shell: PageShell; data: CatalogPageResults<'home'> }) {
  return (
    <Layout shell={shell} title="Crate">
      <section class="intro">
        <h1>New music for your next set</h1>
        <nav class="chips chips-row" aria-label="Genres">
          {data.genres.map((genre) => (
            <a key={genre.id} class="chip" href={genreUrl(genre)}>
              {genre.name}
            </a>
          ))}
        </nav>
      </section>
      <section class="section">
        <h2>Featured</h2>
        <ReleaseGrid releases={data.featuredReleases} empty="Nothing featured right now." row />
      </section>
      <div class="columns">
        <section class="section">
          <h2>Top 100</h2>
          <TrackRows tracks={data.topTracks} numbered />
        </section>
        <section class="section">
          <h2>New releases</h2>
          <ReleaseGrid releases={data.newReleases} empty="No releases yet." />
        </section>
      </div>
    </Layout>
  );
}
