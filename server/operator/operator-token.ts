import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isPostgresUrl } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';

/**
 * The operator's token: the one secret that lets `npm run store:publish` write the catalog. It is
 * given by --operator-token, or kept in the store's data folder (beside a SQLite file, .data for
 * PostgreSQL) in `operator-token`, made on first start and readable by its owner only.
 */
export const operatorTokenFile = 'operator-token';

/** The data folder a --db value keeps its files in. */
export const dataFolderOf = (dbPath: string) => (isPostgresUrl(dbPath) ? '.data' : dirname(dbPath));

/**
 * The token in the data folder, made there when absent. Instances started together may all find
 * it absent: each writes its token to a file of its own and links it into place, which only the
 * first does (the others meet EEXIST and read the winner's); nobody reads a half-written file.
 */
export function loadOperatorToken(folder: string): string {
  const file = join(folder, operatorTokenFile);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(folder, { recursive: true });
  const token = randomBytes(24).toString('base64url');
  const own = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(own, `${token}\n`, { mode: 0o600, flag: 'wx' });
  try {
    chmodSync(own, 0o600);
    linkSync(own, file);
    return token;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  } finally {
    rmSync(own, { force: true });
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Refuses (in the error envelope) a call without the operator's token, or any call when none is set. */
export function checkOperator(expected: string | undefined, authorization: string | undefined): void {
  if (!expected) {
    throw new ApiError(403, 'operatorOnly', 'This store has no operator token: publishing is off.');
  }
  const given = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (!given || !timingSafeEqual(digest(given), digest(expected))) {
    throw new ApiError(
      401,
      'operatorOnly',
      `Only the store's operator may publish: send "Authorization: Bearer <token>" with the token in the data folder's ${operatorTokenFile} file.`,
      undefined,
      { 'www-authenticate': 'Bearer realm="operator"' },
    );
  }
}
