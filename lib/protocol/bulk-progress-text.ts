/**
 * A bulk download run's progress in words, the same in the popup and in the toolbar button's
 * title (lib/background/downloads/toolbar-progress.ts): bytes, the time left, and why it waits.
 */
import type { BulkProgress } from './messages.ts';

export const megabytes = (bytes: number) =>
  bytes >= 1e9 ? `${(bytes / 1e9).toFixed(2)} GB` : `${(bytes / 1e6).toFixed(1)} MB`;

/** "about 40 s", "about 3 min", "about 1 h 05 min". */
export function timeLeft(seconds: number): string {
  if (seconds < 60) return `about ${Math.max(1, Math.round(seconds / 5) * 5)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min`;
  return `about ${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** "312.4 MB of about 700.0 MB, about 3 min left", or just what is saved while nothing is known. */
export function bytesSentence(progress: BulkProgress): string | null {
  const received = progress.bytesReceived ?? 0;
  if (received <= 0 && !progress.bytesExpected) return null;
  const of = progress.bytesExpected ? ` of about ${megabytes(progress.bytesExpected)}` : '';
  const left = progress.secondsLeft != null ? `, ${timeLeft(progress.secondsLeft)} left` : '';
  return `${megabytes(received)}${of}${left}`;
}

/** "The store is not answering (since 14:02:10): trying again in 8 s, by itself." */
export function waitingSentence(waiting: NonNullable<BulkProgress['waiting']>, now: number): string {
  const since = new Date(waiting.since).toLocaleTimeString();
  const seconds = Math.max(0, Math.ceil((waiting.retryAt - now) / 1000));
  const cut =
    waiting.files > 0 ? ` ${waiting.files} cut ${waiting.files === 1 ? 'file waits' : 'files wait'}.` : '';
  return `Waiting for the store since ${since} (${waiting.reason}) Trying again in ${seconds} s, by itself.${cut}`;
}
