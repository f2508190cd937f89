/**
 * After `npm install`: `wxt prepare` writes the extension's generated types (.wxt/). A production
 * install of the store (`npm ci --omit=dev`) has no WXT and builds no extension, so it skips this.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const wxt = join(import.meta.dirname, '..', 'node_modules', '.bin', 'wxt');
if (existsSync(wxt)) process.exit(spawnSync(wxt, ['prepare'], { stdio: 'inherit' }).status ?? 1);
