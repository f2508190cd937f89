/** A run's progress in words: the popup's line and the toolbar button's badge and title. */
import { describe, expect, it } from 'vitest';
import { bytesSentence, timeLeft, toolbarProgress } from '../../../../lib/protocol/bulk-progress-text.ts';
import type { BulkProgress } from '../../../../lib/protocol/messages.ts';

const running: BulkProgress = {
  status: 'running',
  total: 20,
  done: 9,
  failed: [],
  active: [],
  bytesReceived: 700_000_000,
  bytesExpected: 1_480_000_000,
  secondsLeft: 390,
};

describe('bulk progress in words', () => {
  it('says the bytes and the time left', () => {
    expect(bytesSentence(running)).toBe('700.0 MB of about 1.48 GB, about 7 min left');
    expect(timeLeft(42)).toBe('about 40 s');
    expect(timeLeft(3_900)).toBe('about 1 h 05 min');
  });

  it('puts the share done on the badge and the rest in the title; nothing once the run is over', () => {
    expect(toolbarProgress(running, 0)).toEqual({
      badge: '47%',
      title: 'Crate: downloading 9 of 20 files, 700.0 MB of about 1.48 GB, about 7 min left.',
    });
    expect(toolbarProgress({ ...running, status: 'paused' }, 0)?.badge).toBe('II');
    expect(toolbarProgress({ ...running, status: 'finished' }, 0)).toBeNull();
  });

  it('says the run waits for the store, and when it tries again', () => {
    const waiting = { reason: 'The store stopped answering.', since: 0, retryAt: 8_000, files: 2 };
    const shown = toolbarProgress({ ...running, waiting }, 0);
    expect(shown?.badge).toBe('…');
    expect(shown?.title).toContain('Trying again in 8 s, by itself. 2 cut files wait.');
  });
});
