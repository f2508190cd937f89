/** The toolbar button's badge and title while a run is under way, in the browser's language. */
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { toolbarProgress } from '../../../../../lib/background/downloads/toolbar-progress.ts';
import type { BulkProgress } from '../../../../../lib/protocol/messages.ts';
import { getMessageFrom, readLocale } from '../../../../helpers/locales.ts';

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

describe('the toolbar during a run', () => {
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

  it('says it in German, the counts in German too', () => {
    fakeBrowser.i18n.getMessage = getMessageFrom(readLocale('de')) as typeof fakeBrowser.i18n.getMessage;
    expect(toolbarProgress({ ...running, total: 1_200, done: 1 }, 0)?.title).toMatch(
      /^Crate: lädt 1 von 1\.200 Dateien, /,
    );
    expect(toolbarProgress({ ...running, total: 1, done: 0, status: 'paused' }, 0)?.title).toBe(
      'Crate: Downloads pausiert, 0 von 1 Datei',
    );
  });
});
