import { labelUrl } from '../../../lib/contract/store-urls.ts';
import type { CatalogPageResults } from '../../../lib/contract/wire.ts';
import { PageHero } from '../components/page-hero.tsx';
import { ReleaseGrid } from '../components/release-tile.tsx';
import { Tabs } from '../components/tabs.tsx';
import { topTracksTab } from '../components/track-list.tsx';
import { coverClass } from '../cover-art.ts';
import { Layout, type PageShell } from '../layout.tsx';

export function LabelPage({
  shell,
  data,
  count,
  tab,
}: {
  shell: PageShell;
  data: CatalogPageResults<'label'>;
  count: number;
  tab: string;
}) {
  const { label } = data;
  return (
    <Layout shell={shell} title={label.name}>
      <PageHero cover={coverClass('label', label.id)} kicker="Label" title={label.name} />
      <Tabs
        path={labelUrl(label)}
        active={tab}
        tabs={[
          topTracksTab(data.topTracks, count, { page: 'label', id: label.id, list: 'topTracks' }),
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
