/**
 * E2E files run this many at a time (vitest.config.ts), each with a browser of its own, and
 * global-setup.ts starts a store for each (store-url.ts). Four on two cores: a browser spends most
 * of a journey waiting on the store, a page, a shaped network or a timer (download-survival.test.ts
 * waits out a stalled download for minutes on end), so the other files use the cores meanwhile.
 */
export const e2eWorkers = 4;
