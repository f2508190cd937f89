/** A run's progress from its stored jobs: bytes, the estimate, resumed files and the wait for the store. */
import { describe, expect, it } from 'vitest';
import { runProgress, stuckAfterMs } from '../../../../../lib/background/downloads/run-progress.ts';
import type { DownloadJob, QueueState } from '../../../../../lib/storage/download-job.ts';

const mb = 1_000_000;

function job(downloadId: number, patch: Partial<DownloadJob>): DownloadJob {
  return {
    downloadId,
    runId: 1,
    seq: downloadId,
    path: `${downloadId}.wav`,
    title: `Track ${downloadId}`,
    state: 'queued',
    link: null,
    startedAt: null,
    browserDownloadId: null,
    pastBrowserIds: [],
    attempts: 0,
    error: null,
    ...patch,
  };
}

const startedAt = 1_000_000;

describe('runProgress', () => {
  it('counts bytes saved and under way, reckons the rest at the mean size, and the time left at the pace so far', () => {
    const state: QueueState = {
      run: { id: 1, status: 'running', startedAt },
      jobs: [
        job(1, { state: 'done', bytes: 70 * mb }),
        job(2, { state: 'saving', browserDownloadId: 2 }),
        job(3, { state: 'queued' }),
        job(4, { state: 'queued' }),
        // An earlier run's file is not this run's.
        job(9, { state: 'done', bytes: 500 * mb, runId: 0 }),
      ],
    };
    const active = [{ downloadId: 2, title: 'Track 2', bytesReceived: 30 * mb, totalBytes: 90 * mb }];
    const progress = runProgress(state, active, startedAt + 50_000);
    expect(progress).toMatchObject({ status: 'running', total: 4, done: 1, bytesReceived: 100 * mb });
    // 70 + 90 known, two more at their mean of 80.
    expect(progress.bytesExpected).toBe(320 * mb);
    // 100 MB in 50 s: 220 MB more take 110 s.
    expect(progress.secondsLeft).toBe(110);
    expect(progress.waiting).toBeNull();
  });

  it('gives no estimate before any size is known or the run has had time to show its pace', () => {
    const state: QueueState = { run: { id: 1, status: 'running', startedAt }, jobs: [job(1, {})] };
    expect(runProgress(state, [], startedAt + 500)).toMatchObject({ bytesExpected: null, secondsLeft: null });
  });

  it('says how many files were resumed, and that the run waits for the store, since when and until when', () => {
    const cut = {
      since: startedAt + 10_000,
      tries: 2,
      retryAt: startedAt + 14_000,
      bytes: 5,
      reason: 'The network failed.',
    };
    const state: QueueState = {
      run: {
        id: 1,
        status: 'running',
        startedAt,
        storeWait: {
          since: startedAt + 12_000,
          tries: 1,
          retryAt: startedAt + 13_000,
          bytes: 0,
          reason: 'Down.',
        },
      },
      jobs: [
        job(1, { state: 'saving', browserDownloadId: 1, cut, resumes: 1 }),
        job(2, { state: 'done', bytes: mb, resumes: 2 }),
        job(3, {}),
      ],
    };
    const progress = runProgress(state, [], startedAt + 12_500);
    expect(progress.resumed).toBe(2);
    expect(progress.waiting).toEqual({
      reason: 'The network failed.',
      since: startedAt + 10_000,
      retryAt: startedAt + 13_000,
      files: 1,
    });
  });

  it('shows files stuck (bytes where a pass last saw them move) since when, and files started again', () => {
    const at = startedAt + 20_000;
    const state: QueueState = {
      run: { id: 1, status: 'running', startedAt },
      jobs: [
        job(1, { state: 'saving', browserDownloadId: 1, moved: { id: 1, bytes: 5 * mb, at } }),
        // Its bytes moved since the pass saw them: not stuck.
        job(2, { state: 'saving', browserDownloadId: 2, moved: { id: 2, bytes: mb, at: at - 9_000 } }),
        job(3, { state: 'saving', browserDownloadId: 3, moved: { id: 3, bytes: 0, at: at - 1_000 } }),
        job(4, { state: 'queued', restarts: 1 }),
      ],
    };
    const active = [
      { downloadId: 1, title: 'Track 1', bytesReceived: 5 * mb, totalBytes: 90 * mb },
      { downloadId: 2, title: 'Track 2', bytesReceived: 2 * mb, totalBytes: 90 * mb },
      { downloadId: 3, title: 'Track 3', bytesReceived: 0, totalBytes: 90 * mb },
    ];
    expect(runProgress(state, active, at + stuckAfterMs - 1).stalled).toEqual({
      files: 1,
      since: at - 1_000,
    });
    expect(runProgress(state, active, at + stuckAfterMs)).toMatchObject({
      stalled: { files: 2, since: at - 1_000 },
      restarted: 1,
    });
    // A paused run is no stall.
    const paused = { ...state, run: { id: 1, status: 'paused' as const, startedAt } };
    expect(runProgress(paused, active, at + stuckAfterMs).stalled).toBeNull();
  });
});
