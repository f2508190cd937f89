/**
 * The store's waveform overview (400 columns of low, mid and high levels) drawn small on a library
 * row: fewer columns, each band a path of vertical strokes mirrored around the middle, as DJ apps
 * draw an overview.
 */
import { type TrackAnalysis, waveformBands, waveformOverviewColumns } from '../contract/track-analysis.ts';

/** The SVG's height in its own units: a stroke of level 255 spans it. */
export const overviewHeight = 16;

export interface OverviewPaths {
  columns: number;
  /** Path data per band, loudest band drawn first so the quieter ones show on top. */
  low: string;
  mid: string;
  high: string;
}

/** Path data of an overview (base64, as the analysis carries it) at `columns` columns, each the loudest of the ones it covers. */
export function overviewPaths(base64: string, columns = 100): OverviewPaths {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const source = Math.min(waveformOverviewColumns, Math.floor(bytes.length / waveformBands));
  const paths = ['', '', ''];
  for (let column = 0; column < columns && source > 0; column++) {
    const from = Math.floor((column * source) / columns);
    const to = Math.max(from + 1, Math.floor(((column + 1) * source) / columns));
    for (let band = 0; band < waveformBands; band++) {
      let level = 0;
      for (let i = from; i < to; i++) level = Math.max(level, bytes[i * waveformBands + band] as number);
      const half = ((level / 255) * overviewHeight) / 2;
      if (half < 0.25) continue;
      const middle = overviewHeight / 2;
      paths[band] += `M${column + 0.5} ${round(middle - half)}V${round(middle + half)}`;
    }
  }
  return { columns, low: paths[0] as string, mid: paths[1] as string, high: paths[2] as string };
}

const round = (value: number) => Math.round(value * 100) / 100;

/** "m:ss" of a position in milliseconds. */
const clock = (ms: number) => {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** The cues as a line to read in a tooltip: "Intro 0:00 · Main 0:30 · …", hot cues in their order. */
export const cueLine = (cues: TrackAnalysis['cues']) =>
  cues.map((cue) => `${cue.name} ${clock(cue.positionMs)}`).join(' · ');
