/**
 * What the toolbar button shows while a bulk download runs, for a person with the popup closed: a
 * short badge (the share done, "…" while the store is awaited, "II" paused) and a title in the
 * browser's language.
 */
import { i18n } from '#i18n';
import { bytesSentence, waitingSentence } from '../../i18n/bulk-progress-text.ts';
import { formatCount } from '../../i18n/intl.ts';
import { plural } from '../../i18n/plural.ts';
import type { BulkProgress } from '../../protocol/messages.ts';

export function toolbarProgress(
  progress: BulkProgress,
  now: number,
): { badge: string; title: string } | null {
  if (progress.status !== 'running' && progress.status !== 'paused') return null;
  const files = plural('background.toolbar.files', progress.total, formatCount(progress.done));
  const share =
    progress.bytesExpected && progress.bytesExpected > 0
      ? (progress.bytesReceived ?? 0) / progress.bytesExpected
      : progress.done / Math.max(1, progress.total);
  const percent = Math.min(99, Math.floor(share * 100));
  if (progress.status === 'paused')
    return { badge: 'II', title: i18n.t('background.toolbar.paused', [files]) };
  const bytes = bytesSentence(progress);
  const title = bytes
    ? i18n.t('background.toolbar.downloadingBytes', [files, bytes])
    : i18n.t('background.toolbar.downloading', [files]);
  const waiting = progress.waiting ? ` ${waitingSentence(progress.waiting, now)}` : '';
  return { badge: progress.waiting ? '…' : `${percent}%`, title: `${title}${waiting}` };
}
