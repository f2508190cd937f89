/**
 * Bytes without Node's Buffer, so the formats run in the extension as in the store: joining,
 * Latin-1, UTF-8, UTF-16 and base64 text.
 */

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Latin-1: each character one byte (the caller keeps to U+0000-U+00FF). */
export const latin1Bytes = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0) & 0xff);

/**
 * Latin-1 text of bytes, each byte its own character (TextDecoder's "latin1" is Windows-1252, which
 * reads 0x80-0x9F as other characters).
 */
export function latin1Text(bytes: Uint8Array): string {
  let text = '';
  for (let at = 0; at < bytes.length; at += 0x8000)
    text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return text;
}

export const utf8Bytes = (text: string) => new TextEncoder().encode(text);

/** UTF-16 code unit by code unit (surrogate pairs stay pairs), big- or little-endian. */
export function utf16Bytes(text: string, littleEndian = false): Uint8Array {
  const bytes = new Uint8Array(text.length * 2);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < text.length; i++) view.setUint16(i * 2, text.charCodeAt(i), littleEndian);
  return bytes;
}

/** "#ff8000" or "ff8000" as its three bytes. */
export const hexBytes = (hex: string) =>
  Uint8Array.from(hex.replace(/^#/, '').match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));

/** Base64 with its "=" padding. */
export const base64Of = (bytes: Uint8Array) => btoa(latin1Text(bytes));

/**
 * Base64, padded or not, as bytes. A text one character past a whole group (length 4n + 1) has a
 * character that holds no whole byte: Serato writes one after bytes that fill their groups
 * (github.com/Holzhaus/serato-tags), and it is passed by.
 */
export const bytesOfBase64 = (text: string) => {
  const bare = text.replace(/[^A-Za-z0-9+/]/g, '');
  const whole = bare.length % 4 === 1 ? bare.slice(0, -1) : bare;
  return latin1Bytes(atob(whole.padEnd(Math.ceil(whole.length / 4) * 4, '=')));
};
