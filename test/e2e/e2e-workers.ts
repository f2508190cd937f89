/**
 * E2E files run this many at a time (vitest.config.ts), each with a browser of its own, and
 * global-setup.ts starts a store for each (store-url.ts). Three on two cores: a browser spends much
 * of a journey waiting on the store, a page, a shaped network or a timer (download-survival.test.ts
 * waits out a stalled download for minutes on end), so the other files use the cores meanwhile.
 * Four kept the cores as busy and spent more CPU on the same files (a fourth store and browser
 * polling, painting and switching beside the others): 282 s for the stage, 268 s with three.
 */
export const e2eWorkers = 3;
