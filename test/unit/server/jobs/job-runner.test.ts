import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import type { TrackAnalysis } from '../../../../lib/contract/track-analysis.ts';
import type { AnalysisJob } from '../../../../server/analysis/track-analyses.ts';
import { encodeCover } from '../../../../server/artwork/cover.ts';
import type { CoverJob } from '../../../../server/artwork/release-art.ts';
import type { Mp3EncodeJob } from '../../../../server/audio/audio-file.ts';
import { encodeMp3Job } from '../../../../server/audio/audio-file.ts';
import type { Mp3Frames, Mp3Job } from '../../../../server/audio/sound.ts';
import { jobsStarted, runJob } from '../../../../server/jobs/job-runner.ts';

const sound = { id: 5, bpm: 128, key: '8A', lengthMs: 20_000 };

describe('the store’s jobs in worker threads', () => {
  it('encodes the same frames as the main thread would, byte for byte', async () => {
    const job: Mp3Job = {
      kind: 'loop',
      sound,
      variant: 'main',
      count: 40,
      encoding: { channels: 2, kbps: 320 },
    };
    const here = encodeMp3Job(job);
    const there = await runJob<Mp3Frames, Mp3EncodeJob>('unit:loop', { kind: 'mp3', job });
    expect(there.frames).toEqual(here.frames);
    expect(Buffer.from(there.bytes).equals(Buffer.from(here.bytes))).toBe(true);
  });

  it('does a job asked for twice at once only once, and both get its result', async () => {
    const before = jobsStarted();
    const job: Mp3Job = { kind: 'seam', sound, before: 'silence', after: 'intro' };
    const [a, b] = await Promise.all([
      runJob<Mp3Frames, Mp3EncodeJob>('unit:seam', { kind: 'mp3', job }),
      runJob<Mp3Frames, Mp3EncodeJob>('unit:seam', { kind: 'mp3', job }),
    ]);
    expect(a).toBe(b);
    expect(jobsStarted() - before).toBe(1);
  });

  it('measures a track, and answers null for audio without a beat', async () => {
    const analysis = await runJob<TrackAnalysis | null, AnalysisJob>('unit:analysis', {
      kind: 'analysis',
      sound,
    });
    expect(analysis?.bpm).toBeCloseTo(128, 0);
    const silence = await runJob<TrackAnalysis | null, AnalysisJob>('unit:short', {
      kind: 'analysis',
      sound: { ...sound, lengthMs: 300 },
    });
    expect(silence).toBeNull();
  });

  it('draws a release’s cover, the same JPEG as the main thread would', async () => {
    const spec = { releaseId: 7, title: 'Night Drive', caption: 'VER007' };
    const there = await runJob<Uint8Array, CoverJob>('unit:cover', { kind: 'cover', spec, size: 250 });
    expect(Buffer.from(there).equals(Buffer.from(encodeCover(spec, 250)))).toBe(true);
    expect([...there.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });

  it('does an urgent job (a preview someone pressed play on) before the jobs queued ahead of it', async () => {
    // As many threads as the store starts (job-runner.ts), all kept busy, and more jobs waiting.
    const threads = Math.max(1, availableParallelism() - 1);
    const finished: string[] = [];
    const analysis = (name: string, id: number, urgent = false) =>
      runJob<TrackAnalysis | null, AnalysisJob>(
        `unit:queue:${name}`,
        { kind: 'analysis', sound: { ...sound, id } },
        { urgent },
      ).then(() => finished.push(name));
    const queued = Array.from({ length: 3 * threads + 2 }, (_, n) => analysis(`queued ${n}`, 100 + n));
    await Promise.all([...queued, analysis('urgent', 99, true)]);
    // At most the jobs already running when it came finished before it.
    expect(finished.indexOf('urgent')).toBeLessThanOrEqual(threads);
  });

  it('fails a job that throws with its message, and keeps working', async () => {
    await expect(
      runJob<Mp3Frames, Mp3EncodeJob>('unit:broken', { kind: 'nonsense' } as never),
    ).rejects.toThrow('No such job: nonsense');
    const seam = await runJob<Mp3Frames, Mp3EncodeJob>('unit:after', {
      kind: 'mp3',
      job: { kind: 'seam', sound, before: 'intro', after: 'main' },
    });
    expect(seam.frames).toHaveLength(1);
  });
});
