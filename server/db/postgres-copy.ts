import type pg from 'pg';

/** What a column of a seeded row holds (the database's SqlValue). */
type CopyValue = string | number | bigint | null | Uint8Array;

/**
 * PostgreSQL's COPY ... FROM STDIN, the bulk path the seed loads a catalog with: rows go as
 * tab-separated text in large chunks, with no per-row statement, parameter or plan. pg has the
 * protocol messages but no API for them; this is the "submittable" it accepts in place of a query
 * (what the pg-copy-streams package does), without streams: the chunks are already in memory.
 */
class CopyIn {
  private error: Error | undefined;
  private resolve = () => {};
  private reject = (_error: Error) => {};
  readonly done = new Promise<void>((resolve, reject) => {
    this.resolve = resolve;
    this.reject = reject;
  });

  private readonly text: string;
  private readonly chunks: readonly Uint8Array[];

  constructor(text: string, chunks: readonly Uint8Array[]) {
    this.text = text;
    this.chunks = chunks;
  }

  submit(connection: PgConnection): void {
    connection.query(this.text);
  }

  handleCopyInResponse(connection: PgConnection): void {
    for (const chunk of this.chunks) connection.sendCopyFromChunk(chunk);
    connection.endCopyFrom();
  }

  handleError(error: Error): void {
    this.error = error;
  }

  handleReadyForQuery(): void {
    if (this.error) this.reject(this.error);
    else this.resolve();
  }

  // Messages a COPY FROM does not get, or whose content it does not need.
  handleCommandComplete(): void {}
  handleCopyData(): void {}
  handleEmptyQuery(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
}

interface PgConnection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Uint8Array): void;
  endCopyFrom(): void;
}

export async function copyFrom(
  client: pg.ClientBase,
  table: string,
  columns: readonly string[],
  chunks: readonly Uint8Array[],
): Promise<void> {
  const copy = new CopyIn(`COPY ${table} (${columns.join(', ')}) FROM STDIN`, chunks);
  void client.query(copy as never);
  await copy.done;
}

/** One value in COPY's text format: \N is null; backslash, tab and line ends are escaped. */
function copyValue(value: CopyValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value !== 'string') throw new Error('COPY rows carry text and numbers only.');
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/[\\\t\n\r]/g, (c) =>
        c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
      )
    : value;
}

const chunkBytes = 1 << 20;

/** Rows as COPY text, gathered into chunks of about a megabyte. */
export class CopyRows {
  readonly chunks: Buffer[] = [];
  private lines: string[] = [];
  private length = 0;
  rows = 0;

  add(row: readonly CopyValue[]): void {
    const line = `${row.map(copyValue).join('\t')}\n`;
    this.lines.push(line);
    this.length += line.length;
    this.rows++;
    if (this.length >= chunkBytes) this.seal();
  }

  /** The rows so far as one more chunk. */
  seal(): void {
    if (this.lines.length === 0) return;
    this.chunks.push(Buffer.from(this.lines.join(''), 'utf8'));
    this.lines = [];
    this.length = 0;
  }
}
