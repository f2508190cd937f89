/**
 * E2E files run this many at a time (vitest.config.ts), each with a browser of its own, and
 * global-setup.ts starts a store for each (store-url.ts). Two, for two cores: a browser spends much
 * of a journey waiting on the store, a page or a timer, so two files overlap well.
 */
export const e2eWorkers = 3;
