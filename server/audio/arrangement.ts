import { Random } from '../generation/random.ts';
import { type BarVariant, sampleRate } from './synth.ts';

/** The samples of one MPEG-1 Layer III frame, per channel. */
export const mp3FrameSamples = 1152;

/** A phrase's length: club tracks change what plays every 16 or 32 bars. */
const phraseBars = 16;

/**
 * Bars that make a whole number of MP3 frames: 8 bars of 32 beats of 36·j samples are j frames.
 * Every section is a run of such units, so an MP3 section repeats frames that hold exactly its
 * audio and no seam shifts the beat (docs/analysis.md).
 */
export const unitBars = 8;
const beatStep = (unitBars * 4) / mp3FrameSamples;

export type SectionKind = 'intro' | 'main' | 'breakdown' | 'drop' | 'outro';

const variants: Record<SectionKind, BarVariant> = {
  intro: 'intro',
  main: 'main',
  breakdown: 'breakdown',
  drop: 'main',
  outro: 'outro',
};

export interface Section {
  kind: SectionKind;
  variant: BarVariant;
  /** First sample frame of the section, on a downbeat. */
  start: number;
  /** Sample frames, a whole number of bars except the last section, which the file's end cuts. */
  frames: number;
}

/** A track's arrangement: silence before the first downbeat, then phrases of sections. */
export interface Arrangement {
  /** Samples per beat: a whole number, a multiple of 36 (see unitBars). */
  beatFrames: number;
  barFrames: number;
  /** Silence before the first downbeat: some hundreds of milliseconds, a whole number of MP3 frames. */
  leadInFrames: number;
  totalFrames: number;
  sections: Section[];
}

export interface ArrangedTrack {
  id: number;
  bpm: number;
  lengthMs: number;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The fewest MP3 frames that hold a whole number of bars: the period of a section's frames, since
 * frame i and frame i + this hold the same samples of the bar. 8 bars at most (unitBars), fewer
 * where the beat's length allows: 4 bars where it is a multiple of 72 samples, 2 of 144, 1 of 288.
 */
export const unitFramesFor = (barFrames: number) => barFrames / gcd(barFrames, mp3FrameSamples);

/** The beat's length in samples closest to the tempo that keeps 8 bars whole MP3 frames. */
export function beatFramesFor(bpm: number): number {
  const step = 1 / beatStep;
  return step * Math.max(1, Math.round((60 * sampleRate) / bpm / step));
}

/** How many phrases of each section a track of `phrases` phrases plays, in order. */
function phrasePlan(phrases: number): SectionKind[] {
  if (phrases <= 2) return Array(phrases).fill('main');
  const edge = phrases >= 12 ? 2 : 1;
  const middle = phrases - 2 * edge;
  const breakdown = middle >= 8 ? 2 : middle >= 3 ? 1 : 0;
  const main = Math.ceil((middle - breakdown) / 2);
  const drop = middle - breakdown - main;
  return [
    ...Array(edge).fill('intro'),
    ...Array(breakdown ? main : middle).fill('main'),
    ...Array(breakdown).fill('breakdown'),
    ...Array(breakdown ? drop : 0).fill('drop'),
    ...Array(edge).fill('outro'),
  ];
}

/**
 * The arrangement of a track of the catalog's tempo and length: a lead-in of 200 to 630 ms that
 * differs per track, an intro, the main part, a breakdown, the drop and an outro, in 16-bar
 * phrases (two each for the intro and outro of a long track). The same track always gets the same.
 */
export function arrange(track: ArrangedTrack): Arrangement {
  const beatFrames = beatFramesFor(track.bpm);
  const barFrames = 4 * beatFrames;
  const totalFrames = Math.round((track.lengthMs * sampleRate) / 1000);
  const leadInFrames = Math.min(
    new Random(track.id * 7919 + 17).int(8, 24) * mp3FrameSamples,
    Math.floor(totalFrames / mp3FrameSamples / 2) * mp3FrameSamples,
  );
  const phraseFrames = phraseBars * barFrames;
  const phrases = Math.max(1, Math.ceil((totalFrames - leadInFrames) / phraseFrames));
  const sections: Section[] = [];
  let start = leadInFrames;
  for (const kind of phrasePlan(phrases)) {
    const last = sections.at(-1);
    if (last?.kind === kind) last.frames += phraseFrames;
    else sections.push({ kind, variant: variants[kind], start, frames: phraseFrames });
    start += phraseFrames;
  }
  const final = sections.at(-1) as Section;
  final.frames = totalFrames - final.start;
  return { beatFrames, barFrames, leadInFrames, totalFrames, sections };
}
