import {
  type TrackAnalysis as Analysis,
  TrackAnalysis,
  type WaveformDetail,
  waveformBands,
  waveformDetailColumnsPerSecond,
} from '../../lib/contract/track-analysis.ts';
import type { Track } from '../../lib/contract/wire.ts';
import { untaggedTrackFile } from '../audio/audio-file.ts';
import { ByteLruCache } from '../audio/lru-cache.ts';
import type { StoreContext } from '../context.ts';
import { query } from '../db/prepared.ts';
import { audioTrackOf } from '../downloads/file-tags.ts';
import { analysisOf, energyOf, waveformDetail, wavStream } from './analyze.ts';
import { NoBeatError } from './beat-grid.ts';

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

/** The band energies of a track's master: its WAV file as the store serves it, streamed. */
async function masterEnergy(ctx: StoreContext, track: Track) {
  const file = untaggedTrackFile(await audioTrackOf(ctx, track, { withCover: false }), 'wav');
  return energyOf(wavStream(Buffer.concat([...file.chunks(0, 4095)]), file.chunks()));
}

/**
 * A track's analysis: measured on its master the first time it is asked for (a second or so for
 * 7 minutes) and kept in the database, so seeding a catalog of a million tracks costs nothing and
 * each track is measured once (docs/analysis.md).
 */
export async function trackAnalysis(ctx: StoreContext, track: Track): Promise<Analysis> {
  const stored = await ctx.db.get(storedAnalysis, { trackId: track.id });
  if (stored?.sound === soundOf(track)) {
    const parsed = TrackAnalysis.safeParse(JSON.parse(stored.analysis));
    if (parsed.success) return parsed.data;
  }
  const analysis = analysisOf(await masterEnergy(ctx, track));
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
    bytes = waveformDetail(await masterEnergy(ctx, track));
    details.set(key, bytes);
  }
  return {
    columnsPerSecond: waveformDetailColumnsPerSecond,
    columns: bytes.length / waveformBands,
    data: Buffer.from(bytes).toString('base64'),
  };
}
