/**
 * E2E files run this many at a time (vitest.config.ts), each with a browser of its own, and
 * global-setup.ts starts a store for each (store-url.ts). Three on two cores: a browser spends most
 * of a journey waiting on the store, a page, a shaped network or a timer (one file alone keeps the
 * machine about half busy), so three files overlap well.
 */
export const e2eWorkers = 3;
