/**
 * The refresh token at rest: in the extension's own IndexedDB, which content scripts cannot open
 * (they run in the page's origin), AES-GCM encrypted with a non-extractable WebCrypto key that
 * lives in the same database as a CryptoKey object. Nothing can read the key's bytes, so a copied
 * database file alone does not give the token away. Never in storage.local: content scripts read
 * that.
 */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/** What signing in leaves behind, bound to the store that issued it. */
export interface Grant {
  refreshToken: string;
  /** Origin of the store (the OAuth issuer) the token belongs to. */
  storeUrl: string;
  username: string;
}

interface SealedGrant {
  iv: Uint8Array<ArrayBuffer>;
  ciphertext: ArrayBuffer;
}

interface VaultSchema extends DBSchema {
  keys: { key: string; value: CryptoKey };
  grants: { key: string; value: SealedGrant };
}

const databaseName = 'crate-vault';
const keyId = 'grant-key';
const grantId = 'current';

let database: Promise<IDBPDatabase<VaultSchema>> | undefined;

function open(): Promise<IDBPDatabase<VaultSchema>> {
  database ??= openDB<VaultSchema>(databaseName, 1, {
    upgrade(db) {
      db.createObjectStore('keys');
      db.createObjectStore('grants');
    },
  });
  return database;
}

async function vaultKey(db: IDBPDatabase<VaultSchema>): Promise<CryptoKey> {
  const existing = await db.get('keys', keyId);
  if (existing) return existing;
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
  try {
    await db.add('keys', key, keyId);
    return key;
  } catch {
    // Another context created the key between our read and our add: use theirs.
    const winner = await db.get('keys', keyId);
    if (!winner) throw new Error('The token vault could not keep its key.');
    return winner;
  }
}

export async function saveGrant(grant: Grant): Promise<void> {
  const db = await open();
  const key = await vaultKey(db);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plaintext = new TextEncoder().encode(JSON.stringify(grant));
  const ciphertext = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plaintext);
  await db.put('grants', { iv, ciphertext }, grantId);
}

/** The stored grant, or null when nobody is signed in or it cannot be decrypted any more. */
export async function loadGrant(): Promise<Grant | null> {
  const db = await open();
  const sealed = await db.get('grants', grantId);
  if (!sealed) return null;
  const key = await db.get('keys', keyId);
  if (!key) return null;
  try {
    const plaintext = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.iv }, key, sealed.ciphertext);
    return JSON.parse(new TextDecoder().decode(plaintext)) as Grant;
  } catch {
    return null;
  }
}

export async function clearGrant(): Promise<void> {
  const db = await open();
  await db.delete('grants', grantId);
}
