import { describe, expect, it } from 'vitest';
import {
  decodeDeviceSqlString,
  encodeDeviceSqlString,
} from '../../../../../lib/dj-formats/rekordbox-device/device-sql-string.ts';

describe('DeviceSQL strings', () => {
  it('writes short ASCII with its length in the first byte, as rekordbox does', () => {
    expect([...encodeDeviceSqlString('ON')]).toEqual([0x07, 0x4f, 0x4e]);
    expect([...encodeDeviceSqlString('')]).toEqual([0x03]);
  });

  it('writes UTF-16LE with a four-byte header beyond ASCII or 126 characters', () => {
    expect([...encodeDeviceSqlString('é')]).toEqual([0x90, 0x06, 0x00, 0x00, 0xe9, 0x00]);
    const long = 'a'.repeat(127);
    expect(encodeDeviceSqlString(long)[0]).toBe(0x90);
    expect(decodeDeviceSqlString(encodeDeviceSqlString(long), 0)).toEqual({ text: long, length: 4 + 254 });
  });

  it('reads long ASCII as rekordbox writes it for some rows', () => {
    const bytes = new Uint8Array([0x40, 0x07, 0x00, 0x00, 0x61, 0x62, 0x63]);
    expect(decodeDeviceSqlString(bytes, 0)).toEqual({ text: 'abc', length: 7 });
  });
});
