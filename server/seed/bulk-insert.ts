import type { Database, SqlValue } from '../db/database.ts';

/**
 * Inserts rows many at a time with one multi-row INSERT: a single call into SQLite per batch
 * costs far less than one per row, which is most of what seeding a million tracks takes.
 */
export class BulkInsert {
  private values: SqlValue[] = [];
  private pending = 0;
  inserted = 0;

  constructor(
    private readonly db: Database,
    private readonly table: string,
    private readonly columns: readonly string[],
    // Stays well below SQLite's 32,766 bound parameters per statement.
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
    this.db.prepare(sql).run(...this.values);
    this.inserted += this.pending;
    this.values = [];
    this.pending = 0;
  }
}
