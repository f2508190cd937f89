import { useMemo } from 'preact/hooks';
import { i18n } from '#i18n';
import { cueLine, overviewHeight, overviewPaths } from '../../../lib/popup/waveform-overview.ts';
import type { CacheScope } from '../../../lib/storage/popup-cache.ts';
import { useTrackWaveform } from './use-track-waveform.ts';

/**
 * The store's waveform overview of a library row's track, small, as DJ apps draw it (low blue, mid
 * amber, high in the text's colour, so it shows in light and dark mode); its cues in the tooltip.
 * An empty box of the same size while it loads or when the store has none. Beside it, the track's
 * energy (1 to 10) when the analysis has one.
 */
export function RowWaveform({ scope, trackId }: { scope: CacheScope | null; trackId: number }) {
  const waveform = useTrackWaveform(scope, trackId);
  const paths = useMemo(() => waveform && overviewPaths(waveform.waveformOverview), [waveform]);
  // The energy's place is kept while the waveform loads, so nothing in the row moves when it comes.
  if (!waveform || !paths)
    return (
      <>
        <span class="row-waveform" aria-hidden="true" />
        <span class="row-energy" />
      </>
    );
  const label = i18n.t('popup.library.waveform', [cueLine(waveform.cues)]);
  const energy = waveform.energy?.level;
  return (
    <>
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
      {energy === undefined ? (
        <span class="row-energy" />
      ) : (
        <span class="row-energy" title={i18n.t('popup.library.energy', [String(energy)])}>
          <span aria-hidden="true">E{energy}</span>
          <span class="visually-hidden">{i18n.t('popup.library.energy', [String(energy)])}</span>
        </span>
      )}
    </>
  );
}
