/**
 * "Download all" (every entry not on this computer) for the popup's library tab: starts the background's bulk queue and
 * shows it (files done of total, the bytes of the files under way, failures with their reasons),
 * with pause, resume, cancel and retry. The queue runs in the background; closing the popup only
 * stops this view, which asks again for the progress while it is open.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import {
  bytesSentence,
  filesText,
  megabytes,
  waitingSentence,
} from '../../../lib/i18n/bulk-progress-text.ts';
import { formatDate } from '../../../lib/i18n/dates.ts';
import { errorMessage } from '../../../lib/i18n/error-message.ts';
import { formatCount } from '../../../lib/i18n/intl.ts';
import { plural } from '../../../lib/i18n/plural.ts';
import type { BulkProgress } from '../../../lib/protocol/messages.ts';
import { send } from '../../../lib/protocol/send.ts';
import { newPurchasesArriveSetting, newPurchasesAskedItem } from '../../../lib/storage/items.ts';

export interface BulkDownloadPanelProps {
  /** The queue finished or stopped: the library's statuses changed. */
  onLibraryChanged?: () => void;
}

/** How often an open panel asks for progress while a run is under way. */
export const progressPollMs = 500;

const underWay = (progress: BulkProgress | null) =>
  progress?.status === 'running' || progress?.status === 'paused';

/**
 * Bytes and the time left, files resumed after a cut, files stuck and files started again after
 * they stalled, and the wait for a store that does not answer.
 */
function RunDetails({ progress }: { progress: BulkProgress }) {
  const bytes = bytesSentence(progress);
  const resumed = progress.resumed ?? 0;
  const restarted = progress.restarted ?? 0;
  return (
    <>
      {bytes && <p class="bulk-bytes">{bytes}</p>}
      {resumed > 0 && <p class="bulk-resumed">{plural('popup.bulk.resumed', resumed)}</p>}
      {restarted > 0 && <p class="bulk-restarted">{plural('bulkStall.restarted', restarted)}</p>}
      {progress.stalled && (
        <p class="bulk-stalled" role="status">
          {plural(
            'bulkStall.stalled',
            progress.stalled.files,
            formatDate(progress.stalled.since, { timeStyle: 'medium' }),
          )}
        </p>
      )}
      {progress.waiting && (
        <p class="bulk-waiting" role="status">
          {waitingSentence(progress.waiting, Date.now())}
        </p>
      )}
    </>
  );
}

export function BulkDownloadPanel({ onLibraryChanged }: BulkDownloadPanelProps) {
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [nothingLeft, setNothingLeft] = useState(false);
  const changed = useRef(onLibraryChanged);
  changed.current = onLibraryChanged;

  async function ask(request: () => Promise<BulkProgress>): Promise<void> {
    setAsking(true);
    setProblem(null);
    try {
      setProgress(await request());
    } catch (caught) {
      setProblem(errorMessage(caught));
    } finally {
      setAsking(false);
    }
  }

  useEffect(() => {
    void ask(() => send('bulkDownloadProgress', {}));
  }, []);

  const running = underWay(progress);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      void send('bulkDownloadProgress', {})
        .then(setProgress)
        .catch(() => undefined);
    }, progressPollMs);
    return () => {
      clearInterval(timer);
      // The run just ended while this view watched it.
      changed.current?.();
    };
  }, [running]);

  async function downloadAll() {
    setNothingLeft(false);
    await ask(async () => {
      const started = await send('downloadAllAvailable', {});
      setNothingLeft(!underWay(started));
      return started;
    });
  }
  const control = (action: Control) => ask(() => send('bulkDownloadControl', { action }));

  const failed = progress?.failed ?? [];
  return (
    <section class="bulk-download" aria-label={i18n.t('popup.bulk.label')}>
      {running ? null : (
        <button type="button" disabled={asking} onClick={() => void downloadAll()}>
          {i18n.t('popup.bulk.downloadAll')}
        </button>
      )}
      {nothingLeft && <p role="status">{i18n.t('popup.bulk.nothingLeft')}</p>}
      {progress && (progress.total > 0 || Boolean(progress.alreadySaved)) && (
        <BulkProgressView progress={progress} />
      )}
      <BulkControls status={progress?.status} failed={failed.length} disabled={asking} onControl={control} />
      {failed.length > 0 && (
        <ul class="bulk-failed" aria-label={i18n.t('popup.bulk.failedLabel')}>
          {failed.map((file) => (
            <li key={file.downloadId} class="problem">
              {file.title}: {file.reason}
            </li>
          ))}
        </ul>
      )}
      {problem && (
        <p role="alert" class="problem">
          {problem}
        </p>
      )}
      {progress?.status === 'finished' && progress.done > 0 && <ArrivalsOffer />}
    </section>
  );
}

