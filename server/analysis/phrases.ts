import type { AnalysisCue, CueKind } from '../../lib/contract/track-analysis.ts';
import { type BandEnergy, blockFrames } from './band-energy.ts';
import type { BeatGrid } from './beat-grid.ts';

/** How long after a beat its kick is measured. */
const kickSeconds = 0.06;
/** Bars compared each side of a possible phrase change. */
const span = 8;
/** A change of this many dB over the bands, sustained over `span` bars, starts a new section. */
const changeDb = 6;

const decibels = (energy: number) => 10 * Math.log10(energy + 1e-12);

/**
 * Per bar, in dB: the low band just after each beat (the kick), the low and mid bands around each
 * off-beat, where the kick has faded (bass, chords), and the high band over the bar (hats).
 */
function barFeatures(energy: BandEnergy, grid: BeatGrid): number[][] {
  const blockSeconds = blockFrames / energy.sampleRate;
  const blockAt = (seconds: number) =>
    Math.min(energy.low.length, Math.max(0, Math.round(seconds / blockSeconds)));
  const sum = (band: Float32Array, from: number, to: number) => {
    let total = 0;
    for (let i = from; i < to; i++) total += band[i] as number;
    return total;
  };
  const beatAt = (beat: number) => grid.firstDownbeat + beat * grid.beatSeconds;
  const bars = Math.floor(grid.beatCount / 4);
  const features: number[][] = [];
  for (let bar = 0; bar < bars; bar++) {
    let kick = 0;
    let offLow = 0;
    let offMid = 0;
    for (let beat = bar * 4; beat < bar * 4 + 4; beat++) {
      const from = blockAt(beatAt(beat));
      const offFrom = blockAt(beatAt(beat + 3 / 8));
      const offTo = blockAt(beatAt(beat + 5 / 8));
      kick += sum(energy.low, from, blockAt(beatAt(beat) + kickSeconds));
      offLow += sum(energy.low, offFrom, offTo);
      offMid += sum(energy.mid, offFrom, offTo);
    }
    const high = sum(energy.high, blockAt(beatAt(bar * 4)), blockAt(beatAt(bar * 4 + 4)));
    features.push([kick, offLow, offMid, high].map(decibels));
  }
  return features;
}

/** Bars where the arrangement changes: the strongest sustained change within half a span each side. */
function changes(features: readonly number[][]): number[] {
  const mean = (from: number, to: number, index: number) => {
    let total = 0;
    for (let bar = from; bar < to; bar++) total += (features[bar] as number[])[index] as number;
    return total / (to - from);
  };
  const scores = features.map((_, bar) => {
    const width = Math.min(span, bar, features.length - bar);
    if (width < 4) return 0;
    let score = 0;
    for (let index = 0; index < 4; index++)
      score += Math.abs(mean(bar, bar + width, index) - mean(bar - width, bar, index));
    return score;
  });
  return scores.flatMap((score, bar) => {
    if (score < changeDb) return [];
    for (
      let other = Math.max(0, bar - span / 2);
      other <= Math.min(scores.length - 1, bar + span / 2);
      other++
    )
      if ((scores[other] as number) > score || ((scores[other] as number) === score && other < bar))
        return [];
    return [bar];
  });
}

const names: Record<CueKind, string> = {
  'first-downbeat': 'Downbeat',
  intro: 'Intro',
  main: 'Main',
  breakdown: 'Breakdown',
  drop: 'Drop',
  outro: 'Outro',
};

/** rekordbox's hot cue palette, one colour a section kind; its memory cues are red. */
const colors: Record<CueKind, string> = {
  'first-downbeat': '#e62828',
  intro: '#28e214',
  main: '#305aff',
  breakdown: '#aa72ff',
  drop: '#e62828',
  outro: '#e6a028',
};

/**
 * What each section is: the first the intro, the last the outro (when there are three or more), a
 * section without the kick a breakdown, one with it the main part before a breakdown and the drop
 * after.
 */
function kindsOf(sections: readonly { kick: boolean }[]): CueKind[] {
  let brokenDown = false;
  return sections.map((section, index) => {
    if (index === 0 && (!section.kick || sections.length >= 3)) return 'intro';
    if (index === sections.length - 1 && sections.length >= 3) return 'outro';
    if (!section.kick) {
      brokenDown = true;
      return 'breakdown';
    }
    return brokenDown ? 'drop' : 'main';
  });
}

/**
 * The cues of a track: a memory cue on the first downbeat, and a hot cue (A, B, … in order) at
 * each phrase change, named for the section it starts.
 */
export function phraseCues(energy: BandEnergy, grid: BeatGrid): AnalysisCue[] {
  const features = barFeatures(energy, grid);
  const ms = (bar: number) => Math.round((grid.firstDownbeat + bar * 4 * grid.beatSeconds) * 10000) / 10;
  const memory: AnalysisCue = {
    kind: 'first-downbeat',
    name: names['first-downbeat'],
    positionMs: ms(0),
    color: colors['first-downbeat'],
  };
  if (features.length === 0) return [memory];
  const loudestKick = Math.max(...features.map((bar) => bar[0] as number));
  const starts = [0, ...changes(features)];
  const sections = starts.map((start, index) => {
    const end = starts[index + 1] ?? features.length;
    const kick = features.slice(start, end).reduce((sum, bar) => sum + (bar[0] as number), 0) / (end - start);
    return { start, kick: kick > loudestKick - 10 };
  });
  const kinds = kindsOf(sections);
  return [
    memory,
    ...sections.slice(0, 8).map((section, index) => {
      const kind = kinds[index] as CueKind;
      return { kind, name: names[kind], positionMs: ms(section.start), hotCue: index, color: colors[kind] };
    }),
  ];
}
