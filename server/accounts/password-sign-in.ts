/**
 * Signing in with a username and password, for the OAuth login and the website alike.
 *
 * Attempts are counted in the database per account and address, and per address, so that guessing
 * passwords is slow and costs no more scrypt work (128 MiB each) than the limits allow, while a
 * person who mistypes a few times, or the same account signing in from elsewhere, is not locked
 * out. An attempt is counted before its password is checked, so parallel requests cannot slip past
 * the limit; a successful one is then uncounted, with that account's earlier attempts from that
 * address.
 */
import type { SignInLimits } from '../context.ts';
import type { Database } from '../db/database.ts';
import { query } from '../db/prepared.ts';
import { findUserByCredentials, type User, usernamePattern } from './users.ts';

export const defaultSignInLimits: SignInLimits = { windowSeconds: 15 * 60, perAccount: 10, perAddress: 100 };

const maxPasswordLength = 1024;

export interface SignInAttempt {
  username: string;
  password: string;
  /** The client's address (request.ip). */
  address: string;
}

export type SignInResult =
  | { outcome: 'signedIn'; user: User }
  | { outcome: 'refused' }
  | { outcome: 'throttled'; retryAfterSeconds: number };

/**
 * The account a typed name means, as the limits count it: accounts match case-insensitively
 * (the column is COLLATE NOCASE), so "Demo", " demo " and fullwidth "ｄｅｍｏ" (NFKC) are all one
 * account and share one count. A name no account can have is "?": the key stays short whatever
 * a client sends.
 */
export function accountName(username: string): string {
  const name = username.normalize('NFKC').trim().toLowerCase();
  return usernamePattern.test(name) ? name : '?';
}

const accountKey = ({ username, address }: SignInAttempt) => `account:${address}:${accountName(username)}`;
const addressKey = ({ address }: SignInAttempt) => `address:${address}`;

const nthNewestAttempt = query((db, a: { key: string; after: number; skip: number }) =>
  db
    .selectFrom('sign_in_attempts')
    .select('attempted_at as at')
    .where('key', '=', a.key)
    .where('attempted_at', '>', a.after)
    .orderBy('attempted_at', 'desc')
    .limit(1)
    .offset(a.skip),
);
const deleteAttemptsUpTo = query((db, a: { before: number }) =>
  db.deleteFrom('sign_in_attempts').where('attempted_at', '<=', a.before),
);
const insertAttempt = query((db, a: { key: string; at: number }) =>
  db.insertInto('sign_in_attempts').values({ key: a.key, attempted_at: a.at }).returning('id'),
);
const deleteAttemptsOfKey = query((db, a: { key: string }) =>
  db.deleteFrom('sign_in_attempts').where('key', '=', a.key),
);
const deleteAttempt = query((db, a: { id: number }) =>
  db.deleteFrom('sign_in_attempts').where('id', '=', a.id),
);

/** Seconds until `key` is below `limit` attempts in the window again; 0 when it already is. */
async function secondsUntilAllowed(
  db: Database,
  key: string,
  limit: number,
  windowMs: number,
  now: number,
): Promise<number> {
  const oldestCounted = await db.get(nthNewestAttempt, { key, after: now - windowMs, skip: limit - 1 });
  return oldestCounted ? Math.max(1, Math.ceil((oldestCounted.at + windowMs - now) / 1000)) : 0;
}

export async function signInWithPassword(
  db: Database,
  attempt: SignInAttempt,
  limits: SignInLimits = defaultSignInLimits,
  now = Date.now(),
): Promise<SignInResult> {
  const windowMs = limits.windowSeconds * 1000;
  const account = accountKey(attempt);
  const address = addressKey(attempt);
  const counted = await db.transaction<{ retryAfterSeconds: number } | { addressRow: number }>(async () => {
    // On PostgreSQL, concurrent attempts on one key queue here until this transaction ends, so
    // each counts the ones before it (SQLite runs one transaction at a time anyway).
    await db.lockKeys([account, address]);
    const wait = Math.max(
      await secondsUntilAllowed(db, account, limits.perAccount, windowMs, now),
      await secondsUntilAllowed(db, address, limits.perAddress, windowMs, now),
    );
    if (wait > 0) return { retryAfterSeconds: wait };
    await db.run(deleteAttemptsUpTo, { before: now - windowMs });
    await db.get(insertAttempt, { key: account, at: now });
    return { addressRow: (await db.get(insertAttempt, { key: address, at: now }))?.id as number };
  });
  if ('retryAfterSeconds' in counted)
    return { outcome: 'throttled', retryAfterSeconds: counted.retryAfterSeconds };

  const { password } = attempt;
  const username = accountName(attempt.username);
  const wellFormed = username !== '?' && password.length > 0 && password.length <= maxPasswordLength;
  const user = wellFormed ? await findUserByCredentials(db, username, password) : undefined;
  if (!user) return { outcome: 'refused' };
  const { addressRow } = counted;
  // Only failures count against the address: a shop's or an office's people share one.
  await db.transaction(async () => {
    await db.run(deleteAttemptsOfKey, { key: account });
    await db.run(deleteAttempt, { id: addressRow });
  });
  return { outcome: 'signedIn', user };
}

/** "Try again in 12 minutes." for a throttled sign-in. */
export function tryAgainIn(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return minutes <= 1 ? 'Try again in a minute.' : `Try again in ${minutes} minutes.`;
}
