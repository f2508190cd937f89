import { describe, expect, it } from 'vitest';
import { encodeCover } from '../../../../server/artwork/cover.ts';
import { encodeMp3Job } from '../../../../server/audio/audio-file.ts';
import { audioJobsStarted, runAudioJob } from '../../../../server/audio/audio-work.ts';
import type { Mp3Job } from '../../../../server/audio/sound.ts';

const sound = { id: 5, bpm: 128, key: '8A', lengthMs: 20_000 };

describe('the store’s audio work in worker threads', () => {
  it('encodes the same frames as the main thread would, byte for byte', async () => {
    const job: Mp3Job = {
      kind: 'loop',
      sound,
      variant: 'main',
      count: 40,
      encoding: { channels: 2, kbps: 320 },
    };
    const here = encodeMp3Job(job);
    const there = await runAudioJob('unit:loop', { kind: 'mp3', job });
    expect(there.frames).toEqual(here.frames);
    expect(Buffer.from(there.bytes).equals(Buffer.from(here.bytes))).toBe(true);
  });

  it('does a job asked for twice at once only once, and both get its result', async () => {
    const before = audioJobsStarted();
    const job: Mp3Job = { kind: 'seam', sound, before: 'silence', after: 'intro' };
    const [a, b] = await Promise.all([
      runAudioJob('unit:seam', { kind: 'mp3', job }),
      runAudioJob('unit:seam', { kind: 'mp3', job }),
    ]);
    expect(a).toBe(b);
    expect(audioJobsStarted() - before).toBe(1);
  });

  it('measures a track, and answers null for audio without a beat', async () => {
    const analysis = await runAudioJob('unit:analysis', { kind: 'analysis', sound });
    expect(analysis?.bpm).toBeCloseTo(128, 0);
    const silence = await runAudioJob('unit:short', { kind: 'analysis', sound: { ...sound, lengthMs: 300 } });
    expect(silence).toBeNull();
  });

  it('draws a release’s cover, the same JPEG as the main thread would', async () => {
    const spec = { releaseId: 7, title: 'Night Drive', caption: 'VER007' };
    const there = await runAudioJob('unit:cover', { kind: 'cover', spec, size: 250 });
    expect(Buffer.from(there).equals(Buffer.from(encodeCover(spec, 250)))).toBe(true);
    expect([...there.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });

  it('fails a job that throws with its message, and keeps working', async () => {
    await expect(runAudioJob('unit:broken', { kind: 'nonsense' } as never)).rejects.toThrow(
      'No such audio job: nonsense',
    );
    const seam = await runAudioJob('unit:after', {
      kind: 'mp3',
      job: { kind: 'seam', sound, before: 'intro', after: 'main' },
    });
    expect(seam.frames).toHaveLength(1);
  });
});
