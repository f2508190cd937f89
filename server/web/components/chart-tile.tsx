import { chartUrl } from '../../../lib/contract/store-urls.ts';
import type { Chart } from '../../../lib/contract/wire.ts';
import { coverClass } from '../cover-art.ts';
import { formatCount } from '../format.ts';

export function ChartTile({ chart }: { chart: Chart }) {
  return (
    <li class="chart-tile">
      <a class="chart-link" href={chartUrl(chart)}>
        <span class={coverClass('chart', chart.id)} aria-hidden="true" />
        <span class="chart-name">{chart.name}</span>
      </a>
      <span class="chart-meta">
        {chart.curator ? `by ${chart.curator.name}` : (chart.genre?.name ?? 'Crate')} ·{' '}
        {formatCount(chart.trackCount)} tracks
      </span>
    </li>
  );
}

export function ChartGrid({ charts }: { charts: Chart[] }) {
  if (charts.length === 0) return <p class="empty">No charts yet.</p>;
  return (
    <ul class="release-grid">
      {charts.map((chart) => (
        <ChartTile key={chart.id} chart={chart} />
      ))}
    </ul>
  );
}
