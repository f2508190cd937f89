import { analysisOf, energyOf, waveformDetail, wavStream } from '../analysis/analyze.ts';
import { NoBeatError } from '../analysis/beat-grid.ts';
import { encodeCover } from '../artwork/cover.ts';
import { encodeMp3Job, untaggedTrackFile } from './audio-file.ts';
import type { AudioJob, AudioJobResults } from './audio-work.ts';
import type { Sound } from './sound.ts';

/** The band energies of a track's master: its WAV file as the store serves it, streamed. */
function masterEnergy(track: Sound) {
  const file = untaggedTrackFile(track, 'wav');
  return energyOf(wavStream(Buffer.concat([...file.chunks(0, 4095)]), file.chunks()));
}

/** Does a job: what a worker thread runs (server/audio/audio-worker.ts). */
export function doAudioJob(job: AudioJob): AudioJobResults[AudioJob['kind']] {
  switch (job.kind) {
    case 'mp3':
      return encodeMp3Job(job.job);
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
      throw new Error(`No such audio job: ${(job as { kind: unknown }).kind}`);
  }
}
