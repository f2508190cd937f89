/**
 * How a process runs the store from its sources, as `npm run store` does: Node 24 itself, with the
 * JSX hook. Tests, benchmarks and scripts spawn `process.execPath` with these arguments.
 */
import { join } from 'node:path';

/** The port `npm run store` listens on unless told otherwise (`--port`). */
export const defaultPort = 8787;

export const storeNodeArgs = [
  '--import',
  join(import.meta.dirname, 'jsx-hooks.ts'),
  join(import.meta.dirname, '..', 'main.ts'),
];
