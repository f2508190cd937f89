import type { StoreErrorData } from '../../lib/protocol/store-error.ts';

export interface RefreshStatusProps {
  refreshing: boolean;
  /** When the shown data came from the store; undefined while nothing is shown. */
  savedAt: number | undefined;
  error: StoreErrorData | null;
  onRetry(): void;
}

const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/** "Saved at 10:32" today, "Saved May 3" before. */
export function savedWhen(savedAt: number, now = Date.now()): string {
  const saved = new Date(savedAt);
  return new Date(now).toDateString() === saved.toDateString()
    ? `at ${time.format(saved)}`
    : `on ${day.format(saved)}`;
}

/**
 * The quiet line above stale data: "Refreshing…" while the store is asked, or why the data on
 * screen may be old. Nothing when the data is fresh.
 */
export function RefreshStatus({ refreshing, savedAt, error, onRetry }: RefreshStatusProps) {
  if (savedAt === undefined) return null;
  return (
    <div class="refresh-status" role="status">
      {refreshing ? (
        <span class="refreshing">Refreshing…</span>
      ) : (
        error && (
          <>
            <span>
              Showing what Crate saved {savedWhen(savedAt)}. {error.message}
            </span>{' '}
            <button type="button" class="link-button" onClick={onRetry}>
              Try again
            </button>
          </>
        )
      )}
    </div>
  );
}
