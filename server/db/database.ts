import { AsyncLocalStorage } from 'node:async_hooks';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { postgresSql } from './dialect.ts';
import { type Engine, migrate } from './migrations.ts';
import { copyFrom } from './postgres-copy.ts';
import { type Arguments, type Query, query, type SqlValue } from './prepared.ts';
import type { Schema } from './schema.ts';
import { SqliteConnection } from './sqlite-connection.ts';
import { holdStartupLock, type StartupLock } from './startup-lock.ts';

export type { Engine } from './migrations.ts';
export type { SqlValue } from './prepared.ts';

/** A query's arguments: none when it takes none. */
type ArgumentsOf<A extends Arguments> = keyof A extends never ? [] : [A];

/** PostgreSQL's bigint and numeric come as strings; the store's counts and sums fit a number. */
pg.types.setTypeParser(pg.types.builtins.INT8, Number);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number);

/** A database the store cannot use: a short message for the operator, never a stack trace. */
export class DatabaseUnavailable extends Error {}

/**
 * Whether a query failed because the database could not answer now (a statement over its timeout,
 * a server restarting or out of reach, a locked SQLite file), not because of the query: the
 * request answers 503 and may be tried again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    // 57014: statement timeout; 57P0x: shutdown, crash, starting; 08xxx: connection failures.
    if (code === '57014' || code.startsWith('57P') || code.startsWith('08')) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code)) return true;
  }
  const text = typeof message === 'string' ? message : '';
  return /Connection terminated|timeout exceeded when trying to connect|database is locked/.test(text);
}

/** Whether a --db value names a PostgreSQL database rather than a SQLite file. */
export const isPostgresUrl = (location: string) => /^postgres(ql)?:\/\//i.test(location);

export interface DatabaseOptions {
  /** PostgreSQL only: longest a statement may run before it fails (and the request answers 503). */
  statementTimeoutMs?: number;
  /** PostgreSQL only: connections per instance. */
  poolSize?: number;
  /**
   * The caller holds the database's startup lock already (the store's start holds it around
   * everything it writes first): open migrates under it instead of taking it again.
   */
  startupLock?: StartupLock;
}

/**
 * The store's database, SQLite (node:sqlite, one file, the embedded default) or PostgreSQL (a
 * pool, for several stateless instances). Services write portable SQL with `?` parameters;
 * `dialect.ts` rewrites the few SQLite idioms for PostgreSQL, and Kysely builds typed queries,
 * runs the migrations and the PostgreSQL connections.
 *
 * transaction(fn) runs fn in one transaction; every query fn makes, however deep, joins it (an
 * AsyncLocalStorage carries it). SQLite has one connection, so while a transaction is open the
 * queries of other requests wait for it; on PostgreSQL they run on other connections, and code
 * that must not interleave locks rows (SELECT ... FOR UPDATE, upserts, unique constraints).
 */
/** The open transaction: on PostgreSQL the pool connection it runs on; on SQLite a marker. */
interface OpenTransaction {
  client?: pg.PoolClient;
  /** Tables written so far: their versions move when the transaction commits. */
  written?: Set<string>;
}

const settingByKey = query((db, a: { key: string }) =>
  db.selectFrom('settings').select('value').where('key', '=', a.key),
);
// Race-safe across instances: the first insert wins and everyone reads the winner.
const insertSetting = query((db, a: { key: string; value: string }) =>
  db
    .insertInto('settings')
    .values({ key: a.key, value: a.value })
    .onConflict((conflict) => conflict.column('key').doNothing()),
);
const advisoryLock = query(
  (_db, a: { key: string }) =>
    sql<{ locked: unknown }>`SELECT pg_advisory_xact_lock(hashtextextended(${a.key}, 0)) AS locked`,
);

const writtenTablesByText = new Map<string, readonly string[]>();

/** The tables a statement writes (INSERT INTO, UPDATE, DELETE FROM), read once per statement text. */
function writtenTables(text: string): readonly string[] {
  let tables = writtenTablesByText.get(text);
  if (!tables) {
    tables = [
      ...new Set(
        [...text.matchAll(/\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?([A-Za-z_][A-Za-z0-9_]*)/gi)].map(
          (match) => (match[1] as string).toLowerCase(),
        ),
      ),
    ];
    writtenTablesByText.set(text, tables);
  }
  return tables;
}

