import type { Database, SqlValue } from '../db/database.ts';
import { CopyRows } from '../db/postgres-copy.ts';
import { foreignKeysOf, plainIndexesOf } from './queries.ts';

/**
 * Where the seed's rows and statements go. On SQLite each runs at once, synchronously, in the
 * seed's transaction. On PostgreSQL rows are kept as COPY text, a table at a time, and loaded
 * after the catalog is built (finish): by COPY, table by table in the order of `tableOrder` (each
 * row's references first), with the tables' secondary indexes and foreign keys dropped meanwhile
 * and made again after, one sorted build or one join each instead of a million scattered updates
 * and checks. The other statements run after the rows.
 */
export class SeedWriter {
  private readonly statements: { sql: string; values: SqlValue[] }[] = [];
  private readonly copies = new Map<string, { columns: readonly string[]; rows: CopyRows }>();

  private readonly db: Database;
  private readonly tableOrder: readonly string[];

  constructor(db: Database, tableOrder: readonly string[]) {
    this.db = db;
    this.tableOrder = tableOrder;
  }

  get engine() {
    return this.db.engine;
  }

  write(sql: string, values: SqlValue[]): void {
    if (this.db.engine === 'sqlite') this.db.raw.prepare(sql).run(...values);
    else this.statements.push({ sql, values });
  }

  /** PostgreSQL: a row for the table's COPY. */
  copyRow(table: string, columns: readonly string[], row: readonly SqlValue[]): void {
    let copy = this.copies.get(table);
    if (!copy) {
      copy = { columns, rows: new CopyRows() };
      this.copies.set(table, copy);
    }
    copy.rows.add(row);
  }

  /** Loads what was kept (PostgreSQL); call it inside the seed's transaction. */
  async finish(): Promise<void> {
    const tables = [...this.copies.keys()];
    const dropped = await this.dropIndexesAndForeignKeys(tables);
    const rank = (table: string) => {
      const i = this.tableOrder.indexOf(table);
      return i < 0 ? this.tableOrder.length : i;
    };
    for (const table of tables.sort((a, b) => rank(a) - rank(b))) {
      const { columns, rows } = this.copies.get(table) as { columns: readonly string[]; rows: CopyRows };
      rows.seal();
      await this.db.copyFrom(table, columns, rows.chunks);
      this.copies.delete(table);
    }
    for (const { sql, values } of this.statements.splice(0)) await this.db.run(sql, ...values);
    for (const definition of dropped) await this.db.run(definition);
  }

  /** Drops them; returns the statements that make them again, indexes first. */
  private async dropIndexesAndForeignKeys(tables: string[]): Promise<string[]> {
    const list = JSON.stringify(tables);
    // Foreign keys from or to these tables; indexes that back no constraint.
    const keys = await this.db.all(foreignKeysOf, { tables: list });
    const indexes = await this.db.all(plainIndexesOf, { tables: list });
    const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
    for (const key of keys) await this.db.run(`ALTER TABLE ${key.tbl} DROP CONSTRAINT ${quote(key.name)}`);
    for (const index of indexes) await this.db.run(`DROP INDEX ${quote(index.name)}`);
    return [
      ...indexes.map((index) => index.definition),
      ...keys.map((key) => `ALTER TABLE ${key.tbl} ADD CONSTRAINT ${quote(key.name)} ${key.definition}`),
    ];
  }
}

/**
 * Inserts rows many at a time. On SQLite, one multi-row INSERT per batch: a single call into the
 * database per batch costs far less than one per row, which is most of what seeding a million
 * tracks takes. On PostgreSQL, rows for COPY (SeedWriter).
 */
export class BulkInsert {
  private values: SqlValue[] = [];
  private pending = 0;
  inserted = 0;

  private readonly writer: SeedWriter;
  private readonly table: string;
  private readonly columns: readonly string[];
  private readonly batchRows: number;

  constructor(
    writer: SeedWriter,
    table: string,
    columns: readonly string[],
    // Stays well below SQLite's 32,766 bound parameters per statement.
    batchRows = Math.floor(2000 / columns.length),
  ) {
    this.writer = writer;
    this.table = table;
    this.columns = columns;
    this.batchRows = batchRows;
  }

  add(...row: SqlValue[]): void {
    if (this.writer.engine === 'postgres') {
      this.writer.copyRow(this.table, this.columns, row);
      this.inserted++;
      return;
    }
    for (const value of row) this.values.push(value);
    if (++this.pending === this.batchRows) this.flush();
  }

  flush(): void {
    if (this.pending === 0) return;
    const placeholders = `(${this.columns.map(() => '?').join(', ')})`;
    const sql = `INSERT INTO ${this.table} (${this.columns.join(', ')}) VALUES ${Array(this.pending).fill(placeholders).join(', ')}`;
    this.writer.write(sql, this.values);
    this.inserted += this.pending;
    this.values = [];
    this.pending = 0;
  }
}
