import { useMemo } from 'preact/hooks';
import { i18n } from '#i18n';
import { cueLine, overviewHeight, overviewPaths } from '../../../lib/popup/waveform-overview.ts';
import type { CacheScope } from '../../../lib/storage/popup-cache.ts';
import { useTrackWaveform } from './use-track-waveform.ts';

/**
 * The store's waveform overview of a library row's track, small, as DJ apps draw it (low blue, mid
 * amber, high in the text's colour, so it shows in light and dark mode); its cues in the tooltip.
 * An empty box of the same size while it loads or when the store has none.
 */
export function RowWaveform({ scope, trackId }: { scope: CacheScope | null; trackId: number }) {
  const waveform = useTrackWaveform(scope, trackId);
  const paths = useMemo(() => waveform && overviewPaths(waveform.waveformOverview), [waveform]);
  if (!waveform || !paths) return <span class="row-waveform" aria-hidden="true" />;
  const label = i18n.t('popup.library.waveform', [cueLine(waveform.cues)]);
  return (
    <svg
      class="row-waveform"
      viewBox={`0 0 ${paths.columns} ${overviewHeight}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
    >
      <title>{label}</title>
      <path d={paths.low} class="wave-low" />
      <path d={paths.mid} class="wave-mid" />
      <path d={paths.high} class="wave-high" />
    </svg>
  );
}
