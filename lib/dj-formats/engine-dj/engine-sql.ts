/**
 * The SQLite the Engine writer needs, as an interface: lib/dj-formats imports no Node and no wasm,
 * so whoever calls the writer hands it an engine. node:sqlite's DatabaseSync fits as it is (the
 * tests use it); the stick page hands over SQLite's wasm build (lib/usb-stick-page/browser-sqlite.ts).
 */

export type SqlValue = null | number | bigint | string | Uint8Array;

export interface EngineSqlStatement {
  run(...params: SqlValue[]): { lastInsertRowid: number | bigint };
  get(...params: SqlValue[]): Record<string, unknown> | undefined;
  all(...params: SqlValue[]): Record<string, unknown>[];
}

export interface EngineSqlDatabase {
  exec(sql: string): void;
  prepare(sql: string): EngineSqlStatement;
  /** The whole database file. */
  serialize(): Uint8Array;
  close(): void;
}

/** An in-memory database: empty, or the file `bytes`; throws when `bytes` are not SQLite. */
export type OpenEngineDatabase = (bytes?: Uint8Array) => EngineSqlDatabase;
