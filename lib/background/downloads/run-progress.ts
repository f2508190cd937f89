/**
 * How far a run is, as the popup and the toolbar show it: files, bytes, an estimate of the time
 * left, files resumed after a cut or started again after a stall, and whether the run is waiting
 * for the store. A file started again counts only the bytes of its new download. A pure function
 * of the stored jobs and what the browser says of the downloads under way.
 */
import { i18n } from '#i18n';
import type { DownloadJob, QueueState } from '../../storage/download-job.ts';
import { type ActiveFile, isActive, type QueueProgress } from './queue-model.ts';

/**
 * A file under way that has received nothing for this long is shown as stuck, well before the
 * stall watchdog (stall-watchdog.ts) starts it again: a person sees why its bytes stand still.
 */
export const stuckAfterMs = 5_000;

/** Below this much time or data the pace says nothing yet: no estimate. */
const paceAfterMs = 2_000;
const paceAfterBytes = 256 * 1024;

/** When the run waits for the store: its own wait for links, or the soonest cut file's. */
function waitingFor(run: QueueState['run'], jobs: DownloadJob[]): QueueProgress['waiting'] {
  const cut = jobs.filter((job) => isActive(job) && job.cut?.retryAt != null);
  const outages = [...(run?.storeWait?.retryAt != null ? [run.storeWait] : []), ...cut.map((job) => job.cut)];
  const first = outages.filter((outage) => outage != null).sort((a, b) => a.since - b.since)[0];
  if (!first) return null;
  const retryAt = Math.min(...outages.map((outage) => outage?.retryAt ?? Number.POSITIVE_INFINITY));
  return { reason: first.reason, since: first.since, retryAt, files: cut.length };
}

/** Files under way whose bytes are where a pass last saw them move, longer than stuckAfterMs ago. */
function stalledFiles(jobs: DownloadJob[], active: ActiveFile[], now: number): QueueProgress['stalled'] {
  const since = active.flatMap((file) => {
    const mark = jobs.find((job) => job.downloadId === file.downloadId && job.state === 'saving')?.moved;
    const stuck = mark != null && mark.bytes === file.bytesReceived && now - mark.at >= stuckAfterMs;
    return stuck ? [mark.at] : [];
  });
  return since.length > 0 ? { files: since.length, since: Math.min(...since) } : null;
}

export function runProgress(
  { run, jobs: all }: QueueState,
  active: ActiveFile[],
  now: number,
): QueueProgress {
  const jobs = all.filter((job) => job.runId === run?.id);
  const done = jobs.filter((job) => job.state === 'done');
  const doneBytes = done.reduce((sum, job) => sum + (job.bytes ?? 0), 0);
  const received = doneBytes + active.reduce((sum, file) => sum + file.bytesReceived, 0);
  // Sizes known: saved files and the announced sizes of those under way; the rest at their mean.
  const known = [...done.map((job) => job.bytes ?? 0), ...active.map((file) => file.totalBytes)].filter(
    (size) => size > 0,
  );
  const unknown =
    jobs.filter((job) => job.state === 'queued').length + active.filter((f) => f.totalBytes <= 0).length;
  const knownSum = known.reduce((sum, size) => sum + size, 0);
  const expected = known.length > 0 ? knownSum + (unknown * knownSum) / known.length : null;
  const elapsed = now - (run?.startedAt ?? now);
  const underWay = run?.status === 'running';
  const secondsLeft =
    underWay && expected !== null && elapsed >= paceAfterMs && received >= paceAfterBytes
      ? Math.max(0, Math.round(((expected - received) * elapsed) / received / 1000))
      : null;
  return {
    status: run?.status ?? 'idle',
    total: jobs.length,
    alreadySaved: run?.alreadySaved ?? 0,
    done: done.length,
    failed: jobs
      .filter((job) => job.state === 'failed')
      .map((job) => ({
        downloadId: job.downloadId,
        title: job.title,
        reason: job.error ?? i18n.t('background.downloadFailed.reason'),
      })),
    active,
    bytesReceived: received,
    bytesExpected: expected === null ? null : Math.round(expected),
    secondsLeft,
    resumed: jobs.filter((job) => (job.resumes ?? 0) > 0).length,
    restarted: jobs.filter((job) => (job.restarts ?? 0) > 0).length,
    waiting: underWay ? waitingFor(run, jobs) : null,
    stalled: underWay ? stalledFiles(jobs, active, now) : null,
  };
}
