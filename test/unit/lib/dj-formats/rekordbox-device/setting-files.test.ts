import { describe, expect, it } from 'vitest';
import {
  crc16Xmodem,
  defaultSettingFiles,
} from '../../../../../lib/dj-formats/rekordbox-device/setting-files.ts';

describe('defaultSettingFiles', () => {
  it('computes CRC-16/XMODEM as its catalogue gives it', () => {
    expect(crc16Xmodem(new TextEncoder().encode('123456789'))).toBe(0x31c3);
  });

  it('writes the four files with their header, data length and checksum', () => {
    const files = defaultSettingFiles();
    expect(files.map((f) => [f.name, f.bytes.length])).toEqual([
      ['DEVSETTING.DAT', 140],
      ['MYSETTING.DAT', 148],
      ['MYSETTING2.DAT', 148],
      ['DJMMYSETTING.DAT', 160],
    ]);
    for (const { name, bytes } of files) {
      const view = new DataView(bytes.buffer);
      expect(view.getUint32(0, true)).toBe(0x60);
      expect(new TextDecoder().decode(bytes.subarray(36, 45))).toBe('rekordbox');
      const length = view.getUint32(100, true);
      const covered =
        name === 'DJMMYSETTING.DAT' ? bytes.subarray(0, 104 + length) : bytes.subarray(104, 104 + length);
      expect(view.getUint16(104 + length, true)).toBe(crc16Xmodem(covered));
      expect(view.getUint16(106 + length, true)).toBe(0);
    }
  });
});
