/**
 * A track's analysis as the store hands it over (issue #36): the beat grid, the named cue points
 * and the waveform overview, measured by the store on the master's audio once per track. One shape
 * for the store (which writes it), the extension's exports (rekordbox XML, Traktor NML, Serato
 * tags) and the USB stick writer (export.pdb and ANLZ files), so it lives in lib/contract.
 *
 * Positions are in milliseconds of the decoded audio, sample 0 being 0 ms: for WAV and AIFF that is
 * the file's first sample; for MP3 it is the first sample a gapless decoder plays (after the
 * encoder delay the LAME header declares). Each DJ app's own offset convention is applied by the
 * writer of that app's format, never here (docs/analysis.md).
 */
import { z } from 'zod';

/** What a cue marks: the phrase changes of a club track's arrangement, and the first downbeat. */
export const CueKind = z.enum(['first-downbeat', 'intro', 'main', 'breakdown', 'drop', 'outro']);
export type CueKind = z.infer<typeof CueKind>;

export const AnalysisCue = z.object({
  kind: CueKind,
  /** Shown on the deck ("Intro", "Drop"); English, as the DJ apps show a cue's name as it is stored. */
  name: z.string(),
  positionMs: z.number().nonnegative(),
  /** Hot cue pad, 0 for A; absent for a memory cue. */
  hotCue: z.number().int().min(0).max(7).optional(),
  /** "#RRGGBB", as rekordbox and Serato colour their cues. */
  color: z.string().regex(/^#[0-9a-f]{6}$/i),
});
export type AnalysisCue = z.infer<typeof AnalysisCue>;

/** Energy 1 (calm) to 10 (peak), measured from the audio (server/analysis/energy.ts). */
export const EnergyLevel = z.number().int().min(1).max(10);
export const TrackEnergy = z.object({
  level: EnergyLevel,
  /** Each section from a phrase change (a hot cue, in order) to the next; one when there is none. */
  sections: z.array(z.object({ startMs: z.number().nonnegative(), level: EnergyLevel })),
});
export type TrackEnergy = z.infer<typeof TrackEnergy>;

export const TrackAnalysis = z.object({
  /** Bumped when the analysis changes in a way a reader must know of. */
  version: z.literal(1),
  /** Tempo to 0.01 BPM, steady over the whole track (the grid is one tempo). */
  bpm: z.number().positive(),
  /** The first downbeat (beat 1 of bar 1); every beat is firstDownbeatMs + n * 60000 / bpm. */
  firstDownbeatMs: z.number().nonnegative(),
  beatsPerBar: z.literal(4),
  /** How many beats the grid has from the first downbeat to the end of the audio. */
  beatCount: z.number().int().nonnegative(),
  durationMs: z.number().int().positive(),
  cues: z.array(AnalysisCue),
  /**
   * The overview: 400 columns, each three bytes (low, mid, high band energy, 0 to 255), base64.
   * The detailed waveform for a deck is its own call (docs/api.md): too large to ride along.
   */
  waveformOverview: z.string(),
  /** Absent from analyses made before energy was measured. */
  energy: TrackEnergy.optional(),
});
export type TrackAnalysis = z.infer<typeof TrackAnalysis>;

/** Columns of the overview, and bands per column. */
export const waveformOverviewColumns = 400;
export const waveformBands = 3;
/** The detailed waveform's resolution: 150 columns a second, as rekordbox's colour detail (PWV5). */
export const waveformDetailColumnsPerSecond = 150;

/** The detailed waveform for a deck (its own call: 190 KB for 7 minutes), as the store answers it. */
export const WaveformDetail = z.object({
  columnsPerSecond: z.literal(waveformDetailColumnsPerSecond),
  /** Columns in all: the track's length at 150 a second, rounded up. */
  columns: z.number().int().nonnegative(),
  /** Each column three bytes (low, mid, high, 0 to 255), base64, as the overview's. */
  data: z.string(),
});
export type WaveformDetail = z.infer<typeof WaveformDetail>;
