/**
 * A bulk download run's progress in words, the same in the popup and in the toolbar button's
 * title (lib/background/downloads/toolbar-progress.ts): bytes, the time left, and why it waits; in
 * the extension's language (locales/*.json, `popup.bulk`), its numbers and times through Intl.
 */
import { i18n } from '#i18n';
import type { BulkProgress } from '../protocol/messages.ts';
import { formatDate } from './dates.ts';
import { formatCount, uiLocale } from './intl.ts';
import { plural } from './plural.ts';

const sizeFormats = new Map<string, Intl.NumberFormat>();

/** "312.4 MB", "1.48 GB" ("312,4 MB" in German). */
export function megabytes(bytes: number): string {
  const unit = bytes >= 1e9 ? 'gigabyte' : 'megabyte';
  const digits = unit === 'gigabyte' ? 2 : 1;
  const key = `${uiLocale()} ${unit}`;
  let format = sizeFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(uiLocale(), {
      style: 'unit',
      unit,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    sizeFormats.set(key, format);
  }
  return format.format(bytes / (unit === 'gigabyte' ? 1e9 : 1e6));
}

/** "about 40 s", "about 3 min", "about 1 h 05 min". */
export function timeLeft(seconds: number): string {
  if (seconds < 60)
    return i18n.t('popup.bulk.aboutSeconds', [formatCount(Math.max(1, Math.round(seconds / 5) * 5))]);
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return i18n.t('popup.bulk.aboutMinutes', [formatCount(minutes)]);
  return i18n.t('popup.bulk.aboutHours', [
    formatCount(Math.floor(minutes / 60)),
    String(minutes % 60).padStart(2, '0'),
  ]);
}

/** "312.4 MB of about 700.0 MB, about 3 min left", or just what is saved while nothing is known. */
export function bytesSentence(progress: BulkProgress): string | null {
  const received = progress.bytesReceived ?? 0;
  if (received <= 0 && !progress.bytesExpected) return null;
  const bytes = progress.bytesExpected
    ? i18n.t('popup.bulk.receivedOf', [megabytes(received), megabytes(progress.bytesExpected)])
    : megabytes(received);
  return progress.secondsLeft != null
    ? i18n.t('popup.bulk.timeLeft', [bytes, timeLeft(progress.secondsLeft)])
    : bytes;
}

/** "3 of 20 files". */
export const filesText = (progress: BulkProgress) =>
  i18n.t('popup.bulk.files', [formatCount(progress.done), formatCount(progress.total)]);

/** "Waiting for the store since 14:02:10 (…) Trying again in 8 s, by itself. 2 cut files wait." */
export function waitingSentence(waiting: NonNullable<BulkProgress['waiting']>, now: number): string {
  const since = formatDate(waiting.since, { hour: 'numeric', minute: '2-digit', second: '2-digit' });
  const seconds = Math.max(0, Math.ceil((waiting.retryAt - now) / 1000));
  const sentence = i18n.t('popup.bulk.waiting', [since, waiting.reason, formatCount(seconds)]);
  return waiting.files > 0 ? `${sentence} ${plural('popup.bulk.cutFiles', waiting.files)}` : sentence;
}
