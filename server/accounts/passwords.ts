import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { ScryptCost } from '../context.ts';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
) => Promise<Buffer>;

export type { ScryptCost };

// OWASP's scrypt floor: N=2^17, r=8, p=1 (about 128 MiB and ~0.2 s a hash).
export const owaspScryptCost: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
const maxmem = 256 * 1024 * 1024;

/**
 * "scrypt$N$r$p$salt$hash", so the cost can be raised without breaking stored hashes. A store's
 * cost is OWASP's floor; only the test suite's stores lower it (StoreConfig.passwordCost), since a
 * hash is the same code at any cost and 0.2 s a sign-in adds up to minutes over the suite.
 */
export async function hashPassword(password: string, cost: ScryptCost = owaspScryptCost): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, 32, { ...cost, maxmem });
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem,
  });
  return timingSafeEqual(actual, expected);
}
