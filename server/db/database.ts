import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { migrate } from './migrations.ts';

export type SqlValue = SQLInputValue;

/**
 * The store's SQLite database: WAL, foreign keys, versioned migrations, cached statements.
 * node:sqlite is synchronous, so a transaction run from one call stack can never interleave
 * with another request's writes in this process.
 */
export class Database {
  readonly raw: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();
  private depth = 0;

  constructor(readonly path: string) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.raw = new DatabaseSync(path, { enableForeignKeyConstraints: true });
    this.raw.exec(`
      PRAGMA journal_mode = WAL;
      PRAGMA synchronous = NORMAL;
      PRAGMA busy_timeout = 5000;
      PRAGMA temp_store = MEMORY;
      PRAGMA cache_size = -65536;
    `);
    migrate(this);
  }

  /** A prepared statement, compiled once per SQL text. */
  prepare(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.raw.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  all<T>(sql: string, ...params: SqlValue[]): T[] {
    return this.prepare(sql).all(...params) as T[];
  }

  get<T>(sql: string, ...params: SqlValue[]): T | undefined {
    return this.prepare(sql).get(...params) as T | undefined;
  }

  run(sql: string, ...params: SqlValue[]) {
    return this.prepare(sql).run(...params);
  }

  /** Runs fn in one transaction; nested calls join the outer one. */
  transaction<T>(fn: () => T): T {
    if (this.depth > 0) return fn();
    this.raw.exec('BEGIN IMMEDIATE');
    this.depth++;
    try {
      const result = fn();
      this.raw.exec('COMMIT');
      return result;
    } catch (error) {
      this.raw.exec('ROLLBACK');
      throw error;
    } finally {
      this.depth--;
    }
  }

  /** A value kept in the settings table, created by make() on first use (secrets, keys). */
  setting(key: string, make: () => string): string {
    const row = this.get<{ value: string }>('SELECT value FROM settings WHERE key = ?', key);
    if (row) return row.value;
    const value = make();
    this.run('INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)', key, value);
    return this.get<{ value: string }>('SELECT value FROM settings WHERE key = ?', key)?.value ?? value;
  }

  /** Checkpoints the WAL into the main file and closes. */
  close(): void {
    if (!this.raw.isOpen) return;
    this.raw.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    this.raw.close();
  }
}
