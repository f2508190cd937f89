/** Waiting on Mixxx, which works at its own pace in its own process: what both Mixxx tests share. */

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks `read` every `everyMs` until it answers; a read that throws is asked again (the database is
 * being created or written, the window is not drawn yet).
 */
export async function until<T>(
  read: () => T | undefined,
  what: string,
  { timeoutMs = 60_000, everyMs = 500 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      const value = read();
      if (value !== undefined) return value;
    } catch {
      // Not there yet: ask again.
    }
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}.`);
    await wait(everyMs);
  }
}
