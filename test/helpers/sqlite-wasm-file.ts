/**
 * SQLite's wasm file on disk, for the stick page's `…/sqlite3.wasm?url` import in the unit tests
 * (vitest.config.ts): in Node, sqlite-wasm reads the file its URL names, and Vite's `?url` gives a
 * path only a browser resolves.
 */
import { createRequire } from 'node:module';

export default createRequire(import.meta.url).resolve('@sqlite.org/sqlite-wasm/sqlite3.wasm');