/** Distinct statement texts kept prepared per PostgreSQL connection; past it, texts run unnamed. */
const maxPreparedStatements = 500;

export class Database {
  private readonly current = new AsyncLocalStorage<OpenTransaction>();
  /** PostgreSQL: statement text -> prepared statement name. */
  private readonly prepared = new Map<string, string>();
  /** SQLite: the open transaction's end, which other requests' queries wait for. */
  private sqliteBusy: Promise<void> | undefined;
  private readonly settings = new Map<string, string>();
  private readonly tableVersions = new Map<string, number>();

  /** Use Database.open: it connects and migrates. */
  readonly engine: Engine;
  readonly kysely: Kysely<Schema>;
  private readonly sqlite: SqliteConnection | undefined;
  private readonly pool: pg.Pool | undefined;

  constructor(engine: Engine, kysely: Kysely<Schema>, sqlite?: SqliteConnection, pool?: pg.Pool) {
    this.engine = engine;
    this.kysely = kysely;
    this.sqlite = sqlite;
    this.pool = pool;
  }

  /**
   * Opens (and migrates) the database a --db value names: a postgres:// URL or a SQLite file path.
   * The migrations run under the startup lock: instances that start together migrate once.
   */
  static async open(location: string, options: DatabaseOptions = {}): Promise<Database> {
    const lock = options.startupLock ?? (await Database.startupLock(location));
    try {
      return isPostgresUrl(location) ? await openPostgres(location, options) : await openSqlite(location);
    } finally {
      if (lock !== options.startupLock) await lock.release();
    }
  }

  /**
   * Waits until no other process is preparing this database (startup-lock.ts) and holds its
   * startup lock until release(); `waiting` is called once if one is.
   */
  static async startupLock(location: string, waiting?: () => void): Promise<StartupLock> {
    if (!isPostgresUrl(location)) return holdStartupLock(location, false, waiting);
    try {
      return await holdStartupLock(location, true, waiting);
    } catch (error) {
      throw unavailable(location, error);
    }
  }

  /** SQLite only: the node:sqlite connection, for bulk work that runs before the store serves. */
  get raw() {
    if (!this.sqlite) throw new Error('Only a SQLite store has a raw connection.');
    return this.sqlite.raw;
  }

  /** The rows of a query (prepared.ts), or of SQL text with `?` parameters (tools and tests). */
  async all<A extends Arguments, O>(query: Query<A, O>, ...args: ArgumentsOf<A>): Promise<O[]>;
  async all<T>(text: string, ...params: SqlValue[]): Promise<T[]>;
  async all<T>(query: string | Query<Arguments, T>, ...rest: unknown[]): Promise<T[]> {
    return (await this.query<T>(query, rest)).rows;
  }

  async get<A extends Arguments, O>(query: Query<A, O>, ...args: ArgumentsOf<A>): Promise<O | undefined>;
  async get<T>(text: string, ...params: SqlValue[]): Promise<T | undefined>;
  async get<T>(query: string | Query<Arguments, T>, ...rest: unknown[]): Promise<T | undefined> {
    return (await this.query<T>(query, rest)).rows[0];
  }

  async run<A extends Arguments, O>(
    query: Query<A, O>,
    ...args: ArgumentsOf<A>
  ): Promise<{ changes: number }>;
  async run(text: string, ...params: SqlValue[]): Promise<{ changes: number }>;
  async run(query: string | Query<Arguments, unknown>, ...rest: unknown[]): Promise<{ changes: number }> {
    return { changes: Number((await this.query(query, rest)).numAffectedRows ?? 0) };
  }

  /**
   * A number that changes whenever this process writes one of these tables (after the write is
   * committed), for caches of what the tables hold. Writes by other processes are not seen: only
   * the seed writes the catalog, before any instance serves it.
   */
  tablesVersion(tables: readonly string[]): number {
    let sum = 0;
    for (const table of tables) sum += this.tableVersions.get(table) ?? 0;
    return sum;
  }

  /** Marks tables as changed by a write that did not go through this class (a bulk load). */
  tablesChanged(tables: Iterable<string>): void {
    for (const table of tables) this.tableVersions.set(table, (this.tableVersions.get(table) ?? 0) + 1);
  }

