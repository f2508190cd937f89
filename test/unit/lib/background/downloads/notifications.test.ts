/** A run's one notification: new purchases that arrived by themselves say so ("3 new tracks saved"). */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { notifyRunFinished } from '../../../../../lib/background/downloads/notifications.ts';
import { addJobs } from '../../../../../lib/background/downloads/queue-state.ts';

beforeEach(() => fakeBrowser.reset());

/** What each notification shown said: its options, the call's last argument (after its id). */
function shown() {
  const spy = vi.spyOn(fakeBrowser.notifications, 'create');
  return { spy, options: (call: number) => (spy.mock.calls[call] as unknown[] | undefined)?.at(-1) };
}

describe("a run's notification", () => {
  it('says "3 new tracks saved" for a run of new purchases alone', async () => {
    const create = shown();
    await notifyRunFinished({ done: 3, alreadySaved: 0, arrivals: 3, failed: [] });
    expect(create.spy).toHaveBeenCalledTimes(1);
    expect(create.options(0)).toMatchObject({
      title: 'New purchases saved',
      message: '3 new tracks saved',
    });
  });

  it('counts new purchases that joined a run the DJ started in its usual summary', async () => {
    const create = shown();
    await notifyRunFinished({ done: 5, alreadySaved: 0, arrivals: 2, failed: [] });
    expect(create.options(0)).toMatchObject({
      title: 'Downloads finished',
      message: '5 files saved to your downloads.',
    });
  });
});

describe('arrivals in the queue', () => {
  it('counts the entries queued as new purchases in the run, not those queued by the DJ', () => {
    const job = (downloadId: number) => ({
      downloadId,
      path: `${downloadId}.mp3`,
      title: `Track ${downloadId}`,
    });
    const byDj = addJobs({ run: null, jobs: [] }, [job(1)], { gone: new Map(), now: 0 });
    expect(byDj.run?.arrivals).toBeUndefined();
    const joined = addJobs(byDj, [job(1), job(2), job(3)], { gone: new Map(), now: 1, arrivals: true });
    // Entry 1 is in this run already: only 2 and 3 arrived.
    expect(joined.run).toMatchObject({ id: 1, arrivals: 2 });
    expect(joined.jobs.map((queued) => queued.downloadId)).toEqual([1, 2, 3]);
  });
});
