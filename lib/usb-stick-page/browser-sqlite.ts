/**
 * The SQLite the Engine DJ and OneLibrary writers need (lib/dj-formats, which imports no wasm), in
 * the browser: SQLite's own WebAssembly build (@sqlite.org/sqlite-wasm, docs/stack.md), on in-memory
 * databases opened from a file's bytes (sqlite3_deserialize) and written back whole
 * (sqlite3_js_db_export). Loaded only when a DJ writes one of those libraries (the stick page imports
 * this file dynamically), so no other page pays for its 860 KB.
 */
import sqlite3InitModule, { type Database, type Sqlite3Static } from '@sqlite.org/sqlite-wasm';
import type { EngineSqlDatabase, OpenEngineDatabase, SqlValue } from '../dj-formats/engine-dj/engine-sql.ts';
import type { SqlEngine } from '../dj-formats/onelibrary/stick-library.ts';

let loading: Promise<Sqlite3Static> | undefined;

function open(sqlite3: Sqlite3Static, bytes?: Uint8Array): Database {
  const db = new sqlite3.oo1.DB(':memory:');
  if (bytes === undefined) return db;
  const { capi, wasm } = sqlite3;
  const memory = wasm.allocFromTypedArray(bytes);
  const code = capi.sqlite3_deserialize(
    db.pointer as number,
    'main',
    memory,
    bytes.length,
    bytes.length,
    capi.SQLITE_DESERIALIZE_FREEONCLOSE | capi.SQLITE_DESERIALIZE_RESIZEABLE,
  );
  if (code !== 0) {
    db.close();
    throw new Error(`SQLite could not open the file (${capi.sqlite3_js_rc_str(code)}).`);
  }
  // A file that is not SQLite opens: reading its schema is what refuses it.
  try {
    db.exec('SELECT count(*) FROM sqlite_schema');
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/** node:sqlite's statement shape (what the writers were written against) over sqlite-wasm's. */
function statement(sqlite3: Sqlite3Static, db: Database, sql: string) {
  function rows(params: SqlValue[], limit: number): Record<string, unknown>[] {
    const stmt = db.prepare(sql);
    try {
      if (params.length > 0) stmt.bind(params as never);
      const found: Record<string, unknown>[] = [];
      while (found.length < limit && stmt.step()) found.push(stmt.get({}));
      return found;
    } finally {
      stmt.finalize();
    }
  }
  return {
    run(...params: SqlValue[]) {
      rows(params, Number.POSITIVE_INFINITY);
      return { lastInsertRowid: sqlite3.capi.sqlite3_last_insert_rowid(db.pointer as number) };
    },
    get: (...params: SqlValue[]) => rows(params, 1)[0],
    all: (...params: SqlValue[]) => rows(params, Number.POSITIVE_INFINITY),
  };
}

function wrap(sqlite3: Sqlite3Static, db: Database): EngineSqlDatabase {
  return {
    exec: (sql) => void db.exec(sql),
    prepare: (sql) => statement(sqlite3, db, sql),
    serialize: () => sqlite3.capi.sqlite3_js_db_export(db.pointer as number),
    close: () => void db.close(),
  };
}

export interface BrowserSqlite {
  openEngineDatabase: OpenEngineDatabase;
  oneLibraryEngine: SqlEngine;
}

/**
 * SQLite, loaded once per page; in the extension from `wasmUrl`, the file the build emits (a
 * bundler does not see the URL sqlite-wasm makes itself), in Node from the package's own.
 */
export async function browserSqlite(wasmUrl?: string): Promise<BrowserSqlite> {
  const init = sqlite3InitModule as (options?: {
    locateFile(file: string): string;
  }) => Promise<Sqlite3Static>;
  loading ??= init(wasmUrl === undefined ? undefined : { locateFile: () => wasmUrl });
  const sqlite3 = await loading;
  return {
    openEngineDatabase: (bytes) => wrap(sqlite3, open(sqlite3, bytes)),
    async oneLibraryEngine(plain, edit) {
      const db = wrap(sqlite3, open(sqlite3, plain));
      try {
        edit(db);
        return db.serialize();
      } finally {
        db.close();
      }
    },
  };
}