  private async query<T>(query: string | Query<Arguments, unknown>, rest: readonly unknown[]) {
    let text: string;
    let params: readonly SqlValue[];
    if (typeof query === 'string') {
      text = this.engine === 'postgres' ? postgresSql(query) : query;
      params = rest as SqlValue[];
    } else {
      const bound = query.bind(this.engine, this.kysely, (rest[0] ?? {}) as Arguments);
      text = bound.text;
      params = bound.values;
    }
    const written = writtenTables(text);
    const result = await this.execute<T>(text, params);
    if (written.length > 0) {
      const transaction = this.current.getStore();
      if (!transaction) this.tablesChanged(written);
      else {
        transaction.written ??= new Set();
        for (const table of written) transaction.written.add(table);
      }
    }
    return result;
  }

  private async execute<T>(text: string, params: readonly SqlValue[]) {
    const transaction = this.current.getStore();
    if (this.sqlite) {
      if (!transaction) while (this.sqliteBusy) await this.sqliteBusy;
      return sqliteQuery<T>(this.sqlite, text, params);
    }
    // Straight to the pool, not through Kysely's executor: a named statement is parsed and planned
    // once per connection, not on every call, which is most of a short query's cost on the server.
    const query = this.postgresQuery(text, params);
    const result = await (transaction?.client ?? (this.pool as pg.Pool)).query<T & pg.QueryResultRow>(query);
    return { rows: result.rows as T[], numAffectedRows: result.rowCount ?? 0 };
  }

  /** PostgreSQL: the statement, named (and so prepared once per connection) for its text. */
  private postgresQuery(translated: string, params: readonly SqlValue[]): pg.QueryConfig {
    let name = this.prepared.get(translated);
    if (name === undefined && this.prepared.size < maxPreparedStatements) {
      name = `crate_${this.prepared.size}`;
      this.prepared.set(translated, name);
    }
    return { text: translated, values: params as unknown[], name };
  }

  /** Runs fn in one transaction; nested calls join the outer one. */
  async transaction<T>(fn: () => Promise<T>): Promise<T> {
    if (this.current.getStore()) return fn();
    if (!this.sqlite) return this.postgresTransaction(fn);
    while (this.sqliteBusy) await this.sqliteBusy;
    let done = () => {};
    this.sqliteBusy = new Promise((resolve) => {
      done = resolve;
    });
    const raw = this.sqlite.raw;
    try {
      raw.exec('BEGIN IMMEDIATE');
      try {
        // The store passes the marker only; queries in fn run on the one connection directly.
        const open: OpenTransaction = {};
        const result = await this.current.run(open, fn);
        raw.exec('COMMIT');
        if (open.written) this.tablesChanged(open.written);
        return result;
      } catch (error) {
        raw.exec('ROLLBACK');
        throw error;
      }
    } finally {
      this.sqliteBusy = undefined;
      done();
    }
  }

