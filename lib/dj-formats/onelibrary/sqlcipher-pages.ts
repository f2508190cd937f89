/**
 * OneLibrary's exportLibrary.db is a SQLite file encrypted as SQLCipher 4 encrypts it, with its
 * default settings (rekordbox keeps them; pyrekordbox opens it with only the passphrase):
 * 4096-byte pages each ending in 80 reserved bytes (a 16-byte IV, then a 64-byte HMAC-SHA512),
 * AES-256-CBC without padding, key = PBKDF2-HMAC-SHA512(passphrase, salt, 256000), HMAC key =
 * PBKDF2-HMAC-SHA512(key, salt XOR 0x3a, 2), salt = the file's first 16 bytes (where the plain
 * file has "SQLite format 3\0"). Page 1's encrypted part starts after the salt. The HMAC covers the
 * encrypted part, the IV and the page number (little-endian uint32).
 *
 * Web Crypto only (no native SQLCipher), so the same code runs in the extension and in Node.
 */

/**
 * The passphrase rekordbox encrypts every exportLibrary.db with, the same for all sticks: published
 * by pyrekordbox (devicelib_plus/database.py, stored obfuscated there; deobfuscated with its
 * utils.deobfuscate) and used by other readers of OneLibrary sticks.
 */
export const rekordboxPassphrase = 'r8gddnr4k847830ar6cqzbkk0el6qytmb3trbbx805jm74vez64i5o8fnrqryqls';

export const pageSize = 4096;
/** The plain file's header byte 20 must say this, so SQLite leaves the space SQLCipher fills. */
export const reservedBytes = 80;
const ivBytes = 16;
const hmacBytes = 64;
const saltBytes = 16;
const kdfIterations = 256_000;
const hmacKdfIterations = 2;
const hmacSaltMask = 0x3a;
const sqliteMagic = new TextEncoder().encode('SQLite format 3\0');

/** Why bytes are not a SQLCipher 4 database under the passphrase. */
export class NotSqlCipherError extends Error {
  constructor(reason: string) {
    super(`Not a SQLCipher 4 database under this key: ${reason}`);
    this.name = 'NotSqlCipherError';
  }
}

interface PageKeys {
  salt: Uint8Array<ArrayBuffer>;
  aes: CryptoKey;
  hmac: CryptoKey;
}

async function pbkdf2(secret: Uint8Array<ArrayBuffer>, salt: Uint8Array<ArrayBuffer>, iterations: number) {
  const material = await crypto.subtle.importKey('raw', secret, 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-512', salt, iterations },
    material,
    256,
  );
  return new Uint8Array(bits);
}

/**
 * The keys of the salts met lately: a write derives them for the file it encrypts and again to read
 * it back (256,000 rounds of SHA-512, a third of a second each); a salt is random per file, so a key
 * found here is that file's.
 */
const recentKeys = new Map<string, Promise<PageKeys>>();
const recentLimit = 8;

