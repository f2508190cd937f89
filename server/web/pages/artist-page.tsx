import { artistUrl, genreUrl } from '../../../lib/contract/store-urls.ts';
import type { CatalogPageResults, Ref } from '../../../lib/contract/wire.ts';
import { Facts, PageHero } from '../components/page-hero.tsx';
import { ReleaseGrid } from '../components/release-tile.tsx';
import { Tabs } from '../components/tabs.tsx';
import { topTracksTab } from '../components/track-list.tsx';
import { coverClass } from '../cover-art.ts';
import { formatCount, formatDate } from '../format.ts';
import { Layout, type PageShell } from '../layout.tsx';

export function ArtistPage({
  shell,
  data,
  count,
  tab,
  genres,
}: {
  shell: PageShell;
  data: CatalogPageResults<'artist'>;
  count: number;
  tab: string;
  /** The artist's genres with slugs, for links. */
  genres: Ref[];
}) {
  const { artist } = data;
  return (
    <Layout shell={shell} title={artist.name}>
      <PageHero cover={`${coverClass('artist', artist.id)} cover-round`} kicker="Artist" title={artist.name}>
        <Facts
          facts={[
            genres.length > 0 && [
              'Genres',
              <span class="chips">
                {genres.map((genre) => (
                  <a key={genre.id} class="chip" href={genreUrl(genre)}>
                    {genre.name}
                  </a>
                ))}
              </span>,
            ],
            ['Tracks', formatCount(artist.trackCount)],
            artist.lastPublishDate !== null && ['Latest release', formatDate(artist.lastPublishDate)],
          ]}
        />
      </PageHero>
      <Tabs
        path={artistUrl(artist)}
        active={tab}
        tabs={[
          topTracksTab(data.topTracks, count, { page: 'artist', id: artist.id, list: 'topTracks' }),
          {
            id: 'releases',
            label: 'Releases',
            content: <ReleaseGrid releases={data.releases} empty="No releases yet." />,
          },
        ]}
      />
    </Layout>
  );
}