  private async postgresTransaction<T>(fn: () => Promise<T>): Promise<T> {
    const client = await (this.pool as pg.Pool).connect();
    let broken: unknown;
    try {
      await client.query('BEGIN');
      try {
        const open: OpenTransaction = { client };
        const result = await this.current.run(open, fn);
        await client.query('COMMIT');
        if (open.written) this.tablesChanged(open.written);
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: unknown) => {
          broken = rollbackError;
        });
        throw error;
      }
    } catch (error) {
      // A connection that failed mid-transaction may be broken: the pool drops it.
      broken ??= isDatabaseUnavailable(error) ? error : undefined;
      throw error;
    } finally {
      client.release(broken instanceof Error ? broken : undefined);
    }
  }

  /**
   * PostgreSQL: a maintenance statement that may run longer than a request may (VACUUM, which
   * cannot run in a transaction), on its own connection without the statement timeout.
   */
  async maintain(text: string): Promise<void> {
    const client = await (this.pool as pg.Pool).connect();
    try {
      await client.query('SET statement_timeout = 0');
      await client.query(text);
    } finally {
      await client.query('RESET statement_timeout').catch(() => {});
      client.release();
    }
  }

  /** PostgreSQL, inside a transaction: rows in COPY text format (postgres-copy.ts) into a table. */
  async copyFrom(table: string, columns: readonly string[], chunks: readonly Uint8Array[]): Promise<void> {
    const transaction = this.current.getStore();
    if (!transaction?.client) throw new Error('copyFrom runs inside a PostgreSQL transaction.');
    await copyFrom(transaction.client, table, columns, chunks);
    transaction.written ??= new Set();
    transaction.written.add(table);
  }

  /**
   * Inside a transaction: waits until no other transaction holds any of these keys, and holds
   * them until this one ends (PostgreSQL advisory locks). SQLite runs one transaction at a time,
   * so there it has nothing to do.
   */
  async lockKeys(keys: readonly string[]): Promise<void> {
    if (this.engine !== 'postgres') return;
    if (!this.current.getStore()) throw new Error('lockKeys holds its locks until a transaction ends.');
    // Sorted, so two transactions taking the same keys take them in the same order.
    for (const key of [...new Set(keys)].sort()) {
      await this.run(advisoryLock, { key });
    }
  }

  /**
   * A value kept in the settings table, created by make() on first use (secrets, keys). Race-safe
   * across instances: the first insert wins and everyone reads the winner. Settings never change,
   * so each process keeps what it read.
   */
  async setting(key: string, make: () => string): Promise<string> {
    const known = this.settings.get(key);
    if (known !== undefined) return known;
    const read = async () => (await this.get(settingByKey, { key }))?.value;
    let value = await read();
    if (value === undefined) {
      await this.run(insertSetting, { key, value: make() });
      value = (await read()) as string;
    }
    this.settings.set(key, value);
    return value;
  }

  /**
   * PostgreSQL only: hears NOTIFY on a channel, on a connection of its own (outside the pool).
   * `lost` is called when that connection breaks: notifications may have been missed meanwhile.
   */
  async listen(
    channel: string,
    heard: (payload: string) => void,
    lost: (error: Error) => void,
  ): Promise<() => Promise<void>> {
    const client = new pg.Client((this.pool as pg.Pool).options);
    client.on('notification', (message) => {
      if (message.channel === channel) heard(message.payload ?? '');
    });
    client.on('error', lost);
    await client.connect();
    await client.query(`LISTEN ${channel}`);
    return async () => {
      client.removeListener('error', lost);
      client.on('error', () => {});
      await client.end().catch(() => {});
    };
  }

  async close(): Promise<void> {
    await this.kysely.destroy();
  }
}

function sqliteQuery<T>(connection: SqliteConnection, text: string, params: readonly SqlValue[]) {
  const statement = connection.statement(text);
  if (statement.columns().length > 0) {
    return { rows: statement.all(...params) as T[], numAffectedRows: undefined };
  }
  const { changes } = statement.run(...params);
  return { rows: [] as T[], numAffectedRows: BigInt(changes) };
}

async function openSqlite(path: string): Promise<Database> {
  const connection = new SqliteConnection(path);
  const version = connection.raw.prepare('PRAGMA user_version').get() as { user_version: number };
  const migrated = connection.raw
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'")
    .get();
  const legacy = version.user_version > 0 && !migrated;
  if (legacy) {
    connection.raw.close();
    throw new DatabaseUnavailable(
      `${path} was made by an older Crate store (schema before Kysely migrations): start with a new file.`,
    );
  }
  const kysely = new Kysely<Schema>({ dialect: new SqliteDialect({ database: connection }) });
  await migrate(kysely as Kysely<unknown>, 'sqlite');
  return new Database('sqlite', kysely, connection);
}

/** Connection errors as one line: which server, and what went wrong. */
function unavailable(url: string, error: unknown): DatabaseUnavailable {
  const where = new URL(url);
  where.password = where.password ? '***' : '';
  const { code, message } = error as { code?: string; message?: string };
  const reason =
    code === '28P01'
      ? 'the password was refused'
      : code === '3D000'
        ? 'the database does not exist'
        : code === 'ECONNREFUSED'
          ? 'nothing listens there (is PostgreSQL running?)'
          : (message ?? String(error));
  return new DatabaseUnavailable(`Cannot use PostgreSQL at ${where.toString()}: ${reason}.`);
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    statement_timeout: options.statementTimeoutMs ?? 10_000,
    connectionTimeoutMillis: 10_000,
  });
  // A connection that breaks while idle (a restarted server) is dropped from the pool and replaced
  // on next use; without a listener its error would end the process.
  pool.on('error', () => {});
  try {
    await (await pool.connect()).release();
  } catch (error) {
    await pool.end();
    throw unavailable(url, error);
  }
  const kysely = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  // Under the startup lock (Database.open): instances that start together migrate once.
  await migrate(kysely as Kysely<unknown>, 'postgres');
  return new Database('postgres', kysely, undefined, pool);
}
