import { analysisOf, energyOf, waveformDetail, wavStream } from '../analysis/analyze.ts';
import { NoBeatError } from '../analysis/beat-grid.ts';
import type { AnalysisJob, WaveformDetailJob } from '../analysis/track-analyses.ts';
import { encodeCover } from '../artwork/cover.ts';
import type { CoverJob } from '../artwork/release-art.ts';
import {
  encodeFlacJob,
  encodeMp3Job,
  type FlacEncodeJob,
  type Mp3EncodeJob,
  untaggedTrackFile,
} from '../audio/audio-file.ts';
import type { Sound } from '../audio/sound.ts';

/** Every job the threads do, as the features that ask for them declare them. */
export type Job = Mp3EncodeJob | FlacEncodeJob | AnalysisJob | WaveformDetailJob | CoverJob;

/** The band energies of a track's master: its WAV file as the store serves it, streamed. */
function masterEnergy(track: Sound) {
  const file = untaggedTrackFile(track, 'wav');
  return energyOf(wavStream(Buffer.concat([...file.chunks(0, 4095)]), file.chunks()));
}

/** Does a job: what a worker thread runs (job-thread.ts). */
export function doJob(job: Job) {
  switch (job.kind) {
    case 'mp3':
      return encodeMp3Job(job.job);
    case 'flac':
      return encodeFlacJob(job.sound);
    case 'analysis':
      try {
        return analysisOf(masterEnergy(job.sound));
      } catch (error) {
        if (error instanceof NoBeatError) return null;
        throw error;
      }
    case 'waveform-detail':
      return waveformDetail(masterEnergy(job.sound));
    case 'cover':
      return encodeCover(job.spec, job.size);
    default:
      throw new Error(`No such job: ${(job as { kind: unknown }).kind}`);
  }
}
