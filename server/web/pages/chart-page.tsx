import { artistUrl, genreUrl } from '../../../lib/contract/store-urls.ts';
import type { CatalogPageResults } from '../../../lib/contract/wire.ts';
import { Facts, PageHero } from '../components/page-hero.tsx';
import { TrackList } from '../components/track-list.tsx';
import { coverClass } from '../cover-art.ts';
import { formatCount, formatDate } from '../format.ts';
import { Layout, type PageShell } from '../layout.tsx';

export function ChartPage({
  shell,
  data,
  count,
}: {
  shell: PageShell;
  data: CatalogPageResults<'chart'>;
  count: number;
}) {
  const { chart } = data;
  return (
    <Layout shell={shell} title={chart.name}>
      <PageHero cover={coverClass('chart', chart.id)} kicker="Chart" title={chart.name}>
        <Facts
          facts={[
            chart.curator !== null && [
              'Curated by',
              <a href={artistUrl(chart.curator)}>{chart.curator.name}</a>,
            ],
            chart.genre !== null && ['Genre', <a href={genreUrl(chart.genre)}>{chart.genre.name}</a>],
            ['Published', formatDate(chart.publishDate)],
            ['Tracks', formatCount(chart.trackCount)],
          ]}
        />
      </PageHero>
      <TrackList
        tracks={data.tracks}
        count={count}
        source={{ page: 'chart', id: chart.id, list: 'tracks' }}
        numbered
      />
    </Layout>
  );
}
