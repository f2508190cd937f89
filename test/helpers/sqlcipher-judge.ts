/**
 * The OneLibrary tests' judge of an encrypted exportLibrary.db: read-sqlcipher4.py decrypts it
 * with OpenSSL (python3-cryptography) and opens it with Debian's SQLite, sharing no code with ours.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface SqlCipherJudgement {
  integrity: string;
  tables: Record<string, string[]>;
  rows: Record<string, number>;
  /** Every row of every table, in rowid order, as column values in the columns' order. */
  data: Record<string, unknown[][]>;
}

/** Rejects (with the judge's reason) when the file does not decrypt under the passphrase. */
export async function judgeSqlCipher(bytes: Uint8Array, passphrase: string): Promise<SqlCipherJudgement> {
  const folder = mkdtempSync(join(tmpdir(), 'crate-sqlcipher-'));
  try {
    const path = join(folder, 'exportLibrary.db');
    writeFileSync(path, bytes);
    // Debian's python3, where python3-cryptography is installed (a python3 earlier on PATH may lack it).
    const { stdout } = await run('/usr/bin/python3', [
      join(import.meta.dirname, 'read-sqlcipher4.py'),
      path,
      passphrase,
    ]);
    return JSON.parse(stdout) as SqlCipherJudgement;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
