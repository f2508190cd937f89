import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { emptyPlainDatabase } from '../../../../../lib/dj-formats/onelibrary/plain-database.ts';
import {
  decryptDatabase,
  encryptDatabase,
  NotSqlCipherError,
  rekordboxPassphrase,
} from '../../../../../lib/dj-formats/onelibrary/sqlcipher-pages.ts';
import { judgeSqlCipher } from '../../../../helpers/sqlcipher-judge.ts';

/** A plain database from our empty first page, filled by SQLite past one page. */
function filledPlainDatabase(rows: number): Uint8Array {
  const folder = mkdtempSync(join(tmpdir(), 'crate-onelibrary-'));
  try {
    const path = join(folder, 'plain.db');
    writeFileSync(path, emptyPlainDatabase());
    const db = new DatabaseSync(path);
    db.exec('CREATE TABLE track (track_id INTEGER PRIMARY KEY, title TEXT)');
    const insert = db.prepare('INSERT INTO track (title) VALUES (?)');
    for (let i = 0; i < rows; i++) insert.run(`Track ${i} ${'ö'.repeat(40)}`);
    db.close();
    return new Uint8Array(readFileSync(path));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('emptyPlainDatabase', () => {
  it('gives a file SQLite fills while keeping 80 reserved bytes on every page', () => {
    const plain = filledPlainDatabase(500);
    expect(plain.length / 4096).toBeGreaterThan(5);
    expect(plain[20]).toBe(80);
  });
});

describe('encryptDatabase and decryptDatabase', () => {
  it('writes a file an independent SQLCipher 4 reader opens under rekordbox key', async () => {
    const encrypted = await encryptDatabase(filledPlainDatabase(500), rekordboxPassphrase);
    expect(new TextDecoder().decode(encrypted.subarray(0, 15))).not.toBe('SQLite format 3');
    const judged = await judgeSqlCipher(encrypted, rekordboxPassphrase);
    expect(judged).toMatchObject({
      integrity: 'ok',
      tables: { track: ['track_id', 'title'] },
      rows: { track: 500 },
    });
    expect(judged.data.track?.[499]).toEqual([500, `Track 499 ${'ö'.repeat(40)}`]);
  });

  it('reads back the plain file it encrypted, byte for byte, with a fresh salt and IVs each time', async () => {
    const plain = filledPlainDatabase(200);
    const first = await encryptDatabase(plain, rekordboxPassphrase);
    const second = await encryptDatabase(plain, rekordboxPassphrase);
    expect(first.subarray(0, 16)).not.toEqual(second.subarray(0, 16));
    expect(await decryptDatabase(first, rekordboxPassphrase)).toEqual(plain);
    expect(await decryptDatabase(second, rekordboxPassphrase)).toEqual(plain);
  });

  it('refuses a file under another key, one changed by a byte, and one cut short', async () => {
    const encrypted = await encryptDatabase(filledPlainDatabase(200), rekordboxPassphrase);
    await expect(decryptDatabase(encrypted, 'another key')).rejects.toThrow(NotSqlCipherError);
    const changed = encrypted.slice();
    changed.set([(changed[3 * 4096 + 100] ?? 0) ^ 1], 3 * 4096 + 100);
    await expect(decryptDatabase(changed, rekordboxPassphrase)).rejects.toThrow('page 4 fails its HMAC');
    await expect(decryptDatabase(encrypted.subarray(0, 5000), rekordboxPassphrase)).rejects.toThrow(
      NotSqlCipherError,
    );
    await expect(judgeSqlCipher(changed, rekordboxPassphrase)).rejects.toThrow('page 4 fails its HMAC');
  });

  it('refuses to encrypt a plain file without the reserved bytes SQLCipher needs', async () => {
    const plain = filledPlainDatabase(10);
    plain[20] = 0;
    await expect(encryptDatabase(plain, rekordboxPassphrase)).rejects.toThrow('reserve 80 bytes');
  });
});
