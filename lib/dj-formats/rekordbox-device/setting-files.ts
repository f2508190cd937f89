/**
 * The player settings files rekordbox writes at the root of PIONEER/ (DEVSETTING.DAT, MYSETTING.DAT,
 * MYSETTING2.DAT, DJMMYSETTING.DAT), with rekordbox's default values: players look for them on a
 * stick (rex's CDJ-350 reports, rekordcrate's setting module). Layout from rekordcrate's
 * `setting.rs`: a 0x60-byte block of three 32-byte strings (brand, application, version), the data's
 * length, the data, a CRC-16/XMODEM, and two zero bytes. The checksum covers the data, except in
 * DJMMYSETTING.DAT where it covers everything before it.
 */
import { bytes, layout, u16, u32 } from './binary-layout.ts';

interface SettingFile {
  name: string;
  brand: string;
  version: string;
  /** rekordbox's defaults, byte for byte (each byte one setting; rekordcrate names them). */
  data: string;
  checksumOverAll: boolean;
}

const settingFiles: readonly SettingFile[] = [
  {
    name: 'DEVSETTING.DAT',
    brand: 'PIONEER DJ',
    version: '6.6.1',
    data: '7856341201000000010101010101000000000000000000000000000000000000',
    checksumOverAll: false,
  },
  {
    name: 'MYSETTING.DAT',
    brand: 'PIONEER',
    version: '0.001',
    data: '78563412020000008183818881018281810101018280808180818000008100008181818081800000',
    checksumOverAll: false,
  },
  {
    name: 'MYSETTING2.DAT',
    brand: 'PIONEER',
    version: '0.001',
    data: '81808383810000000000808185000000000000000000000000000000000000000000000000000000',
    checksumOverAll: false,
  },
  {
    name: 'DJMMYSETTING.DAT',
    brand: 'PioneerDJ',
    version: '1.000',
    data: '78563412010000002000000081828080818180818080858280000000000000000000000000000000000000000000000000000000',
    checksumOverAll: true,
  },
];

/** CRC-16/XMODEM (polynomial 0x1021, initial 0). */
export function crc16Xmodem(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

function hexBytes(hex: string): Uint8Array {
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
}

const ascii = (text: string, length: number) => {
  const bytes = new Uint8Array(length);
  for (let c = 0; c < text.length && c < length; c++) bytes[c] = text.charCodeAt(c);
  return bytes;
};

/** A settings file's header (crate-digger's `setting_file`), its data after it, then the CRC. */
const settingHeader = layout('le', {
  lenStrings: u32,
  brand: bytes(32),
  software: bytes(32),
  version: bytes(32),
  lenData: u32,
});
const settingTail = layout('le', { checksum: u16, unknown: u16 });

function settingFile(file: SettingFile): Uint8Array {
  const data = hexBytes(file.data);
  const bytesOut = new Uint8Array(settingHeader.size + data.length + settingTail.size);
  settingHeader.write(bytesOut, {
    lenStrings: 0x60,
    brand: ascii(file.brand, 32),
    software: ascii('rekordbox', 32),
    version: ascii(file.version, 32),
    lenData: data.length,
  });
  bytesOut.set(data, settingHeader.size);
  const covered = file.checksumOverAll ? bytesOut.subarray(0, settingHeader.size + data.length) : data;
  settingTail.write(bytesOut, { checksum: crc16Xmodem(covered) }, settingHeader.size + data.length);
  return bytesOut;
}

/** The four files, by name, as they go into PIONEER/. */
export function defaultSettingFiles(): { name: string; bytes: Uint8Array }[] {
  return settingFiles.map((file) => ({ name: file.name, bytes: settingFile(file) }));
}
