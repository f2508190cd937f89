import type { Database, SqlValue } from '../db/database.ts';

/**
 * Where the seed's statements go. On SQLite each runs at once, synchronously, in the seed's
 * transaction. On PostgreSQL they are kept and sent after the catalog is built, table by table in
 * the order of `tableOrder` (each row's references first), since foreign keys are checked per
 * statement there.
 */
export class SeedWriter {
  private readonly pending: { table: string; sql: string; values: SqlValue[] }[] = [];

  constructor(
    private readonly db: Database,
    private readonly tableOrder: readonly string[],
  ) {}

  write(table: string, sql: string, values: SqlValue[]): void {
    if (this.db.engine === 'sqlite') this.db.raw.prepare(sql).run(...values);
    else this.pending.push({ table, sql, values });
  }

  /** Sends what was kept (PostgreSQL); statements on a table not in tableOrder go last. */
  async finish(): Promise<void> {
    const rank = (table: string) => {
      const i = this.tableOrder.indexOf(table);
      return i < 0 ? this.tableOrder.length : i;
    };
    const ordered = this.pending.map((entry, i) => ({ ...entry, i }));
    ordered.sort((a, b) => rank(a.table) - rank(b.table) || a.i - b.i);
    this.pending.length = 0;
    for (const { sql, values } of ordered) await this.db.run(sql, ...values);
  }
}

/**
 * Inserts rows many at a time with one multi-row INSERT: a single call into the database per
 * batch costs far less than one per row, which is most of what seeding a million tracks takes.
 */
export class BulkInsert {
  private values: SqlValue[] = [];
  private pending = 0;
  inserted = 0;

  constructor(
    private readonly writer: SeedWriter,
    private readonly table: string,
    private readonly columns: readonly string[],
    // Stays well below SQLite's 32,766 and PostgreSQL's 65,535 bound parameters per statement.
    private readonly batchRows = Math.floor(2000 / columns.length),
  ) {}

  add(...row: SqlValue[]): void {
    for (const value of row) this.values.push(value);
    if (++this.pending === this.batchRows) this.flush();
  }

  flush(): void {
    if (this.pending === 0) return;
    const placeholders = `(${this.columns.map(() => '?').join(', ')})`;
    const sql = `INSERT INTO ${this.table} (${this.columns.join(', ')}) VALUES ${Array(this.pending).fill(placeholders).join(', ')}`;
    this.writer.write(this.table, sql, this.values);
    this.inserted += this.pending;
    this.values = [];
    this.pending = 0;
  }
}
