/**
 * What a browser download's interrupt reason (downloads.InterruptReason) means for the queue:
 * whether another attempt with a fresh link can help, and a sentence for people.
 */
import { i18n } from '#i18n';

export interface InterruptVerdict {
  /** Network and server trouble, an expired link among them: worth another attempt. */
  retry: boolean;
  /**
   * The connection broke, the store stopped answering, or the browser closed: nothing is wrong
   * with the link or the file, so the download is resumed where it stopped (after a wait, as the
   * store may be restarting) rather than started again, and no attempt is counted.
   */
  cut: boolean;
  reason: string;
}

/** The link itself was refused (expired, say), or the store cannot resume: only a fresh start helps. */
const notCuts = new Set([
  'SERVER_BAD_CONTENT',
  'SERVER_FORBIDDEN',
  'SERVER_UNAUTHORIZED',
  'SERVER_NO_RANGE',
  'SERVER_CERT_PROBLEM',
  'SERVER_CROSS_ORIGIN_REDIRECT',
  'NETWORK_INVALID_REQUEST',
]);

/** The reasons with a sentence of their own (locales/<language>.json, `background.interrupt.<code>`). */
const explained = [
  'FILE_FAILED',
  'FILE_ACCESS_DENIED',
  'FILE_NO_SPACE',
  'FILE_NAME_TOO_LONG',
  'FILE_TOO_LARGE',
  'FILE_VIRUS_INFECTED',
  'FILE_BLOCKED',
  'FILE_SECURITY_CHECK_FAILED',
  'FILE_TOO_SHORT',
  'FILE_HASH_MISMATCH',
  'FILE_SAME_AS_SOURCE',
  'NETWORK_FAILED',
  'NETWORK_TIMEOUT',
  'NETWORK_DISCONNECTED',
  'NETWORK_SERVER_DOWN',
  'NETWORK_INVALID_REQUEST',
  'SERVER_FAILED',
  'SERVER_NO_RANGE',
  'SERVER_BAD_CONTENT',
  'SERVER_UNAUTHORIZED',
  'SERVER_CERT_PROBLEM',
  'SERVER_FORBIDDEN',
  'SERVER_UNREACHABLE',
  'SERVER_CONTENT_LENGTH_MISMATCH',
  'SERVER_CROSS_ORIGIN_REDIRECT',
  'USER_CANCELED',
  'USER_SHUTDOWN',
  'CRASH',
] as const;

/** A sentence for people, in the browser's language. */
function sentence(code: string): string {
  const known = explained.find((name) => name === code);
  return known ? i18n.t(`background.interrupt.${known}`) : i18n.t('background.interrupt.other', [code]);
}

export function interruptVerdict(error: string | undefined): InterruptVerdict {
  const code = error ?? 'FILE_FAILED';
  const retry = /^(NETWORK_|SERVER_)/.test(code) || code === 'USER_SHUTDOWN' || code === 'CRASH';
  return {
    retry,
    cut: retry && !notCuts.has(code),
    reason: sentence(code),
  };
}
