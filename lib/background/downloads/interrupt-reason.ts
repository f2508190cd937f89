/**
 * What a browser download's interrupt reason (downloads.InterruptReason) means for the queue:
 * whether another attempt with a fresh link can help, and a sentence for people.
 */
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

const sentences: Record<string, string> = {
  FILE_FAILED: 'The file could not be written.',
  FILE_ACCESS_DENIED: 'The download folder may not be written to.',
  FILE_NO_SPACE: 'The disk is full.',
  FILE_NAME_TOO_LONG: 'The file name is too long for the disk.',
  FILE_TOO_LARGE: 'The file is too large for the disk.',
  FILE_VIRUS_INFECTED: 'A virus scanner refused the file.',
  FILE_BLOCKED: 'The browser blocked the file.',
  FILE_SECURITY_CHECK_FAILED: 'A security check refused the file.',
  FILE_TOO_SHORT: 'The file ended early.',
  FILE_HASH_MISMATCH: 'The file did not match what the store sent.',
  FILE_SAME_AS_SOURCE: 'The file would overwrite itself.',
  NETWORK_FAILED: 'The network failed.',
  NETWORK_TIMEOUT: 'The store took too long to send the file.',
  NETWORK_DISCONNECTED: 'The computer went offline.',
  NETWORK_SERVER_DOWN: 'The store stopped answering.',
  NETWORK_INVALID_REQUEST: 'The browser refused the download link.',
  SERVER_FAILED: 'The store failed to send the file.',
  SERVER_NO_RANGE: 'The store could not resume the file.',
  SERVER_BAD_CONTENT: 'The store refused the download link (it may have expired).',
  SERVER_UNAUTHORIZED: 'The store refused the download link.',
  SERVER_CERT_PROBLEM: "The store's certificate is not trusted.",
  SERVER_FORBIDDEN: 'The store refused the download link (it may have expired).',
  SERVER_UNREACHABLE: 'The store could not be reached.',
  SERVER_CONTENT_LENGTH_MISMATCH: 'The store sent less than it announced.',
  SERVER_CROSS_ORIGIN_REDIRECT: 'The store redirected the download elsewhere.',
  USER_CANCELED: "The download was cancelled in the browser's downloads.",
  USER_SHUTDOWN: 'The browser was closed during the download.',
  CRASH: 'The browser crashed during the download.',
};

export function interruptVerdict(error: string | undefined): InterruptVerdict {
  const code = error ?? 'FILE_FAILED';
  const retry = /^(NETWORK_|SERVER_)/.test(code) || code === 'USER_SHUTDOWN' || code === 'CRASH';
  return {
    retry,
    cut: retry && !notCuts.has(code),
    reason: sentences[code] ?? `The download failed (${code}).`,
  };
}
