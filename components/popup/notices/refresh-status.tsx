import { i18n } from '#i18n';
import { formatDate, timeOptions } from '../../../lib/i18n/dates.ts';
import type { StoreErrorData } from '../../../lib/protocol/store-error.ts';

export interface RefreshStatusProps {
  refreshing: boolean;
  /** When the shown data came from the store; undefined while nothing is shown. */
  savedAt: number | undefined;
  error: StoreErrorData | null;
  onRetry(): void;
}

/** "Showing what Crate saved at 10:32." today, "… on May 3." before. */
export function savedWhen(savedAt: number, now = Date.now()): string {
  const saved = new Date(savedAt);
  return new Date(now).toDateString() === saved.toDateString()
    ? i18n.t('popup.refresh.savedAt', [formatDate(saved, timeOptions)])
    : i18n.t('popup.refresh.savedOn', [formatDate(saved, { month: 'short', day: 'numeric' })]);
}

/**
 * The quiet line above stale data: "Refreshing…" while the store is asked, or why the data on
 * screen may be old; empty when the data is fresh or none is shown yet. The line is always there,
 * one line high (popup.css), so that its words coming and going never move the list below it
 * (`popup_layout_shift`, issue #51).
 */
export function RefreshStatus({ refreshing, savedAt, error, onRetry }: RefreshStatusProps) {
  return (
    <div class="refresh-status" role="status">
      {savedAt === undefined ? null : refreshing ? (
        <span class="refreshing">{i18n.t('popup.refresh.refreshing')}</span>
      ) : (
        error && (
          <>
            <span>
              {savedWhen(savedAt)} {error.message}
            </span>{' '}
            <button type="button" class="link-button" onClick={onRetry}>
              {i18n.t('popup.tryAgain')}
            </button>
          </>
        )
      )}
    </div>
  );
}