/**
 * Asked once, after a first bulk download saved files: should new purchases arrive by themselves
 * (lib/background/new-purchases/)? The answer, either way, is not asked for again; the options
 * page changes it later.
 */
function ArrivalsOffer() {
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    void Promise.all([newPurchasesAskedItem.getValue(), newPurchasesArriveSetting.getValue()]).then(
      ([asked, on]) => setAsking(!asked && !on),
    );
  }, []);
  if (!asking) return null;
  async function answer(yes: boolean) {
    setAsking(false);
    await newPurchasesAskedItem.setValue(true);
    await newPurchasesArriveSetting.setValue(yes);
  }
  // One line, so the library's first row stays in view; the why is read out with the question.
  return (
    <fieldset
      class="arrivals-offer"
      aria-label={i18n.t('popup.arrivals.label')}
      aria-describedby="arrivals-explain"
    >
      <span>{i18n.t('popup.arrivals.question')}</span>
      <span id="arrivals-explain" class="visually-hidden">
        {i18n.t('popup.arrivals.explain')}
      </span>
      <button type="button" onClick={() => void answer(true)}>
        {i18n.t('popup.arrivals.yes')}
      </button>
      <button type="button" onClick={() => void answer(false)}>
        {i18n.t('popup.arrivals.no')}
      </button>
    </fieldset>
  );
}

/** "Downloading: 3 of 20 files", "Paused: …": the run's state before what it did. */
function statusLine(status: BulkProgress['status'], done: string): string {
  if (status === 'paused') return i18n.t('popup.bulk.paused', [done]);
  if (status === 'cancelled') return i18n.t('popup.bulk.cancelled', [done]);
  if (status === 'finished') return i18n.t('popup.bulk.finished', [done]);
  return i18n.t('popup.bulk.downloading', [done]);
}

/** Files done of total, and the bytes of each file under way. */
function BulkProgressView({ progress }: { progress: BulkProgress }) {
  return (
    <>
      <label class="bulk-progress">
        <span role="status" aria-live="polite">
          {statusLine(
            progress.status,
            progress.alreadySaved
              ? i18n.t('popup.bulk.alreadySaved', [
                  formatCount(progress.alreadySaved),
                  formatCount(progress.done),
                  formatCount(progress.total),
                ])
              : filesText(progress),
          )}
        </span>
        {/* A run of files all already saved has none to count: an empty bar, not a broken one. */}
        <progress max={Math.max(1, progress.total)} value={progress.done} />
      </label>
      <RunDetails progress={progress} />
      {progress.active.length > 0 && (
        <ul class="bulk-active" aria-label={i18n.t('popup.bulk.activeLabel')}>
          {progress.active.map((file) => (
            <li key={file.downloadId}>
              {file.title}:{' '}
              {file.totalBytes > 0
                ? i18n.t('popup.bulk.sizeOf', [megabytes(file.bytesReceived), megabytes(file.totalBytes)])
                : megabytes(file.bytesReceived)}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

type Control = 'pause' | 'resume' | 'cancel' | 'retryFailed';

interface ControlsProps {
  status: BulkProgress['status'] | undefined;
  failed: number;
  disabled: boolean;
  onControl: (action: Control) => Promise<void>;
}

function BulkControls({ status, failed, disabled, onControl }: ControlsProps) {
  return (
    <div class="bulk-controls">
      {status === 'running' && (
        <button type="button" disabled={disabled} onClick={() => void onControl('pause')}>
          {i18n.t('popup.bulk.pause')}
        </button>
      )}
      {status === 'paused' && (
        <button type="button" disabled={disabled} onClick={() => void onControl('resume')}>
          {i18n.t('popup.bulk.resume')}
        </button>
      )}
      {(status === 'running' || status === 'paused') && (
        <button type="button" disabled={disabled} onClick={() => void onControl('cancel')}>
          {i18n.t('popup.bulk.cancel')}
        </button>
      )}
      {failed > 0 && (
        <button type="button" disabled={disabled} onClick={() => void onControl('retryFailed')}>
          {i18n.t('popup.bulk.retryFailed', [formatCount(failed)])}
        </button>
      )}
    </div>
  );
}
