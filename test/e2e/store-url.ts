/**
 * The store a test file drives: global-setup.ts starts one per e2e worker, and a file takes its
 * worker's, so the two files running at once never share a cart or a library, and the files that
 * follow each other on one worker share a store as before.
 */
import { inject } from 'vitest';

export function e2eStoreUrl(): string {
  const urls = inject('storeUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return urls[(worker - 1) % urls.length] as string;
}