function pageKeys(passphrase: string, salt: Uint8Array<ArrayBuffer>): Promise<PageKeys> {
  const id = `${passphrase}\n${Array.from(salt, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
  let keys = recentKeys.get(id);
  if (!keys) {
    keys = derivePageKeys(passphrase, salt);
    recentKeys.set(id, keys);
    keys.catch(() => recentKeys.delete(id));
    if (recentKeys.size > recentLimit) recentKeys.delete(recentKeys.keys().next().value as string);
  }
  return keys;
}

async function derivePageKeys(passphrase: string, salt: Uint8Array<ArrayBuffer>): Promise<PageKeys> {
  const key = await pbkdf2(new TextEncoder().encode(passphrase), salt, kdfIterations);
  const hmacSalt = salt.map((byte) => byte ^ hmacSaltMask);
  const hmacKey = await pbkdf2(key, hmacSalt, hmacKdfIterations);
  return {
    salt,
    aes: await crypto.subtle.importKey('raw', key, 'AES-CBC', false, ['encrypt', 'decrypt']),
    hmac: await crypto.subtle.importKey('raw', hmacKey, { name: 'HMAC', hash: 'SHA-512' }, false, [
      'sign',
      'verify',
    ]),
  };
}

/** What the HMAC signs: the encrypted part and IV as they sit in the page, then the page number. */
function signedPart(page: Uint8Array<ArrayBuffer>, start: number, pageNumber: number) {
  const signed = new Uint8Array(pageSize - start - hmacBytes + 4);
  signed.set(page.subarray(start, pageSize - hmacBytes));
  new DataView(signed.buffer).setUint32(signed.length - 4, pageNumber, true);
  return signed;
}

/** Checks the plain file can carry SQLCipher's reserved bytes; throws otherwise. */
function checkPlainHeader(plain: Uint8Array) {
  const header = new DataView(plain.buffer, plain.byteOffset, plain.byteLength);
  if (plain.length === 0 || plain.length % pageSize !== 0)
    throw new RangeError('A SQLite file of whole 4096-byte pages is needed');
  if (!sqliteMagic.every((byte, i) => plain[i] === byte)) throw new RangeError('Not a SQLite file');
  if (header.getUint16(16) !== pageSize) throw new RangeError(`SQLite page size must be ${pageSize}`);
  if (plain[20] !== reservedBytes)
    throw new RangeError(`SQLite header must reserve ${reservedBytes} bytes per page`);
}

/** Encrypts a plain SQLite file (4096-byte pages, 80 reserved bytes) with a fresh salt and IVs. */
export async function encryptDatabase(
  plain: Uint8Array,
  passphrase: string,
): Promise<Uint8Array<ArrayBuffer>> {
  checkPlainHeader(plain);
  const keys = await pageKeys(passphrase, crypto.getRandomValues(new Uint8Array(saltBytes)));
  const out = new Uint8Array(plain.length);
  for (let offset = 0; offset < plain.length; offset += pageSize) {
    const pageNumber = offset / pageSize + 1;
    const start = pageNumber === 1 ? saltBytes : 0;
    const page = out.subarray(offset, offset + pageSize);
    const iv = crypto.getRandomValues(new Uint8Array(ivBytes));
    const body = plain.slice(offset + start, offset + pageSize - reservedBytes);
    // Web Crypto always pads; the body is whole blocks, so the last 16 bytes are only the padding.
    const encrypted = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-CBC', iv }, keys.aes, body));
    page.set(encrypted.subarray(0, body.length), start);
    page.set(iv, pageSize - reservedBytes);
    const pageCopy = page.slice();
    const mac = await crypto.subtle.sign('HMAC', keys.hmac, signedPart(pageCopy, start, pageNumber));
    page.set(new Uint8Array(mac), pageSize - hmacBytes);
  }
  out.set(keys.salt, 0);
  return out;
}

/**
 * Decrypts a SQLCipher 4 file to the plain SQLite file, checking every page's HMAC: a file under
 * another key, cut short or changed by hand throws NotSqlCipherError rather than yield wrong rows.
 */
export async function decryptDatabase(
  encrypted: Uint8Array,
  passphrase: string,
): Promise<Uint8Array<ArrayBuffer>> {
  if (encrypted.length === 0 || encrypted.length % pageSize !== 0)
    throw new NotSqlCipherError('not whole 4096-byte pages');
  const keys = await pageKeys(passphrase, encrypted.slice(0, saltBytes));
  const plain = new Uint8Array(encrypted.length);
  for (let offset = 0; offset < encrypted.length; offset += pageSize) {
    const pageNumber = offset / pageSize + 1;
    const start = pageNumber === 1 ? saltBytes : 0;
    const page = encrypted.slice(offset, offset + pageSize);
    const mac = page.slice(pageSize - hmacBytes);
    if (!(await crypto.subtle.verify('HMAC', keys.hmac, mac, signedPart(page, start, pageNumber))))
      throw new NotSqlCipherError(`page ${pageNumber} fails its HMAC`);
    const iv = page.slice(pageSize - reservedBytes, pageSize - hmacBytes);
    const body = page.subarray(start, pageSize - reservedBytes);
    // Web Crypto wants PKCS#7 padding: encrypting nothing chained after the last block yields the
    // block that pads it, so the real blocks decrypt unchanged.
    const lastBlock = body.slice(body.length - 16);
    const padding = new Uint8Array(
      await crypto.subtle.encrypt({ name: 'AES-CBC', iv: lastBlock }, keys.aes, new Uint8Array(0)),
    );
    const padded = new Uint8Array(body.length + 16);
    padded.set(body);
    padded.set(padding, body.length);
    const decrypted = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-CBC', iv }, keys.aes, padded));
    plain.set(decrypted, offset + start);
  }
  plain.set(sqliteMagic, 0);
  return plain;
}
