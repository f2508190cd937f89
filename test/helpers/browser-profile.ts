import { rmSync } from 'node:fs';

/**
 * A browser's helper processes can still be writing the profile when it has closed (Chromium's
 * ENOTEMPTY in one CI run): retried, and a folder left in the temp directory is no failure.
 */
export function removeProfile(folder: string): void {
  try {
    rmSync(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  } catch {
    // The temp directory is cleaned by the system; a test must not fail on it.
  }
}
