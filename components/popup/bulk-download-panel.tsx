/**
 * "Download all available" for the popup's library tab: starts the background's bulk queue and
 * shows it (files done of total, the bytes of the files under way, failures with their reasons),
 * with pause, resume, cancel and retry. The queue runs in the background; closing the popup only
 * stops this view, which asks again for the progress while it is open.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { uiLocale } from '../../lib/i18n/intl.ts';
import { plural } from '../../lib/i18n/plural.ts';
import { bytesSentence, megabytes, waitingSentence } from '../../lib/protocol/bulk-progress-text.ts';
import { errorMessage } from '../../lib/protocol/error-message.ts';
import type { BulkProgress } from '../../lib/protocol/messages.ts';
import { send } from '../../lib/protocol/send.ts';

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
      {resumed > 0 && (
        <p class="bulk-resumed">
          {resumed === 1 ? '1 file was' : `${resumed} files were`} resumed where the connection broke.
        </p>
      )}
      {restarted > 0 && <p class="bulk-restarted">{plural('bulkStall.restarted', restarted)}</p>}
      {progress.stalled && (
        <p class="bulk-stalled" role="status">
          {plural(
            'bulkStall.stalled',
            progress.stalled.files,
            new Intl.DateTimeFormat(uiLocale(), { timeStyle: 'medium' }).format(progress.stalled.since),
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
    <section class="bulk-download" aria-label="Download all">
      {running ? null : (
        <button type="button" disabled={asking} onClick={() => void downloadAll()}>
          Download all available
        </button>
      )}
      {nothingLeft && <p role="status">Everything in your library is downloaded already.</p>}
      {progress && (progress.total > 0 || Boolean(progress.alreadySaved)) && (
        <BulkProgressView progress={progress} />
      )}
      <BulkControls status={progress?.status} failed={failed.length} disabled={asking} onControl={control} />
      {failed.length > 0 && (
        <ul class="bulk-failed" aria-label="Failed downloads">
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
    </section>
  );
}

const statusWord: Record<BulkProgress['status'], string> = {
  idle: 'Downloading: ',
  running: 'Downloading: ',
  paused: 'Paused: ',
  cancelled: 'Cancelled: ',
  finished: 'Finished: ',
};

/** Files done of total, and the bytes of each file under way. */
function BulkProgressView({ progress }: { progress: BulkProgress }) {
  return (
    <>
      <label class="bulk-progress">
        <span role="status" aria-live="polite">
          {statusWord[progress.status]}
          {progress.alreadySaved
            ? `${progress.alreadySaved} already saved, ${progress.done} of ${progress.total} downloaded`
            : `${progress.done} of ${progress.total} files`}
        </span>
        {/* A run of files all already saved has none to count: an empty bar, not a broken one. */}
        <progress max={Math.max(1, progress.total)} value={progress.done} />
      </label>
      <RunDetails progress={progress} />
      {progress.active.length > 0 && (
        <ul class="bulk-active" aria-label="Files under way">
          {progress.active.map((file) => (
            <li key={file.downloadId}>
              {file.title}: {megabytes(file.bytesReceived)}
              {file.totalBytes > 0 ? ` of ${megabytes(file.totalBytes)}` : ''}
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
          Pause
        </button>
      )}
      {status === 'paused' && (
        <button type="button" disabled={disabled} onClick={() => void onControl('resume')}>
          Resume
        </button>
      )}
      {(status === 'running' || status === 'paused') && (
        <button type="button" disabled={disabled} onClick={() => void onControl('cancel')}>
          Cancel
        </button>
      )}
      {failed > 0 && (
        <button type="button" disabled={disabled} onClick={() => void onControl('retryFailed')}>
          Retry failed ({failed})
        </button>
      )}
    </div>
  );
}
