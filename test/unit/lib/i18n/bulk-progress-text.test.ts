/** A run's progress in words, for the popup's line and the toolbar button's title. */
import { describe, expect, it } from 'vitest';
import { bytesSentence, timeLeft } from '../../../../lib/i18n/bulk-progress-text.ts';
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
});
