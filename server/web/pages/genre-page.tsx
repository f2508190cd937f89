import type { CatalogPageResults } from '../../../lib/wire.ts';
import { ChartGrid } from '../components/chart-tile.tsx';
import { PageHero } from '../components/page-hero.tsx';
import { ReleaseGrid } from '../components/release-tile.tsx';
import { Tabs } from '../components/tabs.tsx';
import { TrackList } from '../components/track-list.tsx';
import { coverClass } from '../cover-art.ts';
import { formatCount } from '../format.ts';
import { Layout, type PageShell } from '../layout.tsx';
import { genreUrl } from '../urls.ts';

export function GenrePage({
  shell,
  data,
  count,
  tab,
}: {
  shell: PageShell;
  data: CatalogPageResults<'genre'>;
  count: number;
  tab: string;
}) {
  const { genre } = data;
  return (
    <Layout shell={shell} title={genre.name}>
      <PageHero cover={coverClass('genre', genre.id)} kicker="Genre" title={genre.name} />
      <Tabs
        path={genreUrl(genre)}
        active={tab}
        tabs={[
          {
            id: 'tracks',
            label: `Top tracks (${formatCount(count)})`,
            content: (
              <TrackList
                tracks={data.topTracks}
                count={count}
                source={{ page: 'genre', id: genre.id, list: 'topTracks' }}
                numbered
              />
            ),
          },
          {
            id: 'releases',
            label: 'New releases',
            content: <ReleaseGrid releases={data.newReleases} empty="No releases yet." />,
          },
          { id: 'charts', label: 'Charts', content: <ChartGrid charts={data.charts} /> },
        ]}
      />
    </Layout>
  );
}
