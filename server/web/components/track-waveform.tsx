import type { TrackAnalysis } from '../../../lib/contract/track-analysis.ts';

const width = 400;
const height = 64;

/**
 * The store's waveform overview of a track, as DJ apps draw it: each column's low (blue), mid
 * (amber) and high (white) levels mirrored around the middle, with the hot cues marked and named
 * above it. An inline SVG: no script, no second request.
 */
export function TrackWaveform({ analysis }: { analysis: TrackAnalysis }) {
  const levels = Buffer.from(analysis.waveformOverview, 'base64');
  const columns = levels.length / 3;
  const bars = (band: number) => {
    let path = '';
    for (let column = 0; column < columns; column++) {
      const half = (((levels[column * 3 + band] as number) / 255) * height) / 2;
      if (half > 0.2) path += `M${column + 0.5} ${(height / 2 - half).toFixed(1)}v${(2 * half).toFixed(1)}`;
    }
    return path;
  };
  const hotCues = analysis.cues.filter((cue) => cue.hotCue !== undefined);
  const x = (ms: number) => ((ms / analysis.durationMs) * width).toFixed(1);
  return (
    <figure class="waveform">
      <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" role="img" aria-label="Waveform">
        <path d={bars(0)} class="waveform-low" />
        <path d={bars(1)} class="waveform-mid" />
        <path d={bars(2)} class="waveform-high" />
        {hotCues.map((cue) => (
          <line
            x1={x(cue.positionMs)}
            x2={x(cue.positionMs)}
            y1="0"
            y2={height}
            stroke={cue.color}
            class="cue"
          />
        ))}
      </svg>
      <figcaption>
        <ol class="cues">
          {hotCues.map((cue) => (
            <li style={`--cue: ${cue.color}`} data-position-ms={cue.positionMs}>
              {String.fromCharCode(65 + (cue.hotCue ?? 0))} · {cue.name} · {formatPosition(cue.positionMs)}
            </li>
          ))}
        </ol>
        <span class="hint">
          {analysis.bpm.toFixed(2)} BPM, first downbeat at {formatPosition(analysis.firstDownbeatMs)}
        </span>
      </figcaption>
    </figure>
  );
}

/** "1:02.5": minutes, seconds and tenths, as a deck shows a cue. */
function formatPosition(ms: number): string {
  const tenths = Math.round(ms / 100);
  const minutes = Math.floor(tenths / 600);
  const seconds = ((tenths % 600) / 10).toFixed(1).padStart(4, '0');
  return `${minutes}:${seconds}`;
}
