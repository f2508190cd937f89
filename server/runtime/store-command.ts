/**
 * How a process runs the store from its sources, as `npm run store` does: Node 24 itself, with the
 * JSX hook. Tests, benchmarks and scripts spawn `process.execPath` with these arguments.
 */
import { join } from 'node:path';

export const storeNodeArgs = [
  '--import',
  join(import.meta.dirname, 'jsx-hooks.ts'),
  join(import.meta.dirname, '..', 'main.ts'),
];
