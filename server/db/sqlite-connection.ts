import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * node:sqlite as Kysely's SqliteDialect expects it (the better-sqlite3 shape): a statement says
 * whether it returns rows (`reader`) and takes its parameters as one array. Statements are
 * compiled once per SQL text.
 */
export class SqliteConnection implements SqliteDatabase {
  readonly raw: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();

  constructor(path: string) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.raw = new DatabaseSync(path, { enableForeignKeyConstraints: true });
    // busy_timeout first: switching a new file to WAL takes its lock, which another process may hold.
    this.raw.exec(`
      PRAGMA busy_timeout = 5000;
      PRAGMA journal_mode = WAL;
      PRAGMA synchronous = NORMAL;
      PRAGMA temp_store = MEMORY;
      PRAGMA cache_size = -65536;
    `);
  }

  statement(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.raw.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  prepare(sql: string): SqliteStatement {
    const statement = this.statement(sql);
    const values = (parameters: ReadonlyArray<unknown>) => parameters as SQLInputValue[];
    return {
      // StatementSync has no `reader`: a statement that yields columns returns rows.
      reader: statement.columns().length > 0,
      all: (parameters) => statement.all(...values(parameters)),
      run: (parameters) => statement.run(...values(parameters)),
      iterate: (parameters) => statement.iterate(...values(parameters)),
    };
  }

  /** Checkpoints the WAL into the main file and closes. */
  close(): void {
    if (!this.raw.isOpen) return;
    this.raw.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    this.raw.close();
  }
}
