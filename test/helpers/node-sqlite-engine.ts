/** The OneLibrary writer's SQLite for tests: node:sqlite over a temporary copy of the plain file. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { SqlEngine } from '../../lib/dj-formats/onelibrary/stick-library.ts';

export const nodeSqliteEngine: SqlEngine = async (plain, edit) => {
  const folder = mkdtempSync(join(tmpdir(), 'crate-onelibrary-'));
  try {
    const path = join(folder, 'plain.db');
    writeFileSync(path, plain);
    const db = new DatabaseSync(path);
    try {
      edit(db);
    } finally {
      db.close();
    }
    return new Uint8Array(readFileSync(path));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
};
