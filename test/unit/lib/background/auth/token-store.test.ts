import { openDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { extensionTokenStore } from '../../../../../lib/background/auth/token-store.ts';
import { accessTokenItem, signInNoticeItem } from '../../../../../lib/storage/items.ts';
import { clearGrant, loadGrant } from '../../../../../lib/storage/refresh-token-vault.ts';

const tokens = extensionTokenStore();
const grant = { refreshToken: 'refresh-secret-123', storeUrl: 'http://127.0.0.1:8813', username: 'demo' };
const access = { token: 'access-secret-456', renewAt: Date.now() + 600_000, storeUrl: grant.storeUrl };

/** Everything in the vault database, as stored. */
async function rawVault() {
  const db = await openDB('crate-vault');
  const result = { keys: await db.getAll('keys'), grants: await db.getAll('grants') };
  db.close();
  return result;
}

beforeEach(async () => {
  fakeBrowser.reset();
  await clearGrant();
});

describe('token store', () => {
  it('keeps the refresh token encrypted in IndexedDB and gives it back', async () => {
    await tokens.writeGrant(grant);
    expect(await tokens.readGrant()).toEqual(grant);
    const { keys, grants } = await rawVault();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toBeInstanceOf(CryptoKey);
    expect(keys[0]?.extractable).toBe(false);
    expect(keys[0]?.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    const stored = new TextDecoder().decode(grants[0].ciphertext);
    expect(stored).not.toContain(grant.refreshToken);
    expect(JSON.stringify(grants)).not.toContain(grant.refreshToken);
  });

  it('uses a fresh IV for every write', async () => {
    await tokens.writeGrant(grant);
    const first = (await rawVault()).grants[0].iv;
    await tokens.writeGrant(grant);
    const second = (await rawVault()).grants[0].iv;
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(false);
  });

  it('cannot export the vault key', async () => {
    await tokens.writeGrant(grant);
    const [key] = (await rawVault()).keys;
    await expect(crypto.subtle.exportKey('raw', key as CryptoKey)).rejects.toThrow();
  });

  it('keeps the access token in storage.session and nothing in storage.local', async () => {
    await tokens.writeGrant(grant);
    await tokens.writeAccessToken(access);
    expect(await browser.storage.session.get(null)).toEqual({ accessToken: access });
    const local = JSON.stringify(await browser.storage.local.get(null));
    expect(local).not.toContain(grant.refreshToken);
    expect(local).not.toContain(access.token);
  });

  it('reads null when the ciphertext was tampered with', async () => {
    await tokens.writeGrant(grant);
    const db = await openDB('crate-vault');
    const sealed = await db.get('grants', 'current');
    const bytes = new Uint8Array(sealed.ciphertext);
    bytes.set([(bytes[0] ?? 0) ^ 1]);
    await db.put('grants', sealed, 'current');
    db.close();
    expect(await loadGrant()).toBeNull();
  });

  it('forgets both tokens on sign-out and records why', async () => {
    await tokens.writeGrant(grant);
    await tokens.writeAccessToken(access);
    await tokens.signOut('The store ended your session. Sign in again.');
    expect(await tokens.readGrant()).toBeNull();
    expect(await accessTokenItem.getValue()).toBeNull();
    expect(await signInNoticeItem.getValue()).toBe('The store ended your session. Sign in again.');
    await tokens.signOut(null);
    expect(await signInNoticeItem.getValue()).toBeNull();
  });
});
