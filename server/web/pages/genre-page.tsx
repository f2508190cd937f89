import { genreUrl } from '../../../lib/contract/store-urls.ts';
import type { CatalogPageResults } from '../../../lib/contract/wire.ts';
import { ChartGrid } from '../components/chart-tile.tsx';
import { PageHero } from '../components/page-hero.tsx';
import { ReleaseGrid } from '../components/release-tile.tsx';
import { Tabs } from '../components/tabs.tsx';
import { topTracksTab } from '../components/track-list.tsx';
import { coverClass } from '../cover-art.ts';
import { Layout, type PageShell } from '../layout.tsx';

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
          topTracksTab(data.topTracks, count, { page: 'genre', id: genre.id, list: 'topTracks' }, true),
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
