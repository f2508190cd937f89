import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Database } from '../../server/db/database.ts';
import { cookieKeys, signingKeys } from '../../server/oauth/keys.ts';
import { sqliteAdapter } from '../../server/oauth/sqlite-adapter.ts';
import { type TestDatabase, testDatabase } from '../helpers/test-database.ts';

describe('oidc-provider adapter on oauth_models', () => {
  let dir: string;
  let db: Database;
  let database: TestDatabase;
  let adapterFor: ReturnType<typeof sqliteAdapter>;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'crate-oauth-'));
    database = await testDatabase(dir);
    db = await Database.open(database.location);
    adapterFor = sqliteAdapter(db);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await db.close();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores, finds, replaces and destroys a payload per model', async () => {
    const tokens = adapterFor('AccessToken');
    const codes = adapterFor('AuthorizationCode');
    await tokens.upsert('a', { accountId: '1', grantId: 'g' }, 60);
    await codes.upsert('a', { accountId: '2' }, 60);
    expect(await tokens.find('a')).toEqual({ accountId: '1', grantId: 'g' });
    expect(await codes.find('a')).toEqual({ accountId: '2' });
    await tokens.upsert('a', { accountId: '3' }, 60);
    expect(await tokens.find('a')).toEqual({ accountId: '3' });
    await tokens.destroy('a');
    expect(await tokens.find('a')).toBeUndefined();
    expect(await codes.find('a')).toEqual({ accountId: '2' });
  });

  it('finds sessions by uid and device codes by user code', async () => {
    await adapterFor('Session').upsert('s1', { uid: 'u1', accountId: '1' }, 60);
    await adapterFor('DeviceCode').upsert('d1', { userCode: 'ABCD' }, 60);
    expect(await adapterFor('Session').findByUid('u1')).toMatchObject({ accountId: '1' });
    expect(await adapterFor('DeviceCode').findByUserCode('ABCD')).toMatchObject({ userCode: 'ABCD' });
    expect(await adapterFor('Session').findByUid('u2')).toBeUndefined();
  });

  it('marks a payload consumed, in epoch seconds', async () => {
    const refreshTokens = adapterFor('RefreshToken');
    await refreshTokens.upsert('r', { grantId: 'g' }, 60);
    expect((await refreshTokens.find('r'))?.consumed).toBeUndefined();
    await refreshTokens.consume('r');
    const consumed = (await refreshTokens.find('r'))?.consumed as number;
    expect(Math.abs(consumed - Date.now() / 1000)).toBeLessThan(5);
  });

  it('revokes every row of a grant in its model only', async () => {
    await adapterFor('AccessToken').upsert('a1', { grantId: 'g1' }, 60);
    await adapterFor('AccessToken').upsert('a2', { grantId: 'g2' }, 60);
    await adapterFor('RefreshToken').upsert('r1', { grantId: 'g1' }, 60);
    await adapterFor('AccessToken').revokeByGrantId('g1');
    expect(await adapterFor('AccessToken').find('a1')).toBeUndefined();
    expect(await adapterFor('AccessToken').find('a2')).toBeDefined();
    expect(await adapterFor('RefreshToken').find('r1')).toBeDefined();
  });

  it('ignores expired rows at once and deletes them later', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = adapterFor('AccessToken');
    await tokens.upsert('short', { grantId: 'g' }, 1);
    await tokens.upsert('forever', { grantId: 'g' }, undefined);
    vi.setSystemTime(Date.now() + 1000);
    expect(await tokens.find('short')).toBeUndefined();
    expect(await tokens.find('forever')).toBeDefined();
    expect(await db.get('SELECT 1 AS found FROM oauth_models WHERE id = ?', 'short')).toBeDefined();

    vi.setSystemTime(Date.now() + 120_000);
    await tokens.upsert('next', {}, 60);
    expect(await db.get('SELECT 1 AS found FROM oauth_models WHERE id = ?', 'short')).toBeUndefined();
    expect(await tokens.find('forever')).toBeDefined();
  });
});

describe('authorization server keys', () => {
  it('are made once per database and kept', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'crate-oauth-'));
    const [a, b] = [await testDatabase(dir, 'a.db'), await testDatabase(dir, 'b.db')];
    try {
      const first = await Database.open(a.location);
      const keys = { cookies: await cookieKeys(first), jwks: await signingKeys(first) };
      expect(await cookieKeys(first)).toEqual(keys.cookies);
      expect(await signingKeys(first)).toEqual(keys.jwks);
      expect(keys.jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
      await first.close();

      const reopened = await Database.open(a.location);
      expect(await signingKeys(reopened)).toEqual(keys.jwks);
      await reopened.close();

      const other = await Database.open(b.location);
      expect(await cookieKeys(other)).not.toEqual(keys.cookies);
      expect(await signingKeys(other)).not.toEqual(keys.jwks);
      await other.close();
    } finally {
      await a.drop();
      await b.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
