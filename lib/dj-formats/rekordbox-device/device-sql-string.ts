/**
 * DeviceSQL strings, as export.pdb stores every text (Deep Symmetry's database analysis,
 * crate-digger's rekordbox_pdb.ksy `device_sql_string`): short ASCII up to 126 bytes (one byte
 * holding the length), long ASCII (0x40), or UTF-16LE (0x90) for anything outside ASCII. rekordbox
 * writes short ASCII when it can, UTF-16LE otherwise; so do we.
 */
import { layout, u8, u16 } from './binary-layout.ts';

/** The header of a long string (0x40 ASCII, 0x90 UTF-16LE): its kind, its length with the header. */
const longHeader = layout('le', { kind: u8, length: u16, unknown: u8 });
const utf16Unit = layout('le', { unit: u16 });

const shortAsciiMax = 126;
const longHeaderBytes = longHeader.size;

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7e) return false;
  return true;
}

/** `text` as DeviceSQL bytes. */
export function encodeDeviceSqlString(text: string): Uint8Array {
  if (isAscii(text) && text.length <= shortAsciiMax) {
    const bytes = new Uint8Array(1 + text.length);
    bytes[0] = ((text.length + 1) << 1) | 1;
    for (let i = 0; i < text.length; i++) bytes[1 + i] = text.charCodeAt(i);
    return bytes;
  }
  return encodeUtf16(text);
}

/** UTF-16LE DeviceSQL bytes whatever the text: the columns table's names are stored so. */
export function encodeUtf16(text: string): Uint8Array {
  const length = longHeaderBytes + text.length * 2;
  const bytes = new Uint8Array(length);
  longHeader.write(bytes, { kind: 0x90, length });
  for (let i = 0; i < text.length; i++)
    utf16Unit.write(bytes, { unit: text.charCodeAt(i) }, longHeaderBytes + i * utf16Unit.size);
  return bytes;
}

/** The string at `offset` of `bytes`, and how many bytes it takes. */
export function decodeDeviceSqlString(bytes: Uint8Array, offset: number): { text: string; length: number } {
  const kind = bytes[offset];
  if (kind === 0x40 || kind === 0x90) {
    const { length } = longHeader.read(bytes, offset);
    let text = '';
    if (kind === 0x40) {
      for (let i = longHeaderBytes; i < length; i++) text += String.fromCharCode(bytes[offset + i] ?? 0);
    } else {
      for (let i = longHeaderBytes; i + 1 < length; i += 2)
        text += String.fromCharCode(utf16Unit.read(bytes, offset + i).unit);
    }
    return { text, length };
  }
  if (kind === undefined || (kind & 1) === 0) throw new Error(`Not a DeviceSQL string at ${offset}`);
  const length = kind >> 1;
  let text = '';
  for (let i = 1; i < length; i++) text += String.fromCharCode(bytes[offset + i] ?? 0);
  return { text, length };
}
