import type { CatalogPageResults } from '../../../lib/contract/wire.ts';
import { ChartGrid } from '../components/chart-tile.tsx';
import { Layout, type PageShell } from '../layout.tsx';

export function ChartsPage({
  shell,
  data,
}: {
  shell: PageShell;
  data: CatalogPageResults<'chart-overview'>;
}) {
  return (
    <Layout shell={shell} title="Charts">
      <section class="intro">
        <h1>Charts</h1>
        <p class="lede">Picked by artists and by genre, newest first.</p>
      </section>
      <ChartGrid charts={data.charts} />
    </Layout>
  );
}
