import {
  type TrackAnalysis as Analysis,
  TrackAnalysis,
  type WaveformDetail,
  waveformBands,
  waveformDetailColumnsPerSecond,
} from '../../lib/contract/track-analysis.ts';
import type { Track } from '../../lib/contract/wire.ts';
import { type Sound, trackSound } from '../audio/sound.ts';
import type { StoreContext } from '../context.ts';
import { query } from '../db/prepared.ts';
import { audioTrackOf } from '../downloads/file-tags.ts';
import { runJob } from '../jobs/job-runner.ts';
import { ByteLruCache } from '../jobs/lru-cache.ts';
import { NoBeatError } from './beat-grid.ts';

/** A track's analysis, for the worker threads (server/job-thread/job-table.ts): null without a steady beat. */
export interface AnalysisJob {
  kind: 'analysis';
  sound: Sound;
}

/** A track's detail waveform, for the worker threads: its bytes come back. */
export interface WaveformDetailJob {
  kind: 'waveform-detail';
  sound: Sound;
}

const storedAnalysis = query((db, a: { trackId: number }) =>
  db.selectFrom('track_analyses').select(['sound', 'analysis']).where('track_id', '=', a.trackId),
);
const saveAnalysis = query((db, a: { trackId: number; sound: string; analysis: string }) =>
  db
    .insertInto('track_analyses')
    .values({ track_id: a.trackId, sound: a.sound, analysis: a.analysis })
    .onConflict((conflict) =>
      conflict.column('track_id').doUpdateSet({ sound: a.sound, analysis: a.analysis }),
    ),
);

/** What a track's sound is made from besides its id: a change to any measures it again. */
const soundOf = (track: Track) => `${track.bpm}:${track.key}:${track.lengthMs}`;

/** A track's master, to measure in a worker thread (a second for 7 minutes); the key shares it between concurrent requests. */
const master = async (ctx: StoreContext, track: Track) => ({
  key: `${track.id}:${soundOf(track)}`,
  sound: trackSound(await audioTrackOf(ctx, track, { withCover: false })),
});

/** A track's analysis if it has been measured and its sound has not changed since: never measures. */
export async function storedTrackAnalysis(ctx: StoreContext, track: Track): Promise<Analysis | undefined> {
  const stored = await ctx.db.get(storedAnalysis, { trackId: track.id });
  if (stored?.sound !== soundOf(track)) return undefined;
  const parsed = TrackAnalysis.safeParse(JSON.parse(stored.analysis));
  // One kept before energy was measured is measured again, once, when next asked for.
  return parsed.success && parsed.data.energy ? parsed.data : undefined;
}

/**
 * A track's analysis: measured on its master the first time it is asked for (a second or so for
 * 7 minutes) and kept in the database, so seeding a catalog of a million tracks costs nothing and
 * each track is measured once (docs/analysis.md).
 */
export async function trackAnalysis(ctx: StoreContext, track: Track): Promise<Analysis> {
  const stored = await storedTrackAnalysis(ctx, track);
  if (stored) return stored;
  const { key, sound } = await master(ctx, track);
  const analysis = await runJob<TrackAnalysis | null, AnalysisJob>(`analysis:${key}`, {
    kind: 'analysis',
    sound,
  });
  if (!analysis) throw new NoBeatError(`Track ${track.id} has no steady beat to measure`);
  await ctx.db.run(saveAnalysis, {
    trackId: track.id,
    sound: soundOf(track),
    analysis: JSON.stringify(analysis),
  });
  return analysis;
}

/** The analysis of a track whose audio has a beat to measure; none for one without (a file is served without it). */
export async function trackAnalysisIfAny(ctx: StoreContext, track: Track): Promise<Analysis | undefined> {
  try {
    return await trackAnalysis(ctx, track);
  } catch (error) {
    if (error instanceof NoBeatError) return undefined;
    throw error;
  }
}

// The detail is measured again when asked for, not kept: 190 KB a track is a deck's, not a table's.
const details = new ByteLruCache<Uint8Array>(16 * 1024 * 1024);

/** A track's detailed waveform, 150 columns a second. */
export async function trackWaveformDetail(ctx: StoreContext, track: Track): Promise<WaveformDetail> {
  const key = `${track.id}:${soundOf(track)}`;
  let bytes = details.get(key);
  if (!bytes) {
    const { sound } = await master(ctx, track);
    bytes = await runJob<Uint8Array, WaveformDetailJob>(`waveform-detail:${key}`, {
      kind: 'waveform-detail',
      sound,
    });
    details.set(key, bytes);
  }
  return {
    columnsPerSecond: waveformDetailColumnsPerSecond,
    columns: bytes.length / waveformBands,
    data: Buffer.from(bytes).toString('base64'),
  };
}
