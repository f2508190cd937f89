import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInWithPassword, tryAgainIn } from '../../server/accounts/password-sign-in.ts';
import { createUser } from '../../server/accounts/users.ts';
import { buildApp } from '../../server/app.ts';
import type { SignInLimits } from '../../server/context.ts';
import { Database } from '../../server/db/database.ts';
import { testPasswordCost } from '../helpers/store.ts';
import { type TestDatabase, testDatabase } from '../helpers/test-database.ts';

const limits: SignInLimits = { windowSeconds: 60, perAccount: 2, perAddress: 4 };
const start = Date.parse('2026-11-22T12:00:00Z');
const home = '198.51.100.1';
const elsewhere = '203.0.113.9';

let dir: string;
let db: Database;
let database: TestDatabase;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'crate-sign-in-'));
  database = await testDatabase(dir);
  db = await Database.open(database.location);
  await createUser(db, 'demo', 'demo', testPasswordCost);
  await createUser(db, 'second', 'second password', testPasswordCost);
});
afterAll(async () => {
  await db.close();
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await db.run('DELETE FROM sign_in_attempts');
});

const attempt = async (username: string, password: string, address = home, now = start) =>
  await signInWithPassword(db, { username, password, address }, limits, now);

describe('password sign-in limits', () => {
  it('signs in with the right password and refuses a wrong one or an unknown user', async () => {
    expect(await attempt('demo', 'demo')).toMatchObject({ outcome: 'signedIn', user: { username: 'demo' } });
    expect(await attempt('demo', 'nope')).toEqual({ outcome: 'refused' });
    expect(await attempt('nobody', 'demo')).toEqual({ outcome: 'refused' });
    expect(await attempt('<script>', 'x')).toEqual({ outcome: 'refused' });
    expect(await attempt('demo', '')).toEqual({ outcome: 'refused' });
  });

  it('refuses even the right password after too many attempts on an account, until the window passes', async () => {
    for (const second of [0, 1]) {
      expect(await attempt('demo', 'wrong', home, start + second * 1000)).toEqual({ outcome: 'refused' });
    }
    // Counted until the first of them (at 0 s) leaves the 60-second window.
    expect(await attempt('demo', 'demo', home, start + 10_000)).toEqual({
      outcome: 'throttled',
      retryAfterSeconds: 50,
    });
    expect(await attempt('demo', 'demo', home, start + 59_500)).toEqual({
      outcome: 'throttled',
      retryAfterSeconds: 1,
    });
    // The account from another address, and another account from this one, are not held up.
    expect(await attempt('demo', 'demo', elsewhere, start + 10_000)).toMatchObject({ outcome: 'signedIn' });
    expect(await attempt('second', 'second password', home, start + 10_000)).toMatchObject({
      outcome: 'signedIn',
    });
    expect(await attempt('demo', 'demo', home, start + 60_001)).toMatchObject({ outcome: 'signedIn' });
  });

  it("forgets an account's failed attempts once it signs in", async () => {
    expect(await attempt('demo', 'wrong')).toEqual({ outcome: 'refused' });
    expect(await attempt('demo', 'demo')).toMatchObject({ outcome: 'signedIn' });
    expect(await attempt('demo', 'wrong')).toEqual({ outcome: 'refused' });
    expect(await attempt('demo', 'demo')).toMatchObject({ outcome: 'signedIn' });
  });

  it('limits failures from one address across accounts, but not its successful sign-ins', async () => {
    for (let i = 0; i < 4; i++) expect(await attempt('demo', 'demo')).toMatchObject({ outcome: 'signedIn' });
    for (const username of ['a', 'b', 'c', 'd']) {
      expect(await attempt(username, 'guess')).toEqual({ outcome: 'refused' });
    }
    expect(await attempt('second', 'second password')).toEqual({
      outcome: 'throttled',
      retryAfterSeconds: 60,
    });
    expect(await attempt('second', 'second password', elsewhere)).toMatchObject({ outcome: 'signedIn' });
  });

  it('counts attempts made in parallel before any password is checked', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, async () => await attempt('demo', 'wrong')));
    expect(results.filter((result) => result.outcome === 'refused')).toHaveLength(2);
    expect(results.filter((result) => result.outcome === 'throttled')).toHaveLength(4);
  });

  it('keeps no attempt older than the window, nor a long name a client made up', async () => {
    await attempt('demo', 'wrong', home, start);
    await attempt('second', 'wrong', elsewhere, start + 61_000);
    await attempt('x'.repeat(60_000), 'wrong', elsewhere, start + 61_000);
    const keys = (await db.all<{ key: string }>('SELECT key FROM sign_in_attempts ORDER BY key')).map(
      (row) => row.key,
    );
    expect(keys).toEqual([
      `account:${elsewhere}:?`,
      `account:${elsewhere}:second`,
      `address:${elsewhere}`,
      `address:${elsewhere}`,
    ]);
  });

  it('says how long to wait in minutes a person can read', () => {
    expect(tryAgainIn(1)).toBe('Try again in a minute.');
    expect(tryAgainIn(60)).toBe('Try again in a minute.');
    expect(tryAgainIn(61)).toBe('Try again in 2 minutes.');
    expect(tryAgainIn(900)).toBe('Try again in 15 minutes.');
  });
});

describe('the address a sign-in comes from', () => {
  /** A store on its own database whose site allows one attempt per account and address. */
  async function storeWith(trustProxy?: string) {
    const { app, ctx } = await buildApp({
      dbPath: join(dir, `proxy-${trustProxy ?? 'none'}.db`),
      config: { signInLimits: { windowSeconds: 60, perAccount: 1, perAddress: 10 } },
      trustProxy,
    });
    await createUser(ctx.db, 'dj', 'right', testPasswordCost);
    const form = await app.inject({ url: '/sign-in' });
    const csrf = form.cookies.find((cookie) => cookie.name === 'crate_csrf')?.value as string;
    const signIn = async (password: string, forwardedFor: string) =>
      (
        await app.inject({
          method: 'POST',
          url: '/sign-in',
          remoteAddress: '127.0.0.1',
          cookies: { crate_csrf: csrf },
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forwardedFor },
          payload: new URLSearchParams({ username: 'dj', password, csrf }).toString(),
        })
      ).statusCode;
    return { app, signIn };
  }

  it('is the peer, whatever X-Forwarded-For claims, unless the peer is a trusted proxy', async () => {
    const direct = await storeWith();
    expect(await direct.signIn('wrong', '192.0.2.1')).toBe(401);
    expect(await direct.signIn('right', '192.0.2.2')).toBe(429);
    await direct.app.close();

    const proxied = await storeWith('127.0.0.1');
    expect(await proxied.signIn('wrong', '192.0.2.1')).toBe(401);
    expect(await proxied.signIn('right', '192.0.2.1')).toBe(429);
    expect(await proxied.signIn('right', '192.0.2.2')).toBe(303);
    await proxied.app.close();
  });
});
