/**
 * The stall watchdog: a download the browser calls in progress whose bytes have not moved for
 * stallMs has stalled. Chromium leaves a download whose connection died under it (the store
 * restarted mid-file) in progress for ever, reporting nothing, so only the bytes tell.
 *
 * A stalled download is asked for a new connection where the browser keeps its bytes doing so
 * (BrowserDownloads.reconnects: Firefox), else cancelled, its partial file dropped, and started
 * again with a fresh link over the same path (never a "(1)" copy). Stalls in a row are an outage
 * like a cut's: each waits as outageWaitMs says (never less than stallMs) and after outageBoundMs
 * without bytes the attempt fails, counted against maxAttempts. What it counts from is stored in
 * the job (`moved`, `cut`), so a worker started afresh decides the same; the alarm and passLater
 * bring the passes that look.
 */
import type { ByteMark, DownloadJob, Outage } from '../../storage/download-job.ts';
import type { JobChange } from '../../storage/job-store.ts';
import { interruptVerdict } from './interrupt-reason.ts';
import { attemptFailed, outlasted, ownsPath } from './job-changes.ts';
import { type BrowserDownload, outageBoundMs, outageWaitMs, stallMs, when } from './queue-model.ts';

/** What a pass does about a download under way: a stored change, then the browser told, and when to look again. */
export interface WatchDecision {
  change?: JobChange;
  browser?: 'reconnect' | 'drop';
  /** A later pass should look in this many milliseconds. */
  lookAgainMs?: number;
  /** The download is no longer under way (the job failed). */
  ends?: boolean;
}

/** A paused download's mark is kept this fresh, so the watchdog counts from its resume. */
const pausedRefreshMs = 1_000;

/** How long the bytes may stand still before the download counts as stalled, after `cut`'s stalls. */
const stallWait = (cut: Outage | null | undefined) => Math.max(stallMs, cut ? outageWaitMs(cut.tries) : 0);

/** Looks at `item`, the browser's download of `job`, in progress, at `now`. */
export function watchUnderWay(
  job: DownloadJob,
  item: BrowserDownload,
  now: number,
  reconnects: boolean,
): WatchDecision {
  const id = item.id;
  const mark = job.moved?.id === id ? job.moved : null;
  const fresh: ByteMark = { id, bytes: item.bytesReceived, at: now };
  if (!mark || item.bytesReceived !== mark.bytes)
    return { ...moving(job, item, fresh), lookAgainMs: stallMs };
  // Paused (by the person, or the run), or every byte in and the browser finishing: not a stall.
  const finishing = item.totalBytes > 0 && item.bytesReceived >= item.totalBytes;
  if (item.paused || finishing) {
    const change =
      now - mark.at >= pausedRefreshMs ? when(['saving'], () => ({ moved: fresh }), id) : undefined;
    return { change, lookAgainMs: stallMs };
  }
  const waited = now - mark.at;
  const wait = stallWait(job.cut);
  if (waited < wait) return { lookAgainMs: wait - waited };
  return stalled(job, item, now, reconnects, mark);
}

/** The bytes moved: a new mark, and an outage (a cut or a stall) over once they pass where it broke. */
function moving(job: DownloadJob, item: BrowserDownload, fresh: ByteMark): WatchDecision {
  const cut = job.cut;
  const over = cut != null && item.bytesReceived > cut.bytes;
  return {
    change: when(
      ['saving'],
      (current) => ({
        moved: fresh,
        ...(over ? { cut: null } : {}),
        // A reconnected download counts as resumed once it really gets bytes again.
        ...(over && cut.stall === 'reconnect' ? { resumes: (current.resumes ?? 0) + 1 } : {}),
      }),
      item.id,
    ),
  };
}

function stalled(
  job: DownloadJob,
  item: BrowserDownload,
  now: number,
  reconnects: boolean,
  mark: ByteMark,
): WatchDecision {
  const id = item.id;
  const reason = interruptVerdict('NETWORK_TIMEOUT').reason;
  // From the stall's first look at most: passes missed (a computer asleep) are no outage.
  const since = job.cut?.since ?? Math.max(mark.at, now - stallMs);
  if (now - since >= outageBoundMs)
    return {
      change: attemptFailed(job, 'NETWORK_TIMEOUT', item, outlasted(reason)),
      browser: 'drop',
      ends: true,
    };
  const tries = (job.cut?.tries ?? 0) + 1;
  // A new connection keeps the bytes, once: stalled again after it, the file starts afresh.
  if (reconnects && item.bytesReceived > 0 && job.cut?.stall !== 'reconnect') {
    const cut: Outage = {
      since,
      tries,
      retryAt: null,
      bytes: item.bytesReceived,
      reason,
      stall: 'reconnect',
    };
    return {
      change: when(['saving'], () => ({ cut, moved: { id, bytes: item.bytesReceived, at: now } }), id),
      browser: 'reconnect',
      lookAgainMs: stallWait(cut),
    };
  }
  const cut: Outage = { since, tries, retryAt: null, bytes: 0, reason, stall: 'restart' };
  return {
    change: when(
      ['saving'],
      (current) => ({
        state: 'queued',
        link: null,
        browserDownloadId: null,
        startedAt: null,
        pastBrowserIds: [...current.pastBrowserIds, id],
        cut,
        moved: null,
        restarts: (current.restarts ?? 0) + 1,
        // Its bytes are gone: it counts as started again, no longer as resumed where it broke.
        resumes: 0,
        replace: current.replace === true || ownsPath(current, item),
      }),
      id,
    ),
    browser: 'drop',
  };
}
